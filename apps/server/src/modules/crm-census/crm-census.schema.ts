import { bigint, date, pgTable, text } from 'drizzle-orm/pg-core';
import { ref, tenantId } from '../../db/columns.js';

// The census's counts, kept by statement triggers on customers and crm_follow_records (migration
// 0067). With customer_counts (the pool, level and owner groups) they answer 客户统计 by summing a
// few rows inside the data scope instead of counting the customers. Groups never go negative; a group
// emptied by moves stays with n = 0, which the sums skip.

/** Customers outside the recycle bin by owner, department and source. */
export const customerSourceCounts = pgTable('customer_source_counts', {
  tenantId: tenantId(),
  ownerId: ref('owner_id'),
  deptId: ref('dept_id'),
  source: text('source').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Customers outside the recycle bin by the Asia/Shanghai day they were created, owner and department. */
export const customerDayCounts = pgTable('customer_day_counts', {
  tenantId: tenantId(),
  day: date('day', { mode: 'string' }).notNull(),
  ownerId: ref('owner_id'),
  deptId: ref('dept_id'),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Follow-up records by the Asia/Shanghai day they were written and their author. */
export const followDayCounts = pgTable('follow_day_counts', {
  tenantId: tenantId(),
  day: date('day', { mode: 'string' }).notNull(),
  userId: ref('user_id'),
  n: bigint('n', { mode: 'number' }).notNull(),
});
