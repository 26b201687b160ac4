import { index, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { customers } from '../crm/crm.schema.js';
import { users } from '../org/org.schema.js';

// The return visits' table (回访); db/schema.ts gathers it with every other table.

/** 回访 (company/upList): a planned or done return visit. */
export const crmReturnVisits = tenantTable(
  'crm_return_visits',
  {
    customerId: ref('customer_id').notNull(),
    userId: ref('user_id'),
    deptId: ref('dept_id'),
    content: text('content').notNull(),
    /** satisfied, normal, unsatisfied, unreachable. */
    result: text('result').notNull().default('normal'),
    visitAt: ts('visit_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('crm_return_visits_customer_id_customers_id_fk', t, t.customerId, customers, 'cascade'),
    sameTenant('crm_return_visits_user_id_users_id_fk', t, t.userId, users),
    index('crm_visits_tenant_idx').on(t.tenantId, t.visitAt),
    index('crm_visits_customer_idx').on(t.customerId, t.visitAt),
  ],
);
