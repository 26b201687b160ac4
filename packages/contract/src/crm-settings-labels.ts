// The crm-settings area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; crm-settings.ts re-exports them under the same names.

// ---- Tags (crm-user-tag) -----------------------------------------------------------------------
export const tagColors = ['red', 'orange', 'gold', 'green', 'cyan', 'blue', 'purple', 'magenta'] as const;

// ---- Custom fields (sys-customer-field) --------------------------------------------------------
export const customFieldTypes = ['text', 'textarea', 'number', 'date', 'select', 'multiselect'] as const;

export const customFieldTypeLabel: Record<(typeof customFieldTypes)[number], string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  date: '日期',
  select: '单选',
  multiselect: '多选',
};

// ---- Return visits (company/upList) ------------------------------------------------------------
export const visitResults = ['satisfied', 'normal', 'unsatisfied', 'unreachable'] as const;

export const visitResultLabel: Record<(typeof visitResults)[number], string> = {
  satisfied: '满意',
  normal: '一般',
  unsatisfied: '不满意',
  unreachable: '未联系上',
};
