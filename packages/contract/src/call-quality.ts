import { z } from 'zod';
import { extractionFieldTypes, qualityResultStatuses, qualityRuleKinds, qualitySides } from './call-analysis-labels.js';
import { ZTime, zBoolean, zInt, zString } from './http.js';
import { zId } from './org-common.js';

// 质检设置 (docs/decisions/0104-quality-rules-and-extraction-fields.md): the enterprise's quality
// rules and extraction fields, applied to each call when it is analysed, and what they found.

/** Most rules and fields an enterprise keeps (each call is read against all of them). */
export const qualityLimits = { rules: 100, fields: 30, words: 50 } as const;

const ZName = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字`);

/** Words or phrases a rule looks for, matched as whole words of what was said. */
const ZWords = (label: string) =>
  z
    .array(ZName(label, 30), { error: `请输入${label}` })
    .min(1, `请至少输入一个${label}`)
    .max(qualityLimits.words, `${label}最多${qualityLimits.words}个`)
    .transform((words) => [...new Set(words)]);

export const ZQualitySide = z.enum(qualitySides, { error: '说话方不正确' });
const ZSeconds = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .min(1, `${label}至少1秒`)
    .max(3600, `${label}最多3600秒`);
const ZPercent = z.number({ error: '占比应为数字' }).min(0, '占比不能小于0').max(100, '占比不能大于100').nullable();

/** What a rule checks, by its kind. */
export const ZQualityRuleDef = z.discriminatedUnion(
  'kind',
  [
    /** A mark: any of the words said by the side (e.g. a competitor's name). */
    z.object({ kind: z.literal('keyword'), words: ZWords('关键词'), side: ZQualitySide }),
    /** A violation: any of the words said by the side (e.g. 保本, 稳赚 said by the agent). */
    z.object({ kind: z.literal('forbidden'), words: ZWords('禁语'), side: ZQualitySide }),
    /** The agent must say one of the phrases, within the first `withinSec` seconds when set. */
    z.object({
      kind: z.literal('required'),
      words: ZWords('话术'),
      withinSec: ZSeconds('时限').nullable(),
    }),
    /** A silence (neither side speaking) longer than `overSec`. */
    z.object({ kind: z.literal('silence'), overSec: ZSeconds('静默时长') }),
    /** The agent's share of the talk under `minPercent` or over `maxPercent`. */
    z
      .object({ kind: z.literal('talkShare'), minPercent: ZPercent, maxPercent: ZPercent })
      .refine((r) => r.minPercent !== null || r.maxPercent !== null, { message: '请设置占比下限或上限' })
      .refine((r) => r.minPercent === null || r.maxPercent === null || r.minPercent < r.maxPercent, {
        message: '占比下限应小于上限',
      }),
    /** More than `over` interruptions (抢话) by the side. */
    z.object({
      kind: z.literal('interruptions'),
      side: ZQualitySide,
      over: z.number({ error: '次数应为数字' }).int('次数应为整数').min(0, '次数不能小于0').max(100, '次数最多100'),
    }),
  ],
  { error: '规则类型不正确' },
);
export type TQualityRuleDef = z.infer<typeof ZQualityRuleDef>;
export const ZQualityRuleKind = z.enum(qualityRuleKinds);

export const ZQualityRule = z.object({
  id: zInt,
  name: zString,
  isEnabled: zBoolean,
  rule: ZQualityRuleDef,
  updatedAt: ZTime,
});
export type TQualityRule = z.infer<typeof ZQualityRule>;

export const ZQualityRuleInput = z.object({
  id: zId('规则编号').optional(),
  name: ZName('规则名称', 30),
  isEnabled: z.boolean({ error: '启用只能是开启或关闭' }).default(true),
  rule: ZQualityRuleDef,
});
export type TQualityRuleInput = z.input<typeof ZQualityRuleInput>;

export const ZExtractionFieldType = z.enum(extractionFieldTypes, { error: '字段类型不正确' });

export const ZExtractionField = z.object({
  id: zInt,
  name: zString,
  type: ZExtractionFieldType,
  /** 单选's options. */
  options: z.array(zString),
  /** What the field means, for the analyst (the model reads it). */
  hint: zString,
  /**
   * For the development rule engine: 是否 is 是 when one of these is said, 否 otherwise; 数字 is the
   * first number said after one of them.
   */
  keywords: z.array(zString),
  sort: zInt,
});
export type TExtractionField = z.infer<typeof ZExtractionField>;

export const ZExtractionFieldInput = z
  .object({
    id: zId('字段编号').optional(),
    name: ZName('字段名称', 20),
    type: ZExtractionFieldType,
    options: z.array(ZName('选项', 30)).max(30, '最多30个选项').default([]),
    hint: z.string().trim().max(200, '说明最多200个字').default(''),
    keywords: z.array(ZName('关键词', 30)).max(qualityLimits.words, `关键词最多${qualityLimits.words}个`).default([]),
    sort: zInt.min(0).max(9999).default(0),
  })
  .refine((f) => f.type !== 'choice' || f.options.length > 0, {
    message: '单选字段至少需要一个选项',
    path: ['options'],
  })
  .refine((f) => new Set(f.options).size === f.options.length, { message: '选项不能重复', path: ['options'] });
export type TExtractionFieldInput = z.input<typeof ZExtractionFieldInput>;

/** Which lines' calls are analysed: null every line (the default), else those listed. */
export const ZAnalysisScope = z.object({
  lineIds: z.array(zId('线路编号')).max(500, '最多选择500条线路').nullable(),
});
export type TAnalysisScope = z.infer<typeof ZAnalysisScope>;

/** A moment of the recording a result points at: ms from the answer, the side and what was said there. */
export const ZQualityMoment = z.object({
  atMs: zInt,
  toMs: zInt,
  side: z.enum(['agent', 'customer']).nullable(),
  text: zString,
});
export type TQualityMoment = z.infer<typeof ZQualityMoment>;

/** One rule's result on one call, as the rule stood when the call was analysed. */
export const ZQualityResult = z.object({
  ruleId: zInt,
  name: zString,
  kind: ZQualityRuleKind,
  status: z.enum(qualityResultStatuses),
  /** What was found (the words said, the longest silence, the share…) or why nothing was judged. */
  detail: zString,
  moments: z.array(ZQualityMoment),
});
export type TQualityResult = z.infer<typeof ZQualityResult>;

/** One extraction field's value on one call; null when the analyst could not tell (`note` says why). */
export const ZExtractedValue = z.object({
  fieldId: zInt,
  name: zString,
  type: ZExtractionFieldType,
  value: z.union([zString, z.number(), zBoolean]).nullable(),
  note: zString,
});
export type TExtractedValue = z.infer<typeof ZExtractedValue>;

/** The enterprise's rules and fields on one call. */
export const ZCallQuality = z.object({
  results: z.array(ZQualityResult),
  /** Rules hit (what 坐席小结 adds up). */
  hitCount: zInt,
  fields: z.array(ZExtractedValue),
  /** Why the fields have no values ('' when the analyst filled them). */
  fieldsNote: zString,
});
export type TCallQuality = z.infer<typeof ZCallQuality>;
