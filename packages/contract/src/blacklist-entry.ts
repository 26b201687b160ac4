import { z } from 'zod';
import { blacklistLimits, blackSources, blackStatuses } from './blacklist-entry-labels.js';
import { blackNumberMessage, ZBlackNumber } from './blacklist-number.js';
import { ZPageQuery, ZSortOrder, ZTime, zBoolean, zInt, zString } from './http.js';

export { blacklistLimits, blackSources, blackStatuses } from './blacklist-entry-labels.js';

/**
 * The black-list (spec section 7 "Number pools and black-list"). Two levels: the
 * enterprise's own list (企业黑名单), which its managers keep, and the platform's list (平台黑名单),
 * kept by the platform operator and applied to every enterprise. A number on either list, and not
 * expired, is refused by the dial flow and by the CRM import.
 */
export const blackLevels = ['tenant', 'platform'] as const;
export const ZBlackLevel = z.enum(blackLevels);
export type TBlackLevel = z.infer<typeof ZBlackLevel>;
export const blackLevelLabel: Record<TBlackLevel, string> = { tenant: '企业黑名单', platform: '平台黑名单' };

export const ZBlackSource = z.enum(blackSources, { error: '来源只能是手动添加、批量添加或表格导入' });
export type TBlackSource = z.infer<typeof ZBlackSource>;
export const blackSourceLabel: Record<TBlackSource, string> = {
  manual: '手动添加',
  batch: '批量添加',
  import: '表格导入',
};

export const ZBlackStatus = z.enum(blackStatuses, { error: '状态只能是生效中或已过期' });
export const blackStatusLabel: Record<z.infer<typeof ZBlackStatus>, string> = { active: '生效中', expired: '已过期' };

const ZReason = z
  .string({ error: '原因格式不正确' })
  .trim()
  .max(blacklistLimits.reasonMax, `原因最多${blacklistLimits.reasonMax}个字`)
  .default('');

/** Expiry (epoch ms); null = never expires. It must lie in the future (checked by the server). */
const ZExpiresAt = ZTime.nullable().default(null);

export const ZBlackFields = z.object({ number: ZBlackNumber, reason: ZReason, expiresAt: ZExpiresAt });
export type TBlackFields = z.input<typeof ZBlackFields>;

export const ZBlackEntry = z.object({
  id: zInt,
  level: ZBlackLevel,
  number: zString,
  reason: zString,
  source: ZBlackSource,
  expiresAt: ZTime.nullable(),
  isExpired: zBoolean,
  createdBy: zString,
  createdAt: ZTime,
  updatedBy: zString,
  updatedAt: ZTime,
});
export type TBlackEntry = z.infer<typeof ZBlackEntry>;

export const ZBlackRange = z
  .tuple([ZTime.nullable(), ZTime.nullable()], { error: '时间范围格式不正确' })
  .refine(([a, b]) => a === null || b === null || a <= b, '开始时间不能晚于结束时间')
  .optional();

/** Digits of a number, whole or part (4 digits of the middle find it). */
export const ZBlackNumberFragment = z
  .string({ error: '号码只能输入数字' })
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{0,12}$/, '号码只能输入数字，最多12位'))
  .optional();

export const ZBlackFilter = z.object({
  number: ZBlackNumberFragment,
  source: ZBlackSource.optional(),
  status: ZBlackStatus.optional(),
  reason: z.string({ error: '原因格式不正确' }).trim().max(50, '原因最多50个字').optional(),
  /** Added between (epoch ms). */
  range: ZBlackRange,
  sortField: z.enum(['createdAt', 'number', 'expiresAt'], { error: '排序字段不正确' }).optional(),
  sortOrder: ZSortOrder.optional(),
});
export const ZBlackPageQuery = ZPageQuery.extend(ZBlackFilter.shape);
export type TBlackPageQuery = z.input<typeof ZBlackPageQuery>;

export const ZBlackBatchAdd = z.object({
  numbers: z
    .array(z.string({ error: '号码格式不正确' }).max(30, blackNumberMessage), { error: '请输入号码' })
    .min(1, '请输入号码')
    .max(blacklistLimits.maxBatch, `一次最多添加${blacklistLimits.maxBatch}个号码`),
  reason: ZReason,
  expiresAt: ZExpiresAt,
});
export type TBlackBatchAdd = z.input<typeof ZBlackBatchAdd>;

/** What a batch add did: numbers already on the list are skipped (they are blocked already). */
export const ZBatchAddResult = z.object({
  added: zInt,
  skipped: z.array(z.object({ number: zString, reason: zString })),
});
