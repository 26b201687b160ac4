// A call analysis's states and their words, apart from the zod schemas so the web reaches them
// without zod; call-analysis.ts re-exports them.

/** 待分析 → 分析中 → 已完成, or 失败 with its reason once the retries are spent. */
export const callAnalysisStates = ['pending', 'running', 'done', 'failed'] as const;
export type TCallAnalysisState = (typeof callAnalysisStates)[number];

export const callAnalysisStateName: Record<TCallAnalysisState, string> = {
  pending: '待分析',
  running: '分析中',
  done: '已完成',
  failed: '失败',
};

/** 质检规则's kinds: words said (a mark, or a forbidden word), a phrase the agent must say, and signal thresholds. */
export const qualityRuleKinds = ['keyword', 'forbidden', 'required', 'silence', 'talkShare', 'interruptions'] as const;
export type TQualityRuleKind = (typeof qualityRuleKinds)[number];

export const qualityRuleKindName: Record<TQualityRuleKind, string> = {
  keyword: '关键词',
  forbidden: '禁语',
  required: '必说话术',
  silence: '静默时长',
  talkShare: '坐席说话占比',
  interruptions: '抢话次数',
};

/**
 * What a rule made of one call: hit, not hit, or not judged for want of a transcript (无转写) or of
 * the two sides told apart (单声道: a mono recording).
 */
export const qualityResultStatuses = ['hit', 'pass', 'noTranscript', 'mono'] as const;
export type TQualityResultStatus = (typeof qualityResultStatuses)[number];

export const qualityResultStatusName: Record<TQualityResultStatus, string> = {
  hit: '命中',
  pass: '未命中',
  noTranscript: '无转写',
  mono: '单声道',
};

/** Whose words or interruptions a rule counts. */
export const qualitySides = ['agent', 'customer', 'both'] as const;
export type TQualitySide = (typeof qualitySides)[number];
export const qualitySideName: Record<TQualitySide, string> = { agent: '坐席', customer: '客户', both: '双方' };

/** 提取字段's types: 文本, 单选 (one of its options), 是否, 数字. */
export const extractionFieldTypes = ['text', 'choice', 'boolean', 'number'] as const;
export type TExtractionFieldType = (typeof extractionFieldTypes)[number];
export const extractionFieldTypeName: Record<TExtractionFieldType, string> = {
  text: '文本',
  choice: '单选',
  boolean: '是否',
  number: '数字',
};
