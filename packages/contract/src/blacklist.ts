import { z } from 'zod';
import { companyBlacklistRoutes } from './blacklist-company.js';
import {
  blacklistLimits,
  ZBatchAddResult,
  ZBlackBatchAdd,
  ZBlackEntry,
  ZBlackFields,
  ZBlackFilter,
  ZBlackLevel,
  ZBlackNumberFragment,
  ZBlackPageQuery,
  ZBlackRange,
} from './blacklist-entry.js';
import { blackNumberMessage, ZBlackNumber } from './blacklist-number.js';
import { ZDeleted, ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { ZImportBatchRef, ZImportProgress, ZImportRead } from './import.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

export * from './blacklist-company.js';
export * from './blacklist-entry.js';
export * from './blacklist-number.js';

const route = routesOf('blacklist');

const ZImportRow = z.object({ row: zInt, number: zString, reason: zString });
export const ZBlackImportResult = z
  .object({
    /** A check only: nothing was written. */
    isDryRun: zBoolean,
    /** Data rows of the file (the header not counted). */
    total: zInt,
    /** Rows that are (or would be) added. */
    validCount: zInt,
    invalidCount: zInt,
    /** Rows whose number is on the list already. */
    skippedCount: zInt,
    added: zInt,
    /** Bad rows with their reason (first `importListed`). */
    errors: z.array(ZImportRow),
    /** Rows skipped because the number is on the list already (first `importListed`). */
    skipped: z.array(ZImportRow),
    /**
     * The staged batch of an enterprise-list check (dryRun '1'): confirmed by `importConfirm`, its
     * progress read by `importState`, every row's outcome downloaded by `importReport`.
     */
    batchId: zString.optional(),
  })
  .extend(ZImportRead.shape);
export type TBlackImportResult = z.infer<typeof ZBlackImportResult>;

/** A confirmed enterprise-list import while it runs and once it ended. */
export const ZBlackImportState = ZImportProgress.extend({
  fileName: zString,
  /** Valid rows whose number was on the list already at the check (they will be skipped). */
  skippedCount: zInt,
  /** Numbers added or renewed (an expired entry of the number comes back into force). */
  added: zInt,
  skipped: zInt,
});
export type TBlackImportState = z.infer<typeof ZBlackImportState>;

/** Why one number is (or was) on a list. */
export const ZBlackHit = ZBlackEntry.pick({
  level: true,
  reason: true,
  source: true,
  expiresAt: true,
  isExpired: true,
  createdBy: true,
  createdAt: true,
});
export type TBlackHit = z.infer<typeof ZBlackHit>;

export const ZBlackCheckItem = z.object({
  /** As sent. */
  phone: zString,
  /** Normalised; empty when the text is not a number. */
  number: zString,
  isBlocked: zBoolean,
  reason: zString,
});

/**
 * A row of a log of refused dial attempts (the black-list's interceptions, the SIP edge's refusals),
 * both read by the server's one attempt-log query: what was dialled, who tried and his department
 * then, when; `own` adds the log's own columns.
 */
export const zAttemptRow = <T extends z.ZodRawShape>(own: T) =>
  z.object({
    id: zInt,
    number: zString,
    userName: zString.nullable(),
    deptName: zString.nullable(),
    createdAt: ZTime,
    ...own,
  });

export const ZIntercept = zAttemptRow({
  /** The list that refused it. */
  level: ZBlackLevel,
  reason: zString,
  /** Where the attempt came from (呼叫 / 软电话 …). */
  via: zString,
});
export type TIntercept = z.infer<typeof ZIntercept>;

const ZInterceptQuery = ZPageQuery.extend({
  number: ZBlackNumberFragment,
  range: ZBlackRange,
});

const ZImportFields = z.object({
  /** '1': check the file and answer what would happen, writing nothing. */
  dryRun: z.enum(['0', '1'], { error: 'dryRun 只能是0或1' }).default('0'),
});

type TListPerms = {
  list: string;
  add: string;
  update: string;
  delete: string;
  import: string;
  export: string;
};

/** The management routes of one list; the enterprise's and the platform's differ in path, permission and wording. */
const listRoutes = (base: string, perms: TListPerms, what: string) => ({
  page: route({
    method: 'POST',
    path: `${base}/page`,
    readOnly: true,
    summary: what,
    permission: perms.list,
    request: ZBlackPageQuery,
    response: zPage(ZBlackEntry),
  }),
  addOne: route({
    method: 'POST',
    path: `${base}/add-one`,
    summary: `添加${what}号码`,
    permission: perms.add,
    audited: true,
    request: ZBlackFields,
    response: ZBlackEntry,
  }),
  addBatch: route({
    method: 'POST',
    path: `${base}/add-batch`,
    summary: `批量添加${what}号码`,
    permission: perms.add,
    audited: true,
    request: ZBlackBatchAdd,
    response: ZBatchAddResult,
  }),
  edit: route({
    method: 'POST',
    path: `${base}/edit`,
    summary: `编辑${what}号码`,
    permission: perms.update,
    audited: true,
    request: ZBlackFields.extend({ id: zId('黑名单编号') }),
    response: ZBlackEntry,
  }),
  remove: route({
    method: 'POST',
    path: `${base}/delete`,
    summary: `删除${what}号码`,
    permission: perms.delete,
    audited: true,
    request: z.object({ id: zId('黑名单编号') }),
    response: ZDeleted,
  }),
  removeBatch: route({
    method: 'POST',
    path: `${base}/delete-batch`,
    summary: `批量删除${what}号码`,
    permission: perms.delete,
    audited: true,
    request: z.object({ ids: zIds('黑名单编号', 1000) }),
    response: ZDeleted,
  }),
  importExcel: route({
    method: 'POST',
    path: `${base}/import/excel`,
    summary: `导入${what}`,
    permission: perms.import,
    audited: true,
    body: 'multipart',
    /** Multipart fields besides `file` (.xlsx or .csv from the template). */
    request: ZImportFields,
    response: ZBlackImportResult,
  }),
  exportExcel: route({
    method: 'POST',
    path: `${base}/export/excel`,
    readOnly: true,
    summary: `导出${what}`,
    permission: perms.export,
    result: 'blob',
    request: ZBlackFilter.extend({ ids: z.array(zId('黑名单编号')).max(1000, '一次最多1000条').optional() }),
    response: z.unknown(),
  }),
  /** Writes the batch a check (dryRun '1') staged; a file sent with dryRun '0' is written at once. */
  importConfirm: route({
    method: 'POST',
    path: `${base}/import/confirm`,
    summary: `导入${what}（确认）`,
    permission: perms.import,
    audited: true,
    request: ZImportBatchRef,
    response: ZBlackImportState,
  }),
  importState: route({
    method: 'GET',
    path: `${base}/import/state`,
    readOnly: true,
    summary: `${what}导入进度`,
    permission: perms.import,
    request: ZImportBatchRef,
    response: ZBlackImportState,
  }),
  /** Every row with its reason or outcome, as xlsx: after the check, and after the confirm. */
  importReport: route({
    method: 'GET',
    path: `${base}/import/report`,
    readOnly: true,
    summary: `下载${what}导入结果`,
    permission: perms.import,
    result: 'blob',
    request: ZImportBatchRef,
    response: z.unknown(),
  }),
});

const tenantList = listRoutes(
  '/base/number-black',
  {
    list: Perm.blacklistList,
    add: Perm.blacklistAdd,
    update: Perm.blacklistUpdate,
    delete: Perm.blacklistDelete,
    import: Perm.blacklistImport,
    export: Perm.blacklistExport,
  },
  '企业黑名单',
);

const platformList = listRoutes(
  '/base/platform/number-black',
  {
    // Enterprises read the platform's list (黑名单拦截) but never change it.
    list: `${Perm.platformBlacklistList};${Perm.blacklistIntercept}`,
    add: Perm.platformBlacklistAdd,
    update: Perm.platformBlacklistUpdate,
    delete: Perm.platformBlacklistDelete,
    import: Perm.platformBlacklistImport,
    export: Perm.platformBlacklistExport,
  },
  '平台黑名单',
);

export const blacklistRoutes = {
  page: tenantList.page,
  addOne: tenantList.addOne,
  addBatch: tenantList.addBatch,
  edit: tenantList.edit,
  remove: tenantList.remove,
  removeBatch: tenantList.removeBatch,
  importExcel: tenantList.importExcel,
  exportExcel: tenantList.exportExcel,
  platformPage: platformList.page,
  platformAddOne: platformList.addOne,
  platformAddBatch: platformList.addBatch,
  platformEdit: platformList.edit,
  platformRemove: platformList.remove,
  platformRemoveBatch: platformList.removeBatch,
  platformImportExcel: platformList.importExcel,
  platformExportExcel: platformList.exportExcel,
  importConfirm: tenantList.importConfirm,
  importState: tenantList.importState,
  importReport: tenantList.importReport,
  platformImportConfirm: platformList.importConfirm,
  platformImportState: platformList.importState,
  platformImportReport: platformList.importReport,
  importTemplate: route({
    method: 'GET',
    path: '/base/number-black/import/template',
    summary: '下载黑名单导入模板',
    permission: `${Perm.blacklistImport};${Perm.platformBlacklistImport}`,
    result: 'blob',
    request: z.object({}),
    response: z.unknown(),
  }),
  /** Looks one number up on both lists: is it blocked, and every entry that names it (expired ones too). */
  get: route({
    method: 'GET',
    path: '/base/number-black/get',
    summary: '查询号码是否在黑名单',
    permission: `${Perm.blacklistList};${Perm.blacklistIntercept};${Perm.platformBlacklistList}`,
    request: z.object({ number: ZBlackNumber }),
    response: z.object({ number: zString, isBlocked: zBoolean, hits: z.array(ZBlackHit) }),
  }),
  /**
   * The black-list check of the dial page (spec section 7 "Black-list check: payload phone; reads
   * data.data"): data.data is true when the number may not be dialled, with the reason.
   */
  check: route({
    method: 'POST',
    path: '/base/number-black/check',
    summary: '黑名单检查',
    request: z.object({ phone: ZBlackNumber }),
    response: z.object({ data: zBoolean, reason: zString }),
  }),
  /** Which of many numbers are blocked (a list page marking its rows). */
  checkList: route({
    method: 'POST',
    path: '/base/user-black-check/list',
    summary: '批量黑名单检查',
    request: z.object({
      phones: z
        .array(z.string({ error: '号码格式不正确' }).max(30, blackNumberMessage), { error: '请输入号码' })
        .min(1, '请输入号码')
        .max(blacklistLimits.maxCheck, `一次最多检查${blacklistLimits.maxCheck}个号码`),
    }),
    response: z.object({ records: z.array(ZBlackCheckItem) }),
  }),
  /** 黑名单拦截: dial attempts refused because of the lists, within the person's data scope. */
  interceptPage: route({
    method: 'POST',
    path: '/base/number-black/intercept/page',
    summary: '黑名单拦截记录',
    permission: Perm.blacklistIntercept,
    request: ZInterceptQuery,
    response: zPage(ZIntercept),
  }),
  ...companyBlacklistRoutes,
} as const;

export type TBlackCheckItem = z.infer<typeof ZBlackCheckItem>;

/** The enterprise's 黑名单 and 黑名单拦截 (in the 企业管理 folder). */
export const blacklistMenuNodes: TMenuNode[] = [
  menuScreen('7060', '黑名单', 'company/blacklist', 'StopOutlined', Perm.blacklistList, [
    menuButton('706001', '添加号码', Perm.blacklistAdd),
    menuButton('706002', '编辑号码', Perm.blacklistUpdate),
    menuButton('706003', '删除号码', Perm.blacklistDelete),
    menuButton('706004', '导入号码', Perm.blacklistImport),
    menuButton('706005', '导出号码', Perm.blacklistExport),
  ]),
  menuScreen('7070', '黑名单拦截', 'account/blackIntercept', 'SafetyCertificateOutlined', Perm.blacklistIntercept),
];

/** The platform operator's 平台黑名单 (in the 平台管理 folder). */
export const platformBlacklistMenuNodes: TMenuNode[] = [
  menuScreen('6070', '平台黑名单', 'platform/blacklist', 'StopOutlined', Perm.platformBlacklistList, [
    menuButton('607001', '添加号码', Perm.platformBlacklistAdd),
    menuButton('607002', '编辑号码', Perm.platformBlacklistUpdate),
    menuButton('607003', '删除号码', Perm.platformBlacklistDelete),
    menuButton('607004', '导入号码', Perm.platformBlacklistImport),
    menuButton('607005', '导出号码', Perm.platformBlacklistExport),
  ]),
];
