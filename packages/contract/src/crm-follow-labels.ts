// The crm-follow area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; crm-follow.ts re-exports them under the same names.

export const followMethods = ['phone', 'wechat', 'visit', 'other'] as const;

export const followMethodLabel: Record<(typeof followMethods)[number], string> = {
  phone: '电话',
  wechat: '微信',
  visit: '拜访',
  other: '其他',
};

export const timelineKinds = ['follow', 'comment', 'visit', 'owner', 'call', 'change'] as const;
