import { z } from 'zod';
import { callAnalysisStates } from './call-analysis-labels.js';
import {
  ZAnalysisScope,
  ZCallQuality,
  ZExtractionField,
  ZExtractionFieldInput,
  ZQualityRule,
  ZQualityRuleInput,
} from './call-quality.js';
import { callFilterShape, checkCallRange } from './call-record.js';
import { ZNull, ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

export {
  callAnalysisStateName,
  callAnalysisStates,
  extractionFieldTypeName,
  extractionFieldTypes,
  qualityResultStatuses,
  qualityResultStatusName,
  qualityRuleKindName,
  qualityRuleKinds,
  qualitySideName,
  qualitySides,
  type TCallAnalysisState,
  type TExtractionFieldType,
  type TQualityResultStatus,
  type TQualityRuleKind,
  type TQualitySide,
} from './call-analysis-labels.js';
export * from './call-quality.js';

const route = routesOf('call');

export const ZCallAnalysisState = z.enum(callAnalysisStates, { error: '分析状态不正确' });

/** A side of the call: the agent (left channel) or the customer (right). */
export const ZCallSide = z.enum(['agent', 'customer'], { error: '通话方不正确' });
export type TCallSide = z.infer<typeof ZCallSide>;

/** Seconds from the start of the recording (the answer): [from, to]. */
const ZSpan = z.tuple([z.number(), z.number()]);

/**
 * The signal figures of one recorded call (docs/decisions/0092-call-signal-analysis.md): the agent
 * is the recording's left channel, the customer its right; seconds to the hundredth. A mono
 * recording (a carrier's, both sides mixed: docs/decisions/0107-call-back-recordings.md) has the
 * whole call's figures only: those that need to tell the sides apart are null, never guessed.
 */
export const ZCallSignalFigures = z.object({
  /** One channel, both sides mixed; absent: a stereo recording. */
  isMono: zBoolean.optional(),
  durationSec: z.number(),
  /** What either side said (their speech joined; the mixed signal's in a mono recording). */
  speechSec: z.number().optional(),
  /** Each side's talk; null in a mono recording. */
  agentTalkSec: z.number().nullable(),
  customerTalkSec: z.number().nullable(),
  /** Each side's share of the talk (the two add up to 100), in percent to one decimal. */
  agentSharePercent: z.number().nullable(),
  customerSharePercent: z.number().nullable(),
  /** Silences (静音): gaps between the first and the last words where neither side speaks, from this long. */
  silenceThresholdSec: z.number(),
  silenceCount: zInt,
  silenceLongestSec: z.number(),
  silenceTotalSec: z.number(),
  /** Overlaps (抢话): both sides speaking at once; null in a mono recording. */
  overlapCount: zInt.nullable(),
  overlapTotalSec: z.number().nullable(),
  /** Overlaps the agent began while the customer was speaking, and the other way round. */
  agentInterruptions: zInt.nullable(),
  customerInterruptions: zInt.nullable(),
  /** How many times the floor passed from one side to the other, plus the first speaker's. */
  turns: zInt.nullable(),
  /** When each side first spoke, from the answer; null when it never did (or in a mono recording). */
  agentFirstWordsSec: z.number().nullable(),
  customerFirstWordsSec: z.number().nullable(),
  /** Whose words came last, and how long the line stayed open after them (to the hang-up). */
  lastSpeaker: ZCallSide.nullable(),
  endSilenceSec: z.number(),
  /** Who hung up (the call record's 结束状态); null when the system or a timeout ended the call. */
  hungUpBy: ZCallSide.nullable(),
  /** Each side's speech, for a timeline under the player (empty in a mono recording). */
  agentSegments: z.array(ZSpan),
  customerSegments: z.array(ZSpan),
  /** A mono recording's speech, either side's. */
  speechSegments: z.array(ZSpan).optional(),
});
export type TCallSignalFigures = z.infer<typeof ZCallSignalFigures>;

/**
 * One sentence of a call's transcript: who said it, when (seconds from the answer), what. `side`
 * null: a mono recording's sentence, whose speaker the engine could not tell (单声道).
 */
export const ZCallTranscriptSegment = z.object({
  side: ZCallSide.nullable(),
  fromSec: z.number(),
  toSec: z.number(),
  text: zString,
});
export type TCallTranscriptSegment = z.infer<typeof ZCallTranscriptSegment>;

/**
 * What the speech-to-text made of a call (docs/decisions/0094-call-transcripts-and-analyst.md):
 * the engine names itself (the development one says it is a simulator); `note` says why a side or
 * the whole call has no text, '' otherwise.
 */
export const ZCallTranscript = z.object({
  engine: zString,
  isSimulated: zBoolean,
  segments: z.array(ZCallTranscriptSegment),
  note: zString,
});
export type TCallTranscript = z.infer<typeof ZCallTranscript>;

/** The customer's intention: A strong (agreed a next step), B some interest, C none shown, D refused. */
export const ZCallIntention = z.enum(['A', 'B', 'C', 'D'], { error: '意向等级不正确' });
/** Calls counted by the intention the analyst read, one count a level. */
export const ZIntentionCounts = z.object({ A: zInt, B: zInt, C: zInt, D: zInt });
export type TCallIntention = z.infer<typeof ZCallIntention>;

/** What the analyst read from a transcript; `engine` names it (a model, or the rule engine). */
export const ZCallInsight = z.object({
  engine: zString,
  summary: z.string().max(300),
  intention: ZCallIntention,
  intentionReason: zString,
  objections: z.array(zString),
  nextStep: zString,
  /** The Beijing day promised for the next step, YYYY-MM-DD; null when none was. */
  nextDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  followUpSuggestion: zString,
});
export type TCallInsight = z.infer<typeof ZCallInsight>;

/** One call's analysis. */
export const ZCallAnalysis = z.object({
  /** The call record analysed. */
  callRecordId: zInt,
  state: ZCallAnalysisState,
  stateName: zString,
  /** Why the analysis failed ('' otherwise); kept while a retry waits. */
  errorReason: zString,
  /** Runs so far (a retry counts). */
  attempts: zInt,
  /** Null until the analysis is done. */
  figures: ZCallSignalFigures.nullable(),
  /** Null until done, or where the speech-to-text is off. */
  transcript: ZCallTranscript.nullable(),
  /** Null until done, where the analyst is off, or where it had nothing to read (then `insightNote` says so). */
  insight: ZCallInsight.nullable(),
  insightNote: zString,
  /** The enterprise's quality rules and extraction fields on the call; null until done (or analysed before them). */
  quality: ZCallQuality.nullable().optional(),
  analysedAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TCallAnalysis = z.infer<typeof ZCallAnalysis>;

/** A row of the analyses' list: the analysis without the segments and the transcript, and its call. */
export const ZCallAnalysisRow = ZCallAnalysis.omit({
  figures: true,
  transcript: true,
  insight: true,
  insightNote: true,
  quality: true,
}).extend({
  figures: ZCallSignalFigures.omit({ agentSegments: true, customerSegments: true, speechSegments: true }).nullable(),
  /** The agent who made the call. */
  realName: zString,
  /** The customer's number, masked for people who see numbers masked. */
  telB: zString,
  startTime: ZTime,
  /** Seconds. */
  duration: zInt,
});
export type TCallAnalysisRow = z.infer<typeof ZCallAnalysisRow>;

export const ZCallAnalysisQuery = ZPageQuery.extend({ state: ZCallAnalysisState.optional() });

const ZOneCall = z.object({ id: zId('通话记录') });

/** 坐席小结's filters: 话务统计's (the start-time range in Beijing days, agents, department, line). */
export const ZSeatSummaryQuery = ZPageQuery.extend(callFilterShape('统计')).superRefine((f, ctx) =>
  checkCallRange('统计', f, ctx),
);

/** 坐席小结's export: the list's conditions, every row. */
export const ZSeatSummaryExport = z
  .object(callFilterShape('统计'))
  .superRefine((f, ctx) => checkCallRange('统计', f, ctx));

/**
 * One agent's day of analysed calls (坐席小结): what the signal analysis found, added up. Shares
 * and averages are over the day's analysed calls; seconds to the tenth.
 */
export const ZSeatSummaryRow = z.object({
  /** The row's key: its day and agent. */
  key: zString,
  /** The Beijing day, YYYY-MM-DD. */
  day: zString,
  userId: zInt,
  realName: zString,
  deptName: zString.nullable(),
  analysedCalls: zInt,
  /** The analysed calls' talk time (the call records' duration). */
  talkSec: zInt,
  agentTalkSec: z.number(),
  customerTalkSec: z.number(),
  /** The agent's share of what both sides said, in percent; null when nobody spoke. */
  agentSharePercent: z.number().nullable(),
  silenceCount: zInt,
  silenceTotalSec: z.number(),
  silenceLongestSec: z.number(),
  overlapCount: zInt,
  agentInterruptions: zInt,
  customerInterruptions: zInt,
  /** Turns per call, on average over the stereo ones; null when none was (a mono recording has no turns). */
  turnsPerCall: z.number().nullable(),
  /** When the customer first spoke, on average over the calls where he did; null when he never did. */
  customerFirstWordsSec: z.number().nullable(),
  /** The day's calls by the intention the analyst read (calls it did not read count in none). */
  intentions: ZIntentionCounts,
  /** The enterprise's quality rules the day's calls hit (each rule once per call). */
  ruleHits: zInt,
});
export type TSeatSummaryRow = z.infer<typeof ZSeatSummaryRow>;

export const callAnalysisRoutes = {
  /** A call's analysis (通话记录's 智能分析); null when the call has none. */
  one: route({
    method: 'POST',
    path: '/base/call/detail/ai-record-analysis/one',
    readOnly: true,
    request: ZOneCall,
    response: ZCallAnalysis.nullable(),
    permission: Perm.callRecordList,
    summary: '通话分析',
  }),
  /** The analyses of the calls in the reader's data scope, newest first. */
  page: route({
    method: 'POST',
    path: '/base/call/detail/ai-record-analysis/page',
    readOnly: true,
    request: ZCallAnalysisQuery,
    response: zPage(ZCallAnalysisRow),
    permission: Perm.callRecordList,
    summary: '通话分析列表',
  }),
  /** 坐席小结: each agent's days of analysed calls in the reader's data scope, the latest day first. */
  seatSummary: route({
    method: 'POST',
    path: '/base/call/detail/ai-seat-user/page',
    readOnly: true,
    request: ZSeatSummaryQuery,
    response: zPage(ZSeatSummaryRow),
    permission: Perm.callStatistics,
    summary: '坐席小结',
  }),
  /** 坐席小结 as xlsx: the same rows and columns, every page. */
  seatSummaryExport: route({
    method: 'POST',
    path: '/base/call/detail/ai-seat-user/export',
    request: ZSeatSummaryExport,
    response: z.unknown(),
    permission: Perm.callStatisticsExport,
    audited: true,
    result: 'blob',
    summary: '导出坐席小结',
  }),
  /** Analyse a recorded call again (a failed one, or after the analysis changed). */
  reanalyse: route({
    method: 'POST',
    path: '/base/call/detail/ai-record-analysis/reanalyse',
    request: ZOneCall,
    response: ZCallAnalysis,
    permission: Perm.callAnalysisReanalyse,
    audited: true,
    summary: '重新分析通话',
  }),
  /** 质检设置: the enterprise's quality rules, in order of creation. */
  ruleList: route({
    method: 'POST',
    path: '/base/call/quality/rule/list',
    readOnly: true,
    request: z.object({}),
    response: z.array(ZQualityRule),
    permission: Perm.callQualitySettings,
    summary: '质检规则',
  }),
  /** A new rule (no id) or a changed one; it applies from the next analysis (a re-analysis too). */
  ruleSave: route({
    method: 'POST',
    path: '/base/call/quality/rule/save',
    request: ZQualityRuleInput,
    response: ZQualityRule,
    permission: Perm.callQualitySettings,
    audited: true,
    summary: '保存质检规则',
  }),
  ruleDelete: route({
    method: 'POST',
    path: '/base/call/quality/rule/delete',
    request: z.object({ id: zId('规则编号') }),
    response: ZNull,
    permission: Perm.callQualitySettings,
    audited: true,
    summary: '删除质检规则',
  }),
  /** The enterprise's extraction fields, in order. */
  fieldList: route({
    method: 'POST',
    path: '/base/call/quality/field/list',
    readOnly: true,
    request: z.object({}),
    response: z.array(ZExtractionField),
    permission: Perm.callQualitySettings,
    summary: '提取字段',
  }),
  fieldSave: route({
    method: 'POST',
    path: '/base/call/quality/field/save',
    request: ZExtractionFieldInput,
    response: ZExtractionField,
    permission: Perm.callQualitySettings,
    audited: true,
    summary: '保存提取字段',
  }),
  fieldDelete: route({
    method: 'POST',
    path: '/base/call/quality/field/delete',
    request: z.object({ id: zId('字段编号') }),
    response: ZNull,
    permission: Perm.callQualitySettings,
    audited: true,
    summary: '删除提取字段',
  }),
  /** Which lines' calls are analysed (every line unless the enterprise chose some). */
  scopeGet: route({
    method: 'POST',
    path: '/base/call/quality/scope/get',
    readOnly: true,
    request: z.object({}),
    response: ZAnalysisScope,
    permission: Perm.callQualitySettings,
    summary: '分析范围',
  }),
  scopeSave: route({
    method: 'POST',
    path: '/base/call/quality/scope/save',
    request: ZAnalysisScope,
    response: ZAnalysisScope,
    permission: Perm.callQualitySettings,
    audited: true,
    summary: '保存分析范围',
  }),
} as const;

/** 坐席小结 (account/seatSummary, AI seat summary), in the 呼叫中心 folder beside 话务统计. */
export const callAnalysisMenuNodes: TMenuNode[] = [
  menuScreen('3072', '坐席小结', 'account/seatSummary', 'SolutionOutlined', Perm.callStatistics, [
    menuButton('307201', '导出坐席小结', Perm.callStatisticsExport),
  ]),
  menuScreen('3073', '质检设置', 'account/qualityRules', 'AuditOutlined', Perm.callQualitySettings),
];
