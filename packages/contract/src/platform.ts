import { z } from 'zod';
import { ZEnterpriseCreate } from './auth.js';
import { CertPerm } from './certification-labels.js';
import { ZNull, ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { enterpriseStatuses } from './platform-labels.js';
import { routesOf } from './route.js';
import { TradePerm } from './trade-labels.js';

export { enterpriseStatuses, enterpriseStatusLabel } from './platform-labels.js';

const route = routesOf('platform');

export const ZEnterpriseStatus = z.enum(enterpriseStatuses, { error: '企业状态不正确' });

export const ZEnterprise = z.object({
  id: zInt,
  code: zString,
  name: zString,
  status: ZEnterpriseStatus,
  statusReason: zString,
  authState: zInt,
  authStateLabel: zString,
  /** The first administrator (the one who registered). */
  adminName: zString.nullable(),
  adminMobile: zString.nullable(),
  userCount: zInt,
  /** The reseller (代理商) whose invitation code it registered with, and the distributor (经销商) of it; null: directly. */
  agentName: zString.nullable(),
  distributorName: zString.nullable(),
  createdAt: ZTime,
  examinedAt: ZTime.nullable(),
});
export type TEnterprise = z.infer<typeof ZEnterprise>;

const ZReason = z.string().trim().max(200, '原因最多200个字').default('');

/** What waits for the platform operator (his home): each count links to its queue. */
export const ZPlatformWaiting = z.object({
  /** Registrations to examine (企业列表, status 待审核). */
  registrations: zInt,
  /** Enterprise authentications to examine (认证审核). */
  certifications: zInt,
  /** 坐席退订 applications to examine (退款审核). */
  seatCancellations: zInt,
  /** Other refund applications to examine (退款审核: package unsubscriptions, when they come). */
  refunds: zInt,
});
export type TPlatformWaiting = z.infer<typeof ZPlatformWaiting>;

/** The platform operator's (super tenant's) administration of enterprises. */
export const platformRoutes = {
  waiting: route({
    method: 'GET',
    path: '/base/platform/waiting',
    summary: '待处理事项',
    permission: `${Perm.enterpriseList};${CertPerm.list};${TradePerm.platformRefund}`,
    request: z.object({}),
    response: ZPlatformWaiting,
  }),
  enterprisePage: route({
    method: 'GET',
    path: '/base/enterprise/page',
    readOnly: true,
    summary: '企业列表',
    permission: Perm.enterpriseList,
    request: ZPageQuery.extend({
      name: z.string().trim().max(64, '企业名称最多64个字').optional(),
      status: ZEnterpriseStatus.optional(),
    }),
    response: zPage(ZEnterprise),
  }),
  enterpriseInfo: route({
    method: 'GET',
    path: '/base/enterprise/getInfoById',
    readOnly: true,
    summary: '企业详情',
    permission: Perm.enterpriseList,
    request: z.object({ id: zId('企业编号') }),
    response: ZEnterprise,
  }),
  /** The same details found by the enterprise code its people see (get-user-info's tenantCode), for support. */
  enterpriseInfoByCode: route({
    method: 'GET',
    path: '/base/enterprise/queryEnterpriseInfoByTenantCode',
    readOnly: true,
    summary: '按企业编码查询企业',
    permission: Perm.enterpriseList,
    request: z.object({
      tenantCode: z.string({ error: '请输入企业编码' }).trim().min(1, '请输入企业编码').max(32, '企业编码最多32个字符'),
    }),
    response: ZEnterprise,
  }),
  /**
   * An enterprise the platform opens itself (a contract signed offline): created 正常, as if
   * registered and approved; its administrator changes the platform's password at the first sign-in.
   */
  enterpriseCreate: route({
    method: 'POST',
    path: '/base/enterprise',
    summary: '新建企业',
    permission: Perm.enterpriseExamine,
    audited: true,
    request: ZEnterpriseCreate,
    response: ZEnterprise,
  }),
  examine: route({
    method: 'POST',
    path: '/base/enterprise/examine',
    summary: '审核企业注册',
    permission: Perm.enterpriseExamine,
    audited: true,
    request: z.object({ id: zId('企业编号'), pass: z.boolean({ error: '请选择通过或驳回' }), reason: ZReason }),
    response: ZNull,
  }),
  batchExamine: route({
    method: 'POST',
    path: '/base/enterprise/batch-examine',
    summary: '批量审核企业注册',
    permission: Perm.enterpriseExamine,
    audited: true,
    request: z.object({ ids: zIds('企业编号'), pass: z.boolean({ error: '请选择通过或驳回' }), reason: ZReason }),
    response: ZNull,
  }),
  setStatus: route({
    method: 'POST',
    path: '/base/enterprise/save',
    summary: '开通或停用企业',
    permission: Perm.enterpriseStatus,
    audited: true,
    request: z.object({
      id: zId('企业编号'),
      status: z.enum(['active', 'closed'], { error: '只能开通或停用' }),
      reason: ZReason,
    }),
    response: ZNull,
  }),
};

/** 企业列表 (in the 平台管理 folder). */
export const platformMenuNodes: TMenuNode[] = [
  menuScreen('6010', '企业列表', 'platform/enterprise', 'ShopOutlined', Perm.enterpriseList, [
    menuButton('601001', '审核企业', Perm.enterpriseExamine),
    menuButton('601002', '开通停用', Perm.enterpriseStatus),
  ]),
];
