// 空号检测's labels, apart from its zod schemas so the web reaches them without zod; number-check.ts
// re-exports them under the same names.

/** What a check says of a number (the providers' six states). */
export const numberCheckResults = ['empty', 'real', 'stopped', 'unknown', 'silent', 'risk'] as const;
export type TNumberCheckResult = (typeof numberCheckResults)[number];
export const numberCheckResultLabel: Record<TNumberCheckResult, string> = {
  empty: '空号',
  real: '实号',
  stopped: '停机',
  unknown: '库无',
  silent: '沉默号',
  risk: '风险号',
};
/** The results 一键排除 leaves out by default: numbers nobody can be reached at. */
export const numberCheckExcludedByDefault: readonly TNumberCheckResult[] = ['empty', 'stopped'];

/** Where the numbers come from: a CRM customer import before it is confirmed, or 批量匹配's unlocked contacts. */
export const numberCheckSources = ['crmImport', 'clueMatch'] as const;
export type TNumberCheckSource = (typeof numberCheckSources)[number];

/** A run of the check on the job queue: waiting, under way, finished, or given up with its reason. */
export const numberCheckRunStates = ['queued', 'running', 'done', 'failed'] as const;
export type TNumberCheckRunState = (typeof numberCheckRunStates)[number];
export const numberCheckRunStateLabel: Record<TNumberCheckRunState, string> = {
  queued: '排队中',
  running: '检测中',
  done: '已完成',
  failed: '失败',
};

export const numberCheckLimits = {
  /** Numbers one check batch may hold (an import's or a match's rows). */
  maxNumbers: 20_000,
} as const;
