// The crm-customer area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; crm-customer.ts re-exports them under the same names.

/** A customer's text fields, as the forms, the lists and the change log name them. */
export const customerTextFieldLabel = {
  name: '客户名称',
  mobile: '手机号',
  company: '公司',
  address: '地址',
  remark: '备注',
  source: '来源',
};

export const intentionLevels = ['A', 'B', 'C', 'D', 'E'] as const;

export const intentionLevelLabel: Record<(typeof intentionLevels)[number], string> = {
  A: 'A 一个月内有明确需求',
  B: 'B 三个月内有需求',
  C: 'C 半年内有需求',
  D: 'D 潜在客户',
  E: 'E 暂无需求',
};

export const phoneLabels = ['connected', 'no_answer', 'busy', 'power_off', 'suspended', 'invalid'] as const;

export const phoneLabelText: Record<(typeof phoneLabels)[number], string> = {
  connected: '已接通',
  no_answer: '无人接听',
  busy: '占线',
  power_off: '关机',
  suspended: '停机',
  invalid: '空号',
};

/**
 * A mainland mobile as people type it: +86, spaces and dashes are dropped before the check
 * (139 1234 5678, 139-1234-5678 and +8613912345678 are the same number).
 */
export const normaliseMobile = (s: string): string => s.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, '');
