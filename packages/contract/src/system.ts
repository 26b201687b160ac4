import { z } from 'zod';
import { ZPageQuery, ZTime, ZUploaded, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('system');

/** A notice's title and text as its publisher writes them (the platform's 通知, an agent's 公告). */
export const noticeTextShape = {
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(60, '标题最多60个字'),
  content: z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(2000, '内容最多2000个字'),
};

export const ZNotice = z.object({
  id: zInt,
  title: zString,
  content: zString,
  publisher: zString,
  /** The console screen the notice is about (a web path); null: the bell opens the notice itself. */
  link: zString.nullable(),
  createdAt: ZTime,
  isRead: zBoolean,
});

/** Where the system's own notices lead (the console's hash routes). */
export const noticeLinks = {
  /** 余额不足: 账户明细 with the top-up dialog open. */
  recharge: '/menu/account/accountDetails?recharge=1',
  /** A seat's renewal that failed: 坐席管理. */
  seats: '/menu/account/purchaseeats',
  /** Customers about to return to the public pool: 我的客户. */
  myCustomers: '/menu/CRM/myCustomer',
  /** A number report approved or rejected: 报备记录. */
  callerReports: '/menu/userdata/TelReport/telReport',
} as const;
export type TNotice = z.infer<typeof ZNotice>;

export const ZBrandOption = z.object({ optionKey: zString, optionValue: zString, optionType: zString });
export type TBrandOption = z.infer<typeof ZBrandOption>;

/** An operation-log row's result; `pending` while the action runs, or for good if its process died in it. */
export const ZLogResult = z.enum(['success', 'failure', 'pending'], { error: '结果只能是成功、失败或未完成' });
export type TLogResult = z.infer<typeof ZLogResult>;

export const ZOperationLog = z.object({
  id: zInt,
  userName: zString,
  realName: zString,
  module: zString,
  summary: zString,
  route: zString,
  ip: zString,
  result: ZLogResult,
  message: zString,
  createdAt: ZTime,
});
export type TOperationLog = z.infer<typeof ZOperationLog>;

export const ZLogFilter = z.object({
  userName: z.string().trim().max(32, '操作人最多32个字').optional(),
  module: z.string().trim().max(32).optional(),
  result: ZLogResult.optional(),
  startTime: ZTime.optional(),
  endTime: ZTime.optional(),
  sortField: z.enum(['createdAt', 'userName', 'module'], { error: '不支持的排序字段' }).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});

export const uploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  /** Accepted kinds; the server checks the file's leading bytes, not only its name. */
  types: ['png', 'jpg', 'gif', 'webp', 'pdf'] as const,
};

export const systemRoutes = {
  myNoticePage: route({
    method: 'GET',
    path: '/base/sys/notice/mynotice/page',
    summary: '我的通知',
    request: ZPageQuery.extend({ isRead: z.enum(['0', '1'], { error: '已读状态不正确' }).optional() }),
    response: zPage(ZNotice).extend({ unreadCount: zInt }),
  }),
  noticeRead: route({
    method: 'POST',
    path: '/base/sys/notice/read',
    summary: '标记通知已读',
    request: z.object({
      ids: z.array(zInt.positive()).max(500, '一次最多500条').optional(),
      all: zBoolean.optional(),
    }),
    response: z.object({ unreadCount: zInt }),
  }),
  dictByType: route({
    method: 'GET',
    path: '/base/sys/dict/data/getByDictType',
    readOnly: true,
    summary: '字典数据',
    request: z.object({ dictType: z.string({ error: '请指定字典类型' }).trim().min(1, '请指定字典类型').max(64) }),
    response: z.array(z.object({ label: zString, value: zString, sort: zInt })),
  }),
  upload: route({
    method: 'POST',
    path: '/base/sys/oss/upload',
    summary: '上传文件',
    body: 'multipart',
    request: z.object({}),
    response: ZUploaded,
  }),
  uploadFile: route({
    method: 'GET',
    path: '/base/sys/oss/file/:name',
    summary: '读取上传文件',
    access: 'public',
    result: 'blob',
    request: z.object({ name: z.string().max(64, '文件名不正确') }),
    response: z.unknown(),
  }),
  brandOptions: route({
    method: 'POST',
    path: '/base/sys/brand/options',
    summary: '品牌配置',
    access: 'public',
    request: z.object({
      host: z.string().trim().max(253, '域名过长').default(''),
      showDefault: z.coerce.number().int().default(1),
    }),
    response: z.object({ data: z.array(ZBrandOption) }),
  }),
  logPage: route({
    method: 'POST',
    path: '/base/sys/log/page',
    readOnly: true,
    summary: '操作日志列表',
    permission: Perm.logList,
    request: ZPageQuery.extend(ZLogFilter.shape),
    response: zPage(ZOperationLog),
  }),
  logInfo: route({
    method: 'GET',
    path: '/base/sys/log/info',
    readOnly: true,
    summary: '操作日志详情',
    permission: Perm.logList,
    request: z.object({ id: z.coerce.number({ error: '日志编号不正确' }).int().positive('日志编号不正确') }),
    response: ZOperationLog.extend({ detail: zString }),
  }),
  logExport: route({
    method: 'POST',
    path: '/base/sys/log/export',
    summary: '导出操作日志',
    permission: Perm.logExport,
    audited: true,
    result: 'blob',
    request: ZLogFilter,
    response: z.unknown(),
  }),
};

/** 操作日志 and its detail page (the 系统管理 folder). */
export const systemMenuNodes: TMenuNode[] = [
  menuScreen('8010', '操作日志', 'logcom', 'FileSearchOutlined', Perm.logList, [
    menuButton('801001', '导出日志', Perm.logExport),
  ]),
  menuPage('8011', '查看日志', 'add', Perm.logList),
];
