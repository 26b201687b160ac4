import { z } from 'zod';
import { ZCustomerListQuery } from './crm.js';
import { ZTime, zInt, zString } from './http.js';
import { ZImportBatchRef, ZImportProgress, zImportPreview } from './import.js';
import { ZStaffRef } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('crm');

/** Customer and follow-up imports: preview every bad row, then write on confirm. */
export const crmImportKinds = ['customer', 'follow'] as const;
export const ZCrmImportState = ZImportProgress.extend({
  kind: z.enum(crmImportKinds),
  fileName: zString,
  /** Valid rows whose mobile is already a customer (skipped or updated as chosen). */
  duplicateCount: zInt,
  duplicateMode: z.enum(['skip', 'update']),
  inserted: zInt,
  updated: zInt,
  skipped: zInt,
  createdAt: ZTime,
});
export type TCrmImportState = z.infer<typeof ZCrmImportState>;

/** The first bad rows for the preview (the whole list is downloadable). */
export const ZCrmImportPreview = zImportPreview(ZCrmImportState).extend({
  duplicates: z.array(z.object({ row: zInt, name: zString, where: zString })),
});
export type TCrmImportPreview = z.infer<typeof ZCrmImportPreview>;

/** Ranking of people by customers for a period (crm-rang-list). */
export const ZRankRow = ZStaffRef.extend({
  owned: zInt,
  added: zInt,
  followed: zInt,
  dealt: zInt,
});
const ZRankQuery = z
  .object({ from: ZTime, to: ZTime, deptId: z.coerce.number().int().positive().optional() })
  .refine((r) => r.from <= r.to, '开始时间不能晚于结束时间');

/** One customer import as the 导入批次 filter offers it. */
export const ZImportBatchOption = z.object({
  id: zString,
  /** DR, the Beijing time it was uploaded to the second and 4 characters of its id: DR20261202093005A1B2. */
  code: zString,
  fileName: zString,
  createdAt: ZTime,
  /** The customers it created. */
  count: zInt,
  userName: zString,
});
export type TImportBatchOption = z.infer<typeof ZImportBatchOption>;

export const crmImportRoutes = {
  importTemplate: route({
    method: 'GET',
    path: '/base/crm/download-form-work',
    readOnly: true,
    summary: '下载客户导入模板',
    permission: Perm.customerImport,
    result: 'blob',
    /** customer: the built-in and custom fields; follow: mobile, content, method, time, next time. */
    request: z.object({ kind: z.enum(crmImportKinds).default('customer') }),
    response: z.unknown(),
  }),
  importPreview: route({
    method: 'POST',
    path: '/base/crm/import',
    summary: '导入客户（检查）',
    permission: Perm.customerImport,
    body: 'multipart',
    /** Multipart fields besides `file` (.xlsx or .csv, UTF-8 or GBK): where the new customers go. */
    request: z.object({
      target: z.enum(['private', 'public']).default('private'),
      duplicateMode: z.enum(['skip', 'update']).default('skip'),
    }),
    response: ZCrmImportPreview,
  }),
  /**
   * 导入批次: the customer imports that created customers, newest first (200 at most), whose importer
   * is within the caller's data scope; the customer lists filter by a batch's id.
   */
  importBatches: route({
    method: 'POST',
    path: '/base/crm/batch-code',
    readOnly: true,
    summary: '导入批次',
    permission: Perm.customerList,
    request: z.object({
      fileName: z.string({ error: '文件名格式不正确' }).trim().max(64, '文件名最多64个字').optional(),
    }),
    response: z.array(ZImportBatchOption),
  }),
  importConfirm: route({
    method: 'POST',
    path: '/base/crm/confirm-import',
    summary: '导入客户（确认）',
    permission: Perm.customerImport,
    audited: true,
    request: ZImportBatchRef.extend({ duplicateMode: z.enum(['skip', 'update']).optional() }),
    response: ZCrmImportState,
  }),
  followImportPreview: route({
    method: 'POST',
    path: '/base/crm/import-follow',
    summary: '导入跟进记录（检查）',
    permission: Perm.customerImport,
    body: 'multipart',
    request: z.object({}),
    response: ZCrmImportPreview,
  }),
  followImportConfirm: route({
    method: 'POST',
    path: '/base/crm/confirm-import-follow',
    summary: '导入跟进记录（确认）',
    permission: Perm.customerImport,
    audited: true,
    request: ZImportBatchRef,
    response: ZCrmImportState,
  }),
  importState: route({
    method: 'GET',
    path: '/base/crm/import-state',
    readOnly: true,
    summary: '导入进度',
    permission: Perm.customerImport,
    request: ZImportBatchRef,
    response: ZCrmImportState,
  }),
  /** Every row with its reason or outcome, as xlsx: the bad rows after a preview, the result after confirm. */
  importReport: route({
    method: 'GET',
    path: '/base/crm/import-report',
    readOnly: true,
    summary: '下载导入结果',
    permission: Perm.customerImport,
    result: 'blob',
    request: ZImportBatchRef,
    response: z.unknown(),
  }),
  exportCustomers: route({
    method: 'POST',
    path: '/base/crm/exportCus',
    summary: '导出客户',
    permission: Perm.customerExport,
    audited: true,
    result: 'blob',
    /** The list's own query (filter and sort) and pool; ids = only the chosen rows. */
    request: ZCustomerListQuery.omit({ page: true, limit: true }).extend({
      pool: z.enum(['private', 'public']).default('private'),
      ids: z.array(zInt.positive()).max(10_000).optional(),
    }),
    response: z.unknown(),
  }),
  rankList: route({
    method: 'POST',
    path: '/base/crm/crm-rang-list',
    readOnly: true,
    summary: '客户排行',
    permission: Perm.customerList,
    request: ZRankQuery,
    response: z.array(ZRankRow),
  }),
  rankListDownload: route({
    method: 'POST',
    path: '/base/crm/crm-rang-list-download',
    readOnly: true,
    summary: '导出客户排行',
    permission: Perm.customerExport,
    result: 'blob',
    request: ZRankQuery,
    response: z.unknown(),
  }),
} as const;

export type TCustomerExportQuery = z.input<(typeof crmImportRoutes)['exportCustomers']['request']>;
