import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { lineRef } from '../line/line.schema.js';
import { users } from '../org/org.schema.js';

/** One document of a materials version: the private upload's name (`<key>.<type>`) and what it is. */
export type TStoredDoc = { kind: string; file: string; name: string; type: string; size: number };

/**
 * An enterprise's reporting materials (资料提交), one row per version: a change is a new version,
 * the old ones stay as they were reviewed.
 */
export const callerReportMaterials = tenantTable(
  'caller_report_materials',
  {
    version: integer('version').notNull(),
    companyName: text('company_name').notNull(),
    creditCode: text('credit_code').notNull(),
    /** legal | agent */
    applicantType: text('applicant_type').notNull(),
    applicantName: text('applicant_name').notNull(),
    /** AES-256-GCM of the ID number (caller-report.crypto.ts); never sent to a client. */
    idNumberCipher: text('id_number_cipher').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    mobile: text('mobile').notNull(),
    contactName: text('contact_name').notNull(),
    contactMobile: text('contact_mobile').notNull(),
    usageScenario: text('usage_scenario').notNull(),
    script: text('script').notNull(),
    documents: jsonb('documents').$type<TStoredDoc[]>().notNull().default(sql`'[]'::jsonb`),
    submittedBy: ref('submitted_by').notNull(),
    submitter: text('submitter').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('caller_report_materials_submitted_by_fkey', t, t.submittedBy, users),
    uniqueIndex('caller_report_materials_tenant_version_idx').on(t.tenantId, t.version),
  ],
);

/** A per-number report (号码报备): a 外显号码 of a line, its scenario and script, and its review. */
export const callerReports = tenantTable(
  'caller_reports',
  {
    lineId: lineRef(),
    number: text('number').notNull(),
    scenario: text('scenario').notNull(),
    script: text('script').notNull(),
    materialsVersion: integer('materials_version'),
    /** draft | pending | approved | rejected */
    state: text('state').notNull().default('draft'),
    reason: text('reason').notNull().default(''),
    createdBy: ref('created_by').notNull(),
    creator: text('creator').notNull(),
    reviewer: text('reviewer').notNull().default(''),
    createdAt: createdAt(),
    submittedAt: ts('submitted_at'),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    sameTenant('caller_reports_created_by_fkey', t, t.createdBy, users),
    uniqueIndex('caller_reports_tenant_line_number_idx').on(t.tenantId, t.lineId, t.number),
    index('caller_reports_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('caller_reports_state_submitted_idx').on(t.state, t.submittedAt),
  ],
);
