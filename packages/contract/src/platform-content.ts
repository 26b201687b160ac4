import { z } from 'zod';
import { ZIdName, ZNull, ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { type brandKeys, PlatformPerm } from './platform-content-labels.js';
import { routesOf } from './route.js';
import { noticeTextShape } from './system.js';

export { brandKeyLabel, brandKeys, PlatformPerm } from './platform-content-labels.js';

const route = routesOf('platform');
const orgRoute = routesOf('org');

// ---- contracts -------------------------------------------------------------------------------

export const ZContract = z.object({
  id: zInt,
  tenantId: zInt,
  enterpriseName: zString,
  contractNo: zString,
  signedAt: ZTime,
  seats: zInt,
  /** Price per seat per month, in fen. */
  seatPrice: zInt,
  startAt: ZTime,
  endAt: ZTime,
  remark: zString,
  updatedAt: ZTime,
});
export type TContract = z.infer<typeof ZContract>;

export const ZContractSave = z
  .object({
    tenantId: zId('企业编号'),
    contractNo: z
      .string({ error: '请输入合同编号' })
      .trim()
      .min(1, '请输入合同编号')
      .max(32, '合同编号最多32个字符')
      .regex(/^[A-Za-z0-9-]+$/, '合同编号只能包含字母、数字和-'),
    signedAt: ZTime,
    seats: z.number({ error: '请输入坐席数' }).int('坐席数须为整数').min(1, '坐席数至少为1').max(100000, '坐席数过大'),
    seatPrice: z
      .number({ error: '请输入坐席单价' })
      .int('坐席单价以分为单位，须为整数')
      .min(0, '坐席单价不能为负')
      .max(100_000_000, '坐席单价过大'),
    startAt: ZTime,
    endAt: ZTime,
    remark: z.string().trim().max(200, '备注最多200个字').optional().default(''),
  })
  .refine((v) => v.endAt > v.startAt, { path: ['endAt'], message: '合同结束日期须晚于开始日期' });

/** What an enterprise user sees of his own enterprise (`queryEnterpriseInfo`). */
export const ZOwnEnterprise = z.object({
  name: zString,
  code: zString,
  status: zString,
  authState: zInt,
  authStateLabel: zString,
  createdAt: ZTime,
  contract: ZContract.omit({ tenantId: true, enterpriseName: true }).nullable(),
});

// ---- notices ---------------------------------------------------------------------------------

export const ZNoticeAudience = z.enum(['all', 'tenants'], { error: '发布范围只能是全部企业或指定企业' });

export const ZPublishedNotice = z.object({
  id: zInt,
  title: zString,
  content: zString,
  audience: ZNoticeAudience,
  /** The addressed enterprises (audience 'tenants'). */
  targets: z.array(ZIdName),
  publisher: zString,
  readCount: zInt,
  createdAt: ZTime,
});
export type TPublishedNotice = z.infer<typeof ZPublishedNotice>;

export const ZNoticePublish = z
  .object({
    ...noticeTextShape,
    audience: ZNoticeAudience,
    tenantIds: z.array(zId('企业编号')).max(500, '一次最多指定500家企业').optional().default([]),
  })
  .refine((v) => v.audience === 'all' || v.tenantIds.length > 0, {
    path: ['tenantIds'],
    message: '请选择接收通知的企业',
  });

// ---- brand settings --------------------------------------------------------------------------

export type TBrandKey = (typeof brandKeys)[number];

/** A host name (console.example.com, with an optional port) or '' for the platform default. */
export const ZBrandHost = z
  .string({ error: '请输入域名' })
  .trim()
  .toLowerCase()
  .max(253, '域名过长')
  .regex(
    /^$|^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/,
    '域名格式不正确（如 crm.example.com）',
  );

const ZUrlOrPath = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label}最多500个字符`)
    .regex(/^$|^https?:\/\/\S+$|^\/\S*$/, `${label}须为 http(s):// 开头的地址或 / 开头的站内路径`);
const ZBrandText = (label: string) => z.string().trim().max(500, `${label}最多500个字符`);

/** One host's options; a value left empty means "use the platform default" (host '' itself keeps it empty). */
export const ZBrandValues = z.object({
  platform_name: z.string().trim().max(40, '平台名称最多40个字').default(''),
  home_logo: ZUrlOrPath('平台Logo').default(''),
  user_guide: ZUrlOrPath('操作指南地址').default(''),
  qrcode: ZUrlOrPath('二维码图片').default(''),
  app_product: z
    .array(z.string().trim().min(1, 'APP产品名称不能为空').max(40, 'APP产品名称最多40个字'))
    .max(20, 'APP产品最多20个')
    .default([]),
  data_audit: ZBrandText('数据审核').default(''),
  third_api: ZBrandText('第三方接口').default(''),
  application_center: ZBrandText('应用中心').default(''),
  urp: ZBrandText('URP').default(''),
  nda: ZBrandText('保密协议').default(''),
  bounty_hunter: ZBrandText('赏金猎人').default(''),
});
export type TBrandValues = z.infer<typeof ZBrandValues>;

