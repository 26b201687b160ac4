import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { enterpriseCertifications } from '../modules/certification/certification.schema.js';
import { users } from '../modules/org/org.schema.js';
import { enterpriseContracts } from '../modules/platform/content.schema.js';

const day = 86_400_000;

/** The demo enterprise's contract with the platform and the approved authentication behind its 企业认证. */
export const seedPlatformContent = async (tx: TDb, demoTenantId: number, now: number) => {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  const signed = now - 90 * day;
  await tx.insert(enterpriseContracts).values({
    tenantId: demoTenantId,
    contractNo: 'HT-2026-0001',
    signedAt: new Date(signed),
    seats: 20,
    // 199.00 yuan per seat per month.
    seatPrice: 19_900,
    startAt: new Date(signed),
    endAt: new Date(signed + 365 * day),
    remark: '年度合同，含20个坐席',
  });
  await tx.insert(enterpriseCertifications).values({
    tenantId: demoTenantId,
    type: 'enterprise',
    companyName: '演示科技有限公司',
    creditCode: '91350100M000100Y43',
    legalPerson: '张明',
    licenseUrl: '',
    status: 'approved',
    submittedBy: admin?.id ?? 0,
    submitter: '张明',
    examiner: '平台运营',
    createdAt: new Date(signed - 2 * day),
    examinedAt: new Date(signed - day),
  });
};
