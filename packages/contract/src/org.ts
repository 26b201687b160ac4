import { z } from 'zod';
import { ZEmpty, ZMobile, ZSmsCode } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('org');

/** Authentication state of an enterprise (spec section 3). */
export const authStateLabel = (state: number): string =>
  ({ 0: '未认证', 1: '个人认证', 2: '企业认证' })[state] ?? '其他';

export const ZUserInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  mobile: z.string(),
  headUrl: z.string().nullable(),
  enterpriseName: z.string(),
  tenantCode: z.string(),
  superTenant: z.union([z.literal(0), z.literal(1)]),
  deptName: z.string().nullable(),
  roleNames: z.array(z.string()),
  permissions: z.array(z.string()),
  authState: z.number().int(),
  authStateLabel: z.string(),
  wechatBound: z.boolean(),
  lastLoginAt: z.number().nullable(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZMenu: z.ZodType<TMenuOut> = z.lazy(() =>
  z.object({
    menuId: z.string(),
    name: z.string(),
    url: z.string(),
    icon: z.string(),
    type: z.number().int(),
    perms: z.string().nullable(),
    inMenu: z.boolean(),
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
      userId: z.number().int(),
      jobNumber: z.string(),
      tenantCode: z.string(),
      enterpriseName: z.string(),
      deptName: z.string().nullable(),
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
    request: z.object({ mobile: ZMobile, code: ZSmsCode }),
    response: z.null(),
  }),
  updateRealName: route({
    method: 'POST',
    path: '/base/sys/user/updateRealName',
    summary: '修改姓名',
    audited: true,
    request: z.object({
      realName: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(32, '姓名最多32个字'),
    }),
    response: z.null(),
  }),
  menuNav: route({
    method: 'GET',
    path: '/base/sys/menu/nav',
    summary: '获取导航菜单',
    request: z.object({}),
    response: z.object({ menuList: z.array(ZMenu), permissions: z.array(z.string()) }),
  }),
  selectMenu: route({
    method: 'GET',
    path: '/base/sys/menu/selectMenu',
    summary: '菜单树（角色配置用）',
    permission: Perm.roleList,
    request: z.object({}),
    response: z.array(ZMenu),
  }),
  selectMenuButton: route({
    method: 'GET',
    path: '/base/sys/menu/selectMenuButton',
    summary: '按钮权限列表（角色配置用）',
    permission: Perm.roleList,
    request: z.object({ menuId: z.string().max(20).optional() }),
    response: z.array(z.object({ menuId: z.string(), name: z.string(), perms: z.string(), parentName: z.string() })),
  }),
};

/** 操作记录, the enterprise's view of the operation log (in the 企业管理 folder). */
export const orgMenuNodes: TMenuNode[] = [
  menuScreen('7050', '操作记录', 'company/operationRecord', 'FileSearchOutlined', Perm.logList),
];
