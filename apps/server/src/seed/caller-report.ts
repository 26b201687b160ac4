import { eq, inArray } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { callerReportMaterials, callerReports } from '../modules/caller-report/caller-report.schema.js';
import { lines } from '../modules/line/line.schema.js';
import { users } from '../modules/org/org.schema.js';

const day = 86_400_000;

/**
 * 号码报备 of the demo enterprise: its materials (version 1; a fictitious applicant whose ID number
 * is not kept, only its masked form) and its numbers' reports: the numbers its lines show are
 * approved, one of its own numbers waits for review, another was rejected with a reason.
 */
export const seedCallerReports = async (tx: TDb, tenantId: number, now: number): Promise<void> => {
  const [admin] = await tx
    .select({ id: users.id, realName: users.realName })
    .from(users)
    .where(eq(users.username, 'admin'));
  const found = await tx
    .select({ id: lines.id, name: lines.name })
    .from(lines)
    .where(inArray(lines.name, ['浙江软电话线路', '全国回拨线路', 'APP 外呼线路']));
  const sip = found.find((l) => l.name === '浙江软电话线路')!.id;
  const callback = found.find((l) => l.name === '全国回拨线路')!.id;
  const app = found.find((l) => l.name === 'APP 外呼线路')!.id;
  const submittedAt = new Date(now - 20 * day);
  const reviewedAt = new Date(now - 19 * day);
  await tx.insert(callerReportMaterials).values({
    tenantId,
    version: 1,
    companyName: '演示科技有限公司',
    creditCode: '91350100M000100Y43',
    applicantType: 'legal',
    applicantName: '张明',
    idNumberCipher: '',
    idNumberMasked: '110***********002X',
    mobile: '13900000001',
    contactName: '李华',
    contactMobile: '13900000002',
    usageScenario: '老客户回访与续费提醒',
    script: '您好，我是演示科技的客服，来电提醒您的服务即将到期，请问现在方便了解续费方案吗？',
    submittedBy: admin!.id,
    submitter: admin!.realName,
    createdAt: submittedAt,
  });
  const base = {
    tenantId,
    scenario: '老客户回访与续费提醒',
    script: '您好，我是演示科技的客服，来电提醒您的服务即将到期。',
    materialsVersion: 1,
    createdBy: admin!.id,
    creator: admin!.realName,
    createdAt: submittedAt,
    submittedAt,
  };
  const approved = { ...base, state: 'approved', reviewer: '平台运营', reviewedAt };
  await tx.insert(callerReports).values([
    { ...approved, lineId: sip, number: '057188880001' },
    { ...approved, lineId: sip, number: '057188880002' },
    { ...approved, lineId: callback, number: '02566660001' },
    { ...approved, lineId: app, number: '17000000001' },
    { ...base, lineId: sip, number: '057188881002', state: 'pending', submittedAt: new Date(now - day) },
    {
      ...base,
      lineId: callback,
      number: '02566661001',
      state: 'rejected',
      reason: '话术未说明来电目的与企业名称，请补充后重新提交',
      reviewer: '平台运营',
      reviewedAt,
    },
  ]);
};
