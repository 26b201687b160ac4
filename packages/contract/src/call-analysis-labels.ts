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