/** A host's brand values with nothing set (each field then falls back to the platform default). */
export const emptyBrandValues = (): TBrandValues => ({
  platform_name: '',
  home_logo: '',
  user_guide: '',
  qrcode: '',
  app_product: [],
  data_audit: '',
  third_api: '',
  application_center: '',
  urp: '',
  nda: '',
  bounty_hunter: '',
});

export const ZBrandHostSettings = z.object({
  host: zString,
  values: ZBrandValues,
  /** Keys this host sets itself (the others fall back to the platform default). */
  ownKeys: z.array(zString),
});

export const platformContentRoutes = {
  findContract: route({
    method: 'GET',
    path: '/base/enterprise/findContract/:id',
    readOnly: true,
    summary: '查看企业合同',
    permission: PlatformPerm.contractView,
    request: z.object({ id: zId('企业编号') }),
    response: ZContract.nullable(),
  }),
  saveContract: route({
    method: 'POST',
    path: '/base/enterprise/contract/save',
    summary: '保存企业合同',
    permission: PlatformPerm.contractEdit,
    audited: true,
    request: ZContractSave,
    response: ZContract,
  }),
  queryEnterpriseInfo: orgRoute({
    method: 'GET',
    path: '/base/enterprise/queryEnterpriseInfo',
    readOnly: true,
    summary: '本企业信息',
    request: z.object({}),
    response: ZOwnEnterprise,
  }),
  noticePage: route({
    method: 'GET',
    path: '/base/sys/notice/page',
    readOnly: true,
    summary: '通知管理列表',
    permission: PlatformPerm.noticeList,
    request: ZPageQuery.extend({ title: z.string().trim().max(60, '标题最多60个字').optional() }),
    response: zPage(ZPublishedNotice),
  }),
  noticePublish: route({
    method: 'POST',
    path: '/base/sys/notice/publish',
    summary: '发布通知',
    permission: PlatformPerm.noticePublish,
    audited: true,
    request: ZNoticePublish,
    response: ZPublishedNotice,
  }),
  noticeDelete: route({
    method: 'POST',
    path: '/base/sys/notice/delete',
    summary: '删除通知',
    permission: PlatformPerm.noticeDelete,
    audited: true,
    request: z.object({ ids: zIds('通知编号', 100) }),
    response: ZNull,
  }),
  brandList: route({
    method: 'GET',
    path: '/base/sys/brand/list',
    readOnly: true,
    summary: '品牌设置列表',
    permission: PlatformPerm.brandList,
    request: z.object({}),
    response: z.array(ZBrandHostSettings),
  }),
  brandSave: route({
    method: 'POST',
    path: '/base/sys/brand/save',
    summary: '保存品牌设置',
    permission: PlatformPerm.brandEdit,
    audited: true,
    request: z.object({ host: ZBrandHost.default(''), values: ZBrandValues }),
    response: ZBrandHostSettings,
  }),
  brandDelete: route({
    method: 'POST',
    path: '/base/sys/brand/delete',
    summary: '删除域名品牌设置',
    permission: PlatformPerm.brandEdit,
    audited: true,
    request: z.object({ host: ZBrandHost.refine((h) => h !== '', '平台默认设置不能删除') }),
    response: ZNull,
  }),
};

/** 通知管理, 品牌设置 and the enterprise detail (合同) page, in the 平台管理 folder. */
export const platformContentMenuNodes: TMenuNode[] = [
  menuPage('6020', '企业详情', 'platform/enterpriseDetail', PlatformPerm.contractView, [
    menuButton('602001', '编辑合同', PlatformPerm.contractEdit),
  ]),
  menuScreen('6030', '通知管理', 'platform/notice', 'NotificationOutlined', PlatformPerm.noticeList, [
    menuButton('603001', '发布通知', PlatformPerm.noticePublish),
    menuButton('603002', '删除通知', PlatformPerm.noticeDelete),
  ]),
  menuScreen('6040', '品牌设置', 'platform/brand', 'SkinOutlined', PlatformPerm.brandList, [
    menuButton('604001', '编辑品牌', PlatformPerm.brandEdit),
  ]),
];
