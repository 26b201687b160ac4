import { index, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantTable, ts } from '../../db/columns.js';
import { customerRef } from '../crm/crm.schema.js';
import { users } from '../org/org.schema.js';

// The return visits' table (回访); db/schema.ts gathers it with every other table.

/** 回访 (company/upList): a planned or done return visit. */
export const crmReturnVisits = tenantTable(
  'crm_return_visits',
  {
    customerId: customerRef(),
    userId: ref('user_id').references(() => users.id),
    deptId: ref('dept_id'),
    content: text('content').notNull(),
    /** satisfied, normal, unsatisfied, unreachable. */
    result: text('result').notNull().default('normal'),
    visitAt: ts('visit_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('crm_visits_tenant_idx').on(t.tenantId, t.visitAt),
    index('crm_visits_customer_idx').on(t.customerId, t.visitAt),
  ],
);
