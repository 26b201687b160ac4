import type { TCallerReport, TMaterials } from '@yunhu/contract';

/** A report and a materials version as the server answers them, for the screens' tests. */
export const reportOf = (over: Partial<TCallerReport> = {}): TCallerReport => ({
  id: 7,
  tenantId: 2,
  enterpriseName: '演示科技有限公司',
  lineId: 1,
  lineName: '浙江软电话线路',
  number: '057188881002',
  scenario: '老客户回访',
  script: '您好，这里是演示科技回访',
  materialsVersion: 2,
  state: 'pending',
  reason: '',
  creator: '张明',
  reviewer: '',
  createdAt: Date.UTC(2026, 10, 1),
  submittedAt: Date.UTC(2026, 10, 2),
  reviewedAt: null,
  ...over,
});

export const materialsOf = (over: Partial<TMaterials> = {}): TMaterials => ({
  id: 3,
  tenantId: 2,
  enterpriseName: '演示科技有限公司',
  version: 2,
  companyName: '演示科技有限公司',
  creditCode: '91350100M000100Y43',
  applicantType: 'legal',
  applicantName: '张明',
  idNumberMasked: '110***********002X',
  mobile: '13900000001',
  contactName: '李华',
  contactMobile: '13900000002',
  usageScenario: '老客户回访与续费提醒',
  script: '您好，我是演示科技的客服',
  documents: [
    { kind: 'license', file: `${'a'.repeat(32)}.png`, name: '执照.png', type: 'png', size: 60_000 },
    { kind: 'script', file: `${'b'.repeat(32)}.docx`, name: '话术.docx', type: 'docx', size: 9_000 },
  ],
  submitter: '张明',
  createdAt: Date.UTC(2026, 10, 1),
  ...over,
});
