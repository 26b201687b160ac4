// The caller reporting's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod; caller-report.ts re-exports them under the same names.

/**
 * 号码报备 and 数据审核 (spec sections 2 and 7, `CallerReporting`, `userdata/*`): an enterprise keeps
 * its reporting materials (资料提交) and reports each 外显号码 with its scenario and calling script;
 * the platform operator reviews the reports. Platform strings start with `platform:` so only the
 * super tenant holds them.
 */
export const ReportPerm = {
  materialView: 'report:material:view',
  materialSubmit: 'report:material:submit',
  numberList: 'report:number:list',
  numberSubmit: 'report:number:submit',
  reviewList: 'platform:report:list',
  reviewExamine: 'platform:report:examine',
} as const;

/** 数据审核 in an agent's console (only an agent's roles hold these; migration 0073 grants them). */
export const AgentReportPerm = {
  list: 'agent:report:list',
  examine: 'agent:report:examine',
} as const;

/** Who applies for the enterprise: its legal representative, or an agent (经办人) with a power of attorney. */
export const applicantTypes = ['legal', 'agent'] as const;
export type TApplicantType = (typeof applicantTypes)[number];
export const applicantTypeLabel: Record<TApplicantType, string> = { legal: '法定代表人', agent: '经办人' };

/** A per-number report's life: 草稿 → 待审核 → 审核通过 / 驳回 → (corrected) 待审核 again. */
export const reportStates = ['draft', 'pending', 'approved', 'rejected'] as const;
export type TReportState = (typeof reportStates)[number];
export const reportStateLabel: Record<TReportState, string> = {
  draft: '草稿',
  pending: '待审核',
  approved: '审核通过',
  rejected: '驳回',
};

/** The documents of the materials; images are jpg/png of 50 KB to 5 MB, the script doc/docx/pdf. */
export const reportDocKinds = [
  'license',
  'idFront',
  'idBack',
  'idHandheld',
  'commitment',
  'authorization',
  'script',
] as const;
export type TReportDocKind = (typeof reportDocKinds)[number];
export const reportDocKindLabel: Record<TReportDocKind, string> = {
  license: '营业执照（加盖公章）',
  idFront: '身份证人像面',
  idBack: '身份证国徽面',
  idHandheld: '手持身份证照片',
  commitment: '安全合规使用承诺书',
  authorization: '委托授权书',
  script: '通话话术文件',
};

/** The documents every version needs; an agent applicant also needs the power of attorney. */
export const requiredDocKinds = (applicantType: TApplicantType): TReportDocKind[] => [
  'license',
  'idFront',
  'idBack',
  'idHandheld',
  'commitment',
  ...(applicantType === 'agent' ? (['authorization'] as const) : []),
];

export const reportImageLimits = { minBytes: 50 * 1024, maxBytes: 5 * 1024 * 1024 } as const;

/** An ID number shown to people: the first 3 and last 4 characters. */
export const maskIdNumber = (no: string): string =>
  no.length > 7 ? `${no.slice(0, 3)}${'*'.repeat(no.length - 7)}${no.slice(-4)}` : '*'.repeat(no.length);
