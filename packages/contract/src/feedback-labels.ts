// The feedback area's labels, lists and permission strings, apart from its zod schemas so the web
// reaches them without zod; feedback.ts re-exports them under the same names.

/**
 * 意见反馈 (spec section 2 `opinion`): any signed-in user sends feedback; the platform operator
 * (super tenant) answers it in a thread and closes it. Sending and reading one's own needs no grant.
 */
export const FeedbackPerm = {
  list: 'platform:feedback:list',
  reply: 'platform:feedback:reply',
} as const;

export const feedbackKinds = ['suggestion', 'problem', 'complaint', 'other'] as const;
export type TFeedbackKind = (typeof feedbackKinds)[number];

export const feedbackKindLabel: Record<TFeedbackKind, string> = {
  suggestion: '建议',
  problem: '问题',
  complaint: '投诉',
  other: '其他',
};

export const feedbackStates = ['pending', 'processing', 'replied', 'closed'] as const;
export type TFeedbackState = (typeof feedbackStates)[number];

export const feedbackStateLabel: Record<TFeedbackState, string> = {
  pending: '待处理',
  processing: '处理中',
  replied: '已回复',
  closed: '已关闭',
};

/** At most this many screenshots go with one feedback. */
export const feedbackMaxScreenshots = 5;

/** Where the bell's reply notice leads: the sender's 意见反馈 with that feedback open. */
export const feedbackNoticeLink = (id: number) => `/menu/opinion?open=${id}`;
