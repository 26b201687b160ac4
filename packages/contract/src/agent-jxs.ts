import { z } from 'zod';
import { JxsPerm, jxsLeadStatuses, jxsStatuses } from './agent-jxs-labels.js';
import { AgentPerm } from './agent-labels.js';
import { ZTransferEnterprise } from './agent-transfer.js';
import { ZMobile, ZNull, ZPageQuery, ZPassword, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { ZMenu } from './org.js';
import { ZAccount, ZContactName, zId, zIds } from './org-common.js';
import { routesOf } from './route.js';

export * from './agent-jxs-labels.js';

const route = routesOf('agent');

// 经销商 (spec section 7 "Distributor": jxs-user page / month-use / create-jxs-info /
// get-menu-routing, jxs-unlock-list page / export / move-crm / delete; decision 0020 "Distributors").

const ZText = (max: number, label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}最多${max}个字`);
const ZFilter = (label: string) => ZText(64, label).optional();

export const ZJxsUser = z.object({
  id: zInt,
  userId: zInt,
  name: zString,
  contactName: zString,
  mobile: zString,
  username: zString,
  inviteCode: zString,
  status: z.enum(jxsStatuses),
  enterpriseCount: zInt,
  createdByName: zString,
  createdAt: ZTime,
});
export type TJxsUser = z.infer<typeof ZJxsUser>;

export const ZJxsCreate = z.object({
  name: z.string({ error: '请输入经销商名称' }).trim().min(2, '经销商名称至少2个字').max(64, '经销商名称最多64个字'),
  contactName: ZContactName,
  mobile: ZMobile,
  username: ZAccount,
  /** Optional: without it the server makes one and answers it once; either way it must be changed at first sign-in. */
  password: ZPassword.optional(),
});
export type TJxsCreate = z.infer<typeof ZJxsCreate>;

/** 月度使用: one distributor's month. Money in fen, time in seconds. */
export const ZJxsMonthUse = z.object({
  distributorId: zInt,
  name: zString,
  status: z.enum(jxsStatuses),
  /** Enterprises it brought, registered before the month ended. */
  enterprises: zInt,
  /** Of which registered in the month. */
  newEnterprises: zInt,
  /** Seat months bought or renewed in the month. */
  seatMonths: zInt,
  billedSeconds: zInt,
  /** Orders paid in the month through the agent, and the agent's margin on them. */
  orderAmount: zInt,
  margin: zInt,
});
export type TJxsMonthUse = z.infer<typeof ZJxsMonthUse>;

const ZMonth = z
  .string({ error: '月份格式不正确' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式不正确')
  .optional();

export const ZJxsLead = z.object({
  id: zInt,
  distributorId: zInt,
  distributorName: zString,
  companyName: zString,
  contactName: zString,
  /** Masked when it moved into an enterprise whose privacy switch is on. */
  mobile: zString,
  industry: zString,
  region: zString,
  status: z.enum(jxsLeadStatuses),
  enterpriseId: zInt.nullable(),
  enterpriseName: zString.nullable(),
  movedAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TJxsLead = z.infer<typeof ZJxsLead>;

const ZLeadFilter = z.object({
  companyName: ZFilter('公司名称'),
  mobile: ZText(11, '手机号').optional(),
  industry: ZFilter('行业'),
  distributorId: zId('经销商').optional(),
  status: z.enum(jxsLeadStatuses, { error: '状态不正确' }).optional(),
});

export const ZJxsLeadAdd = z.object({
  companyName: z.string({ error: '请输入公司名称' }).trim().min(2, '公司名称至少2个字').max(64, '公司名称最多64个字'),
  contactName: ZText(32, '联系人').default(''),
  mobile: ZMobile,
  industry: ZText(32, '行业').default(''),
  region: ZText(32, '地区').default(''),
});

export const ZJxsMoveResult = z.object({
  /** Moved now. */
  moved: zInt,
  /** Already moved before (by this request's twin or earlier): left as they were. */
  alreadyMoved: zInt,
  /** Refused by the enterprise's CRM rules (a duplicate, a blacklisted number…), each with the reason. */
  refused: z.array(z.object({ id: zInt, companyName: zString, reason: zString })),
});
export type TJxsMoveResult = z.infer<typeof ZJxsMoveResult>;

export const agentJxsRoutes = {
  jxsUserPage: route({
    method: 'GET',
    path: '/base/agent/jxs-user/page',
    readOnly: true,
    summary: '经销商列表',
    permission: JxsPerm.manage,
    request: ZPageQuery.extend({
      name: ZFilter('名称'),
      mobile: ZText(11, '手机号').optional(),
      status: z.enum(jxsStatuses, { error: '状态不正确' }).optional(),
    }),
    response: zPage(ZJxsUser),
  }),
  createJxsInfo: route({
    method: 'POST',
    path: '/base/agent/jxs-user/create-jxs-info',
    summary: '新增经销商',
    permission: JxsPerm.manage,
    audited: true,
    request: ZJxsCreate,
    response: z.object({ id: zInt, inviteCode: zString, initialPassword: zString.nullable() }),
  }),
  jxsUserStatus: route({
    method: 'POST',
    path: '/base/agent/jxs-user/update-status',
    summary: '启用或停用经销商',
    permission: JxsPerm.manage,
    audited: true,
    request: z.object({ id: zId('经销商'), status: z.enum(jxsStatuses, { error: '状态只能是正常或已停用' }) }),
    response: ZNull,
  }),
  /**
   * The menu a distributor's console shows: the menu `/base/sys/menu/nav` serves, filtered to what
   * the agent's 经销商 role opens now (its strings as made when none exists yet).
   */
  jxsMenuRouting: route({
    method: 'GET',
    path: '/base/agent/jxs-user/get-menu-routing',
    readOnly: true,
    summary: '经销商菜单',
    permission: JxsPerm.manage,
    request: z.object({}),
    response: z.object({
      roleName: zString,
      /** Whether the role is active; a disabled one grants nothing, leaving what everyone opens. */
      isActive: zBoolean,
      permissions: z.array(zString),
      menuList: z.array(ZMenu),
    }),
  }),
  jxsMonthUse: route({
    method: 'GET',
    path: '/base/agent/jxs-user/month-use',
    readOnly: true,
    summary: '经销商月度使用',
    permission: JxsPerm.use,
    request: ZPageQuery.extend({ month: ZMonth, name: ZFilter('名称') }),
    response: zPage(ZJxsMonthUse),
  }),
  jxsMonthUseExport: route({
    method: 'POST',
    path: '/base/agent/jxs-user/month-use/export',
    readOnly: true,
    summary: '导出经销商月度使用',
    permission: JxsPerm.use,
    result: 'blob',
    request: z.object({ month: ZMonth, name: ZFilter('名称') }),
    response: z.unknown(),
  }),
  jxsUnlockPage: route({
    method: 'GET',
    path: '/base/agent/jxs-unlock-list/page',
    readOnly: true,
    summary: '解锁名单',
    permission: JxsPerm.unlock,
    request: ZPageQuery.extend(ZLeadFilter.shape),
    response: zPage(ZJxsLead),
  }),
  jxsUnlockAdd: route({
    method: 'POST',
    path: '/base/agent/jxs-unlock-list/add',
    summary: '新增解锁线索',
    permission: JxsPerm.unlock,
    audited: true,
    request: ZJxsLeadAdd,
    response: ZJxsLead,
  }),
  jxsUnlockExport: route({
    method: 'POST',
    path: '/base/agent/jxs-unlock-list/export',
    readOnly: true,
    summary: '导出解锁名单',
    permission: JxsPerm.unlock,
    result: 'blob',
    request: ZLeadFilter,
    response: z.unknown(),
  }),
  jxsUnlockEnterprises: route({
    method: 'GET',
    path: '/base/agent/jxs-unlock-list/enterprises',
    readOnly: true,
    summary: '可转入的企业',
    permission: JxsPerm.unlock,
    request: z.object({}),
    response: z.array(ZTransferEnterprise),
  }),
  jxsUnlockMoveCrm: route({
    method: 'POST',
    path: '/base/agent/jxs-unlock-list/move-crm',
    summary: '解锁名单转入企业CRM',
    permission: JxsPerm.unlock,
    audited: true,
    request: z.object({ ids: zIds('线索'), enterpriseId: zId('企业') }),
    response: ZJxsMoveResult,
  }),
  jxsUnlockDelete: route({
    method: 'POST',
    path: '/base/agent/jxs-unlock-list/delete',
    summary: '删除解锁线索',
    permission: JxsPerm.unlock,
    audited: true,
    request: z.object({ ids: zIds('线索') }),
    response: ZNull,
  }),
};

/** The distributor screens of the agent console. A distributor's role holds 我的企业, 邀请码, 月度使用, 解锁名单. */
export const agentJxsMenuNodes: TMenuNode[] = [
  menuScreen('5110', '经销商管理', 'agent/jxs', 'IdcardOutlined', JxsPerm.manage),
  menuScreen('5120', '月度使用', 'agent/jxs-use', 'BarChartOutlined', JxsPerm.use),
  menuScreen('5130', '解锁名单', 'agent/jxs-unlock', 'UnlockOutlined', JxsPerm.unlock),
];

/** The strings of the 经销商 role (jxsRoleName). */
export const jxsRolePermissions = [AgentPerm.enterpriseList, AgentPerm.inviteView, JxsPerm.use, JxsPerm.unlock];
