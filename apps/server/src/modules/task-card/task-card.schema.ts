import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { customers } from '../crm/crm.schema.js';
import { lines } from '../line/line.schema.js';
import { departments, users } from '../org/org.schema.js';
import { resourceItems } from '../resource/resource.schema.js';

/** 任务卡: a calling task; its customers are `call_task_items`. */
export const callTasks = tenantTable(
  'call_tasks',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The line to call on; null = the line each agent has chosen. */
    lineId: ref('line_id').references(() => lines.id),
    countdownSeconds: integer('countdown_seconds').notNull().default(5),
    /** running | paused | closed. */
    status: text('status').notNull().default('running'),
    createdBy: ref('created_by').notNull(),
    /** The creator's department: managers see the tasks of their department and below. */
    deptId: ref('dept_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    /** The task's own 话术, shown first to its agents while calling (migration 0095); gone with the script. */
    scriptId: ref('script_id'),
  },
  (t) => [
    sameTenant('call_tasks_created_by_users_id_fk', t, t.createdBy, users),
    sameTenant('call_tasks_dept_id_departments_id_fk', t, t.deptId, departments),
    sameTenant('call_tasks_script_id_fkey', t, t.scriptId, resourceItems, 'set null'),
    // taskCard: a tenant's (or a department's) tasks, newest first.
    index('call_tasks_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('call_tasks_tenant_dept_created_idx').on(t.tenantId, t.deptId, t.createdAt),
    index('call_tasks_script_idx').on(t.scriptId).where(sql`${t.scriptId} is not null`),
  ],
);

/** One customer of a task, assigned to one agent, with his call's result. */
export const callTaskItems = tenantTable(
  'call_task_items',
  {
    taskId: ref('task_id').notNull(),
    // A customer deleted for good leaves the task with him.
    customerId: ref('customer_id').notNull(),
    userId: ref('user_id').notNull(),
    /** The agent's department when assigned (the manager's data scope over the items). */
    deptId: ref('dept_id'),
    /** Order of work within the task. */
    seq: integer('seq').notNull(),
    /** pending | dialled | done | skipped. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastBindId: text('last_bind_id'),
    /** One of the fixed result codes (contract `taskResults`). */
    result: text('result'),
    note: text('note').notNull().default(''),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('call_task_items_customer_id_customers_id_fk', t, t.customerId, customers, 'cascade'),
    sameTenant('call_task_items_dept_id_departments_id_fk', t, t.deptId, departments),
    sameTenant('call_task_items_task_id_call_tasks_id_fk', t, t.taskId, callTasks, 'cascade'),
    sameTenant('call_task_items_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('call_task_items_task_customer_idx').on(t.taskId, t.customerId, t.tenantId),
    // taskCard/Info's list in order, and the agent's current customer and queue.
    index('call_task_items_task_seq_idx').on(t.taskId, t.seq),
    index('call_task_items_task_user_seq_idx').on(t.taskId, t.userId, t.seq),
    // myTaskCard: the tasks an agent has customers in.
    index('call_task_items_tenant_user_task_idx').on(t.tenantId, t.userId, t.taskId),
    // The dial flow: does this agent have an open item for this customer? And a purged customer's
    // items go with him (migration 0033).
    index('call_task_items_customer_user_idx').on(t.customerId, t.userId),
  ],
);
