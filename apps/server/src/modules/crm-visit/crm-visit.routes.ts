import type { crmSettingsRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TVisitService } from './crm-visit.service.js';

type TVisitHandlers = Pick<
  THandlers<typeof crmSettingsRoutes>,
  'visitPage' | 'visitPagePlus' | 'visitAdd' | 'visitDelete'
>;

/** 回访 (company/upList): the visit routes of the CRM settings table, thin handlers over the visit service. */
export const crmVisitHandlers = (visits: TVisitService): TVisitHandlers => ({
  visitPage: (ctx) => visits.page(ctx, ctx.input),
  visitPagePlus: (ctx) => visits.pagePlus(ctx, ctx.input),
  visitAdd: (ctx) => visits.add(ctx, ctx.input),
  visitDelete: (ctx) => visits.delete(ctx, ctx.input.ids),
});
