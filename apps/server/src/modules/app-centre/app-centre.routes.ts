import type { appCentreRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TAppCentreService } from './app-centre.service.js';

export const appCentreHandlers = (apps: TAppCentreService): THandlers<typeof appCentreRoutes> => ({
  appList: (ctx) => apps.list(ctx),
  appInfo: (ctx) => apps.info(ctx, ctx.input),
  appSwitch: (ctx) => apps.switch(ctx, ctx.input),
  appTrial: (ctx) => apps.trial(ctx, ctx.input),
  appCatalogue: (ctx) => apps.catalogue(ctx),
  appCatalogueSave: (ctx) => apps.saveCatalogue(ctx, ctx.input),
});
