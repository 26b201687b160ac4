import { z } from 'zod';
import { companyBlacklistLimits, creditCodePattern } from './blacklist-company-labels.js';
import { CluePerm } from './clue-labels.js';
import { ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

export * from './blacklist-company-labels.js';

const route = routesOf('blacklist');

const ZCreditCode = z
  .string({ error: '统一社会信用代码格式不正确' })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => s === '' || creditCodePattern.test(s), '统一社会信用代码应为18位数字或大写字母（不含I、O、Z、S、V）');

const ZCompanyName = z
  .string({ error: '企业名称格式不正确' })
  .trim()
  .max(companyBlacklistLimits.nameMax, `企业名称最多${companyBlacklistLimits.nameMax}个字`);

const ZRemark = z
  .string({ error: '备注格式不正确' })
  .trim()
  .max(companyBlacklistLimits.remarkMax, `备注最多${companyBlacklistLimits.remarkMax}个字`)
  .default('');

export const ZCompanyBlackFields = z
  .object({ creditCode: ZCreditCode.default(''), name: ZCompanyName.default(''), remark: ZRemark })
  .refine((v) => v.creditCode !== '' || v.name !== '', {
    message: '请填写企业名称或统一社会信用代码',
    path: ['name'],
  });
export type TCompanyBlackFields = z.input<typeof ZCompanyBlackFields>;

export const ZCompanyBlackEntry = z.object({
  id: zInt,
  creditCode: zString,
  name: zString,
  remark: zString,
  createdBy: zString,
  createdAt: ZTime,
});
export type TCompanyBlackEntry = z.infer<typeof ZCompanyBlackEntry>;

export const ZCompanyBlackFilter = z.object({
  /** Words of the name, or the credit code or a part of it. */
  keyword: z.string({ error: '关键词格式不正确' }).trim().max(50, '关键词最多50个字').optional(),
});
export const ZCompanyBlackPageQuery = ZPageQuery.extend(ZCompanyBlackFilter.shape);
export type TCompanyBlackPageQuery = z.input<typeof ZCompanyBlackPageQuery>;

const zLines = (max: number, what: string) =>
  z
    .array(z.string({ error: `${what}格式不正确` }).max(200, `${what}最多200个字`), { error: `请输入${what}` })
    .min(1, `请输入${what}`)
    .max(max, `一次最多${max}个${what}`);

export const ZCompanyBlackBatch = z.object({
  lines: zLines(companyBlacklistLimits.maxBatch, '企业'),
  remark: ZRemark,
});
export type TCompanyBlackBatch = z.input<typeof ZCompanyBlackBatch>;

/** Lines not added: bad, repeated, or on the list already. */
export const ZCompanyBatchResult = z.object({
  added: zInt,
  skipped: z.array(z.object({ line: zString, reason: zString })),
});
export type TCompanyBatchResult = z.infer<typeof ZCompanyBatchResult>;

export const ZCompanyBlackHit = z.object({
  /** As sent. */
  input: zString,
  isBlacklisted: zBoolean,
  /** The entry that names it (by code or name). */
  entry: ZCompanyBlackEntry.nullable(),
});
export type TCompanyBlackHit = z.infer<typeof ZCompanyBlackHit>;

export const companyBlacklistRoutes = {
  companyPage: route({
    method: 'POST',
    path: '/base/company-black/page',
    readOnly: true,
    summary: '企业黑名单（企业）',
    permission: Perm.blacklistList,
    request: ZCompanyBlackPageQuery,
    response: zPage(ZCompanyBlackEntry),
  }),
  companyAdd: route({
    method: 'POST',
    path: '/base/company-black/add-one',
    summary: '添加企业黑名单',
    permission: Perm.blacklistAdd,
    audited: true,
    request: ZCompanyBlackFields,
    response: ZCompanyBlackEntry,
  }),
  companyAddBatch: route({
    method: 'POST',
    path: '/base/company-black/add-batch',
    summary: '批量添加企业黑名单',
    permission: Perm.blacklistAdd,
    audited: true,
    request: ZCompanyBlackBatch,
    response: ZCompanyBatchResult,
  }),
  companyRemove: route({
    method: 'POST',
    path: '/base/company-black/delete',
    summary: '移出企业黑名单',
    permission: Perm.blacklistDelete,
    audited: true,
    request: z.object({ ids: zIds('企业黑名单编号', 1000) }),
    response: z.object({ deleted: zInt }),
  }),
  companyExport: route({
    method: 'POST',
    path: '/base/company-black/export/excel',
    readOnly: true,
    summary: '导出企业黑名单（企业）',
    permission: Perm.blacklistExport,
    result: 'blob',
    request: ZCompanyBlackFilter.extend({ ids: zIds('企业黑名单编号', 1000).optional() }),
    response: z.unknown(),
  }),
  /**
   * The spec's "blacklist company query": which of these names or credit codes the enterprise's
   * company black-list names (企业线索 and the list screen ask it).
   */
  companyQuery: route({
    method: 'POST',
    path: '/base/company-black/query',
    readOnly: true,
    summary: '查询企业是否在黑名单',
    permission: `${Perm.blacklistList};${CluePerm.view}`,
    request: z.object({ items: zLines(companyBlacklistLimits.maxQuery, '企业名称或统一社会信用代码') }),
    response: z.object({ records: z.array(ZCompanyBlackHit) }),
  }),
} as const;
