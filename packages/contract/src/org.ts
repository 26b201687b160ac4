import { z } from 'zod';
import { ZEmpty, ZMobileCode, zBoolean, zInt, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { ZRealName } from './org-common.js';
import { orgOnboardingRoutes } from './org-onboarding.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

export { authStateLabel } from './org-labels.js';
export * from './org-onboarding.js';

const route = routesOf('org');

export const ZUserInfo = z.object({
  userId: zInt,
  username: zString,
  realName: zString,
  mobile: zString,
  headUrl: zString.nullable(),
  enterpriseName: zString,
  tenantCode: zString,
  superTenant: z.union([z.literal(0), z.literal(1)]),
  deptName: zString.nullable(),
  roleNames: z.array(zString),
  permissions: z.array(zString),
  authState: zInt,
  authStateLabel: zString,
  wechatBound: zBoolean,
  lastLoginAt: z.number().nullable(),
  /** A valid seat on a soft-phone line now: the shell shows the soft-phone only then. */
  hasSoftphoneSeat: zBoolean,
  /**
   * The enterprise's administrator (not the platform operator): his home shows the onboarding
   * checklist. Always sent; optional so user fixtures written before it stay valid.
   */
  isAdmin: zBoolean.optional(),
  /** Someone else set the password: the web sends him to change it first. */
  mustChangePassword: zBoolean.optional(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZMenu: z.ZodType<TMenuOut> = z.lazy(() =>
  z.object({
    menuId: zString,
    name: zString,
    url: zString,
    icon: zString,
    type: zInt,
    perms: zString.nullable(),
    inMenu: zBoolean,
    list: z.array(ZMenu).optional(),
  }),
);
export type TMenuOut = {
  menuId: string;
  name: string;
  url: string;
  icon: string;
  type: number;
  perms: string | null;
  inMenu: boolean;
  list?: TMenuOut[];
};

export const orgRoutes = {
  ...orgOnboardingRoutes,
  userInfo: route({
    method: 'POST',
    path: '/base/sys/user/get-user-info',
    summary: '获取用户信息',
    request: ZEmpty.optional(),
    response: ZUserInfo,
  }),
  bhInfo: route({
    method: 'POST',
    path: '/base/sys/user/get-bh-info',
    summary: '获取工号信息',
    request: ZEmpty.optional(),
    response: z.object({
      userId: zInt,
      jobNumber: zString,
      tenantCode: zString,
      enterpriseName: zString,
      deptName: zString.nullable(),
    }),
  }),
  modifyHeadUrl: route({
    method: 'POST',
    path: '/base/sys/user/modifyHeadUrl',
    summary: '修改头像',
    audited: true,
    request: z.object({ headUrl: z.string({ error: '请上传头像' }).min(1, '请上传头像').max(300, '头像地址过长') }),
    response: z.null(),
  }),
  updatePhone: route({
    method: 'POST',
    path: '/base/sys/user/update-phone',
    summary: '修改手机号',
    audited: true,
    request: ZMobileCode,
    response: z.null(),
  }),
  updateRealName: route({
    method: 'POST',
    path: '/base/sys/user/updateRealName',
    summary: '修改姓名',
    audited: true,
    request: z.object({
      realName: ZRealName,
    }),
    response: z.null(),
  }),
  menuNav: route({
    method: 'GET',
    path: '/base/sys/menu/nav',
    readOnly: true,
    summary: '获取导航菜单',
    request: z.object({}),
    response: z.object({ menuList: z.array(ZMenu), permissions: z.array(zString) }),
  }),
  selectMenu: route({
    method: 'GET',
    path: '/base/sys/menu/selectMenu',
    readOnly: true,
    summary: '菜单树（角色配置用）',
    permission: Perm.roleList,
    request: z.object({}),
    response: z.array(ZMenu),
  }),
  selectMenuButton: route({
    method: 'GET',
    path: '/base/sys/menu/selectMenuButton',
    readOnly: true,
    summary: '按钮权限列表（角色配置用）',
    permission: Perm.roleList,
    request: z.object({ menuId: z.string().max(20).optional() }),
    response: z.array(z.object({ menuId: zString, name: zString, perms: zString, parentName: zString })),
  }),
};

/** 操作记录, the enterprise's view of the operation log (in the 企业管理 folder). */
export const orgMenuNodes: TMenuNode[] = [
  menuScreen('7050', '操作记录', 'company/operationRecord', 'FileSearchOutlined', Perm.logList),
];
