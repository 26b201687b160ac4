import { sql } from 'drizzle-orm';
import { index, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantTable, ts } from '../../db/columns.js';

/**
 * Enterprise authentication submissions (企业认证). The tenant's current state stays in
 * tenants.auth_state; these rows keep every submission with its review result.
 */
export const enterpriseCertifications = tenantTable(
  'enterprise_certifications',
  {
    /** personal | enterprise */
    type: text('type').notNull(),
    companyName: text('company_name').notNull().default(''),
    creditCode: text('credit_code').notNull().default(''),
    legalPerson: text('legal_person').notNull().default(''),
    licenseUrl: text('license_url').notNull().default(''),
    personName: text('person_name').notNull().default(''),
    idCardNo: text('id_card_no').notNull().default(''),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    submittedBy: ref('submitted_by').notNull(),
    submitter: text('submitter').notNull(),
    examiner: text('examiner').notNull().default(''),
    createdAt: createdAt(),
    examinedAt: ts('examined_at'),
  },
  (t) => [
    index('enterprise_certifications_tenant_idx').on(t.tenantId, t.id),
    // The platform's review queue: by status, newest first.
    index('enterprise_certifications_status_idx').on(t.status, t.createdAt),
    // At most one submission waits for review per enterprise.
    uniqueIndex('enterprise_certifications_pending_idx').on(t.tenantId).where(sql`status = 'pending'`),
  ],
);
