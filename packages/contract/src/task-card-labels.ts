// The task-card area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; task-card.ts re-exports them under the same names.

/**
 * 任务卡: a calling task is a list of customers, each assigned to one agent, worked
 * through with automatic dialing (spec section 3 "automatic-dial popups"); managers see progress.
 */
export const taskStatuses = ['running', 'paused', 'closed'] as const;

export const taskStatusText: Record<(typeof taskStatuses)[number], string> = {
  running: '进行中',
  paused: '已暂停',
  closed: '已完成',
};

export const taskItemStatuses = ['pending', 'dialled', 'done', 'skipped'] as const;

export const taskItemStatusText: Record<(typeof taskItemStatuses)[number], string> = {
  pending: '待拨打',
  dialled: '已拨打',
  done: '已完成',
  skipped: '已跳过',
};

/** The fixed result codes of one customer's call. */
export const taskResults = ['interested', 'not_interested', 'call_later', 'no_answer', 'invalid', 'rejected'] as const;

export const taskResultText: Record<(typeof taskResults)[number], string> = {
  interested: '有意向',
  not_interested: '无意向',
  call_later: '稍后再拨',
  no_answer: '未接通',
  invalid: '空号',
  rejected: '拒接',
};

/** Spec section 9: "SIP countdown default 5". */
export const defaultCountdownSeconds = 5;
