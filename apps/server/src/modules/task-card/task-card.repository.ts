import type { TTaskItemStatus, TTaskStatus } from '@yunhu/contract';
import { and, asc, count, eq, gt, ilike, inArray, isNull, max, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { callBinds, customers, lines, users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { callTaskItems as i, callTasks as t } from './task-card.schema.js';

/** Items that still wait for the agent: not dialled yet, or dialled without a result. */
export const openItemStatuses = ['pending', 'dialled'] as const;

// Correlated subqueries name the outer table in full: drizzle writes a lone table's columns unqualified.
const taskColumns = {
  t,
  lineName: sql<string | null>`(select l.name from lines l where l.id = call_tasks.line_id)`,
  scriptTitle: sql<string | null>`(select r.title from resource_items r where r.id = call_tasks.script_id)`,
  createdByName: sql<string>`coalesce((select u.real_name from users u where u.id = call_tasks.created_by), '')`,
  deptName: sql<string>`coalesce((select d.name from departments d where d.id = call_tasks.dept_id), '')`,
};
const itemCount = (where: SQL) =>
  sql<number>`(select count(*)::int from call_task_items ci where ci.task_id = call_tasks.id and ${where})`;
const finishedStatuses = sql`ci.status in ('done', 'skipped')`;
/** Open items whose customer is in the recycle bin (passed over until he is recovered). */
const openDeleted = sql`ci.status not in ('done', 'skipped')
  and exists (select 1 from customers c where c.id = ci.customer_id and c.deleted_at is not null)`;
/** A task with the counts of all its items (the manager's view; an agent's counts are his own). */
const taskFigures = {
  ...taskColumns,
  total: itemCount(sql`true`),
  finished: itemCount(finishedStatuses),
  deleted: itemCount(openDeleted),
};

export type TTaskRow = typeof t.$inferSelect;
export type TItemRow = typeof i.$inferSelect;
export type TTaskWithNames = {
  t: TTaskRow;
  lineName: string | null;
  scriptTitle: string | null;
  createdByName: string;
  deptName: string;
  total: number;
  finished: number;
  deleted: number;
};
export type TItemWithNames = {
  i: TItemRow;
  customerName: string;
  mobile: string;
  realName: string;
  callState: string | null;
  isCustomerDeleted: boolean;
};
/**
 * One group of a task's items: how many of one agent are in one state with one result, their
 * customer in the recycle bin or not.
 */
export type TFigureRow = {
  userId: number;
  status: string;
  result: string | null;
  isDialled: boolean;
  isDeleted: boolean;
  n: number;
};

/** A customer in the recycle bin (the CRM's mark; deleted for good, he leaves the task). */
const isCustomerDeleted = sql<boolean>`${customers.deletedAt} is not null`;

const itemColumns = {
  i,
  customerName: sql<string>`coalesce(${customers.name}, '')`,
  mobile: sql<string>`coalesce(${customers.mobile}, '')`,
  realName: sql<string>`coalesce(${users.realName}, '')`,
  callState: callBinds.state,
  isCustomerDeleted,
};

const itemSelect = (db: TDb) =>
  db
    .select(itemColumns)
    .from(i)
    .innerJoin(customers, and(eq(customers.tenantId, i.tenantId), eq(customers.id, i.customerId)))
    .innerJoin(users, and(eq(users.tenantId, i.tenantId), eq(users.id, i.userId)))
    .leftJoin(callBinds, and(eq(callBinds.tenantId, i.tenantId), eq(callBinds.bindId, i.lastBindId)));

/** SQL of the calling tasks; the service decides who may read and change what. */
export const taskCardRepository = {
  insertTask: async (db: TDb, row: typeof t.$inferInsert) => (await db.insert(t).values(row).returning())[0]!,

  updateTask: (db: TDb, tenantId: number, id: number, set: Partial<typeof t.$inferInsert>) =>
    db
      .update(t)
      .set({ ...set, updatedAt: new Date() })
      .where(tenantRowIs(t, tenantId, id)),

  /** One task with its names and counts; `lock` holds it (status changes and item writes queue up). */
  findTask: async (db: TDb, tenantId: number, id: number, lock = false): Promise<TTaskWithNames | null> => {
    if (lock)
      await db
        .select({ id: t.id })
        .from(t)
        .where(tenantRowIs(t, tenantId, id))
        .for('update');
    const rows = await db
      .select(taskFigures)
      .from(t)
      .where(tenantRowIs(t, tenantId, id));
    return rows[0] ?? null;
  },

  /**
   * taskCard: the tasks of the reader's scope (by their creator and his department), newest first
   * on (tenant_id, created_at) or (tenant_id, dept_id, created_at).
   */
  taskPage: async (
    db: TDb,
    q: {
      tenantId: number;
      scope: TDataScope;
      filter: { status?: TTaskStatus; name?: string };
      paging: { page: number; limit: number };
    },
  ) => {
    const where = and(
      eq(t.tenantId, q.tenantId),
      scopeCondition(q.scope, { owner: t.createdBy, dept: t.deptId }),
      q.filter.status ? eq(t.status, q.filter.status) : undefined,
      q.filter.name ? ilike(t.name, likeOf(q.filter.name)) : undefined,
    );
    return pageOf(
      db.select({ n: count() }).from(t).where(where),
      db
        .select(taskFigures)
        .from(t)
        .where(where)
        .orderBy(...newestFirst(t))
        .$dynamic(),
      q.paging,
    );
  },

  /** The tasks (not closed) an agent has customers in, with his own counts, newest first. */
  /** The script and the line of a task in which the agent has customers, or null. */
  agentTaskLinks: (db: TDb, tenantId: number, userId: number, taskId: number) =>
    firstRow(
      db
        .select({ scriptId: t.scriptId, lineId: t.lineId })
        .from(t)
        .where(
          and(
            tenantRowIs(t, tenantId, taskId),
            sql`exists (select 1 from ${i} where ${i.taskId} = ${taskId} and ${i.userId} = ${userId})`,
          ),
        ),
    ),

  tasksOfAgent: (db: TDb, tenantId: number, userId: number) =>
    db
      .select({
        ...taskColumns,
        total: itemCount(sql`ci.user_id = ${userId}`),
        finished: itemCount(sql`ci.user_id = ${userId} and ${finishedStatuses}`),
        deleted: itemCount(sql`ci.user_id = ${userId} and ${openDeleted}`),
      })
      .from(t)
      .where(
        and(
          eq(t.tenantId, tenantId),
          ne(t.status, 'closed'),
          sql`${t.id} in (select ${i.taskId} from ${i} where ${i.tenantId} = ${tenantId} and ${i.userId} = ${userId})`,
        ),
      )
      .orderBy(...newestFirst(t)),

  insertItems: async (db: TDb, rows: (typeof i.$inferInsert)[]) => {
    for (let k = 0; k < rows.length; k += 500) await db.insert(i).values(rows.slice(k, k + 500));
  },

  maxSeq: async (db: TDb, taskId: number) =>
    (
      await db
        .select({ n: max(i.seq) })
        .from(i)
        .where(eq(i.taskId, taskId))
    )[0]?.n ?? 0,

  /** Which of these customers the task already has. */
  customersInTask: async (db: TDb, taskId: number, customerIds: readonly number[]) =>
    (
      await db
        .select({ customerId: i.customerId })
        .from(i)
        .where(and(eq(i.taskId, taskId), inArray(i.customerId, [...customerIds])))
    ).map((r) => r.customerId),

  /** Counts of a task's items by agent, state and result (the progress figures are sums of these). */
  figureRows: (db: TDb, taskId: number, userId?: number): Promise<TFigureRow[]> =>
    db
      .select({
        userId: i.userId,
        status: i.status,
        result: i.result,
        isDialled: sql<boolean>`${i.attempts} > 0`,
        isDeleted: isCustomerDeleted,
        n: sql<number>`count(*)::int`,
      })
      .from(i)
      .innerJoin(customers, and(eq(customers.tenantId, i.tenantId), eq(customers.id, i.customerId)))
      .where(and(eq(i.taskId, taskId), userId === undefined ? undefined : eq(i.userId, userId)))
      .groupBy(i.userId, i.status, i.result, sql`${i.attempts} > 0`, isCustomerDeleted),

  staffNames: async (db: TDb, tenantId: number, ids: readonly number[]) =>
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db
              .select({ id: users.id, realName: users.realName })
              .from(users)
              .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])))
          ).map((u) => [u.id, u.realName]),
        ),

  /** taskCard/Info: the task's customers in work order, on (task_id, seq) or (task_id, user_id, seq). */
  itemPage: async (
    db: TDb,
    q: {
      taskId: number;
      filter: { userId?: number; status?: TTaskItemStatus };
      paging: { page: number; limit: number };
    },
  ) => {
    const where = and(
      eq(i.taskId, q.taskId),
      q.filter.userId ? eq(i.userId, q.filter.userId) : undefined,
      q.filter.status ? eq(i.status, q.filter.status) : undefined,
    );
    const page = await pageOf(
      db.select({ n: count() }).from(i).where(where),
      itemSelect(db).where(where).orderBy(asc(i.seq), asc(i.id)).$dynamic(),
      q.paging,
    );
    return { records: page.records as TItemWithNames[], total: page.total };
  },

  /**
   * An agent's open customers of a task after `afterSeq`, in work order; customers in the recycle
   * bin are passed over (they come back in their place when recovered).
   */
  openItems: async (db: TDb, taskId: number, userId: number, limit: number, afterSeq = 0) =>
    (await itemSelect(db)
      .where(
        and(
          eq(i.taskId, taskId),
          eq(i.userId, userId),
          inArray(i.status, [...openItemStatuses]),
          gt(i.seq, afterSeq),
          isNull(customers.deletedAt),
        ),
      )
      .orderBy(asc(i.seq), asc(i.id))
      .limit(limit)) as TItemWithNames[],

  findItem: async (db: TDb, tenantId: number, id: number): Promise<TItemWithNames | null> =>
    ((await itemSelect(db).where(tenantRowIs(i, tenantId, id)))[0] as TItemWithNames | undefined) ?? null,

  /** Holds one item for a write (two clicks on 保存 write one result). */
  lockItem: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .select()
        .from(i)
        .where(tenantRowIs(i, tenantId, id))
        .for('update')
    )[0] ?? null,

  updateItem: (db: TDb, id: number, set: Partial<typeof i.$inferInsert>) =>
    db
      .update(i)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(i.id, id)),

  itemsOfTask: (db: TDb, taskId: number, ids: readonly number[]) =>
    db
      .select()
      .from(i)
      .where(and(eq(i.taskId, taskId), inArray(i.id, [...ids]))),

  deleteItems: (db: TDb, taskId: number, ids: readonly number[]) =>
    db.delete(i).where(and(eq(i.taskId, taskId), inArray(i.id, [...ids]))),

  /** The statuses of the tasks where the agent has this customer open (the dial flow's grant). */
  openItemTaskStatuses: async (db: TDb, tenantId: number, userId: number, customerId: number) =>
    (
      await db
        .selectDistinct({ status: t.status })
        .from(i)
        .innerJoin(t, and(eq(t.tenantId, i.tenantId), eq(t.id, i.taskId)))
        .where(
          and(
            eq(i.tenantId, tenantId),
            eq(i.customerId, customerId),
            eq(i.userId, userId),
            inArray(i.status, [...openItemStatuses]),
          ),
        )
    ).map((r) => r.status),

  lineExists: async (db: TDb, lineId: number) =>
    (await db.select({ id: lines.id }).from(lines).where(eq(lines.id, lineId))).length > 0,

  /** The dial request an item's dial names (the dial flow's bind id): whose it is and whom it calls. */
  findBind: (db: TDb, bindId: string) =>
    firstRow(
      db
        .select({
          bindId: callBinds.bindId,
          tenantId: callBinds.tenantId,
          userId: callBinds.userId,
          customerId: callBinds.customerId,
        })
        .from(callBinds)
        .where(eq(callBinds.bindId, bindId)),
    ),
};
