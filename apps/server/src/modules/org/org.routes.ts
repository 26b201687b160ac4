import type { orgRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TOrgService } from './org.service.js';

export const orgHandlers = (org: TOrgService): THandlers<typeof orgRoutes> => ({
  userInfo: (ctx) => org.userInfo(ctx),
  bhInfo: (ctx) => org.bhInfo(ctx),
  modifyHeadUrl: (ctx) => org.modifyHeadUrl(ctx, ctx.input.headUrl),
  // The SMS code's tries count in statements of their own: a wrong code must stay counted.
  updatePhone: detached((ctx) => org.updatePhone(ctx.auth, ctx.input)),
  updateRealName: (ctx) => org.updateRealName(ctx, ctx.input.realName),
  menuNav: (ctx) => org.menuNav(ctx.auth, ctx.tx),
  selectMenu: (ctx) => org.selectMenu(ctx.auth),
  selectMenuButton: (ctx) => org.selectMenuButton(ctx.auth, ctx.input.menuId),
  onboardingChecklist: (ctx) => org.onboardingChecklist(ctx),
});
