import type { orgRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TOrgService } from './org.service.js';

export const orgHandlers = (org: TOrgService): THandlers<typeof orgRoutes> => ({
  userInfo: (ctx) => org.userInfo(ctx.auth),
  bhInfo: (ctx) => org.bhInfo(ctx.auth),
  modifyHeadUrl: (ctx) => org.modifyHeadUrl(ctx.auth, ctx.input.headUrl),
  updatePhone: (ctx) => org.updatePhone(ctx.auth, ctx.input),
  updateRealName: (ctx) => org.updateRealName(ctx.auth, ctx.input.realName),
  menuNav: (ctx) => org.menuNav(ctx.auth),
  selectMenu: () => org.selectMenu(),
  selectMenuButton: (ctx) => org.selectMenuButton(ctx.input.menuId),
});
