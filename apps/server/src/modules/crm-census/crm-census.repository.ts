import type { crmRoutes, TParsedRequestOf } from '@yunhu/contract';
import { and, count, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { pageOf } from '../../db/page.js';
import { crmFollowRecords, customers, departments, crmOwnerLogs as l, users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, likeOf } from '../../db/sql.js';
import { nameOf, poolCondition, type TPaging } from '../crm/index.js';

/** The owner-log list's filters as the contract validated them (paging aside). */
export type TOwnerLogFilter = Omit<TParsedRequestOf<(typeof crmRoutes)['ownerLogPage']>, 'page' | 'limit'>;

export type TRankRow = {
  userId: number;
  realName: string;
  deptName: string | null;
  owned: number;
  added: number;
  followed: number;
  dealt: number;
};

const ids = (list: readonly number[]) =>
  sql.join(
    list.map((d) => sql`${d}`),
    sql`, `,
  );

/**
 * The owner log a person sees: moves he made or that touched him, and, with a department scope,
 * moves made by or touching people of those departments.
 */
const ownerLogScope = (scope: TDataScope): SQL | undefined => {
  if (scope.kind === 'all') return undefined;
  const me = scope.userId;
  return or(
    eq(l.operatorId, me),
    eq(l.fromUserId, me),
    eq(l.toUserId, me),
    scope.deptIds.length
      ? sql`exists (select 1 from users u where u.id in (${l.operatorId}, ${l.fromUserId}, ${l.toUserId}) and u.dept_id in (${ids(scope.deptIds)}))`
      : undefined,
  );
};

const countWhere = async (db: TDb, where: SQL) =>
  (await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0;

const groupCount = (db: TDb, where: SQL, column: SQL) =>
  db
    .select({ key: sql<string | null>`${column}`, n: count() })
    .from(customers)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(desc(count()))
    .limit(100);

const perDay = (db: TDb, table: typeof customers | typeof crmFollowRecords, where: SQL) =>
  db
    .select({
      day: sql<string>`to_char(${table.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`,
      n: count(),
    })
    .from(table)
    .where(where)
    .groupBy(sql`1`);

/** The statements of the CRM's figures: the owner log, the dashboard counts and the ranking. */
export const censusRepository = {
  ownerLogPage: async (
    db: TDb,
    q: { tenantId: number; scope: TDataScope; filter: TOwnerLogFilter; paging: TPaging },
  ) => {
    const f = q.filter;
    const conds: (SQL | undefined)[] = [eq(l.tenantId, q.tenantId), ownerLogScope(q.scope)];
    if (f.customerId) conds.push(eq(l.customerId, f.customerId));
    if (f.keyword) {
      const like = likeOf(f.keyword);
      conds.push(
        sql`${l.customerId} in (select c.id from customers c where c.tenant_id = ${q.tenantId}
              and (c.name ilike ${like} or c.mobile like ${like} or c.name_pinyin like ${likeOf(f.keyword.toLowerCase())}))`,
      );
    }
    if (f.action) conds.push(eq(l.action, f.action));
    if (f.operatorId) conds.push(eq(l.operatorId, f.operatorId));
    if (f.range?.[0] != null) conds.push(gte(l.createdAt, new Date(f.range[0])));
    if (f.range?.[1] != null) conds.push(lte(l.createdAt, new Date(f.range[1])));
    const where = and(...conds)!;
    return pageOf(
      db.select({ n: count() }).from(l).where(where),
      db
        .select({
          r: l,
          customerName: sql<string>`(select c.name from customers c where c.id = ${l.customerId})`,
          operatorName: nameOf(l.operatorId),
          fromName: nameOf(l.fromUserId),
          toName: nameOf(l.toUserId),
        })
        .from(l)
        .where(where)
        .orderBy(desc(l.createdAt), desc(l.id))
        .$dynamic(),
      q.paging,
    );
  },

  /** Dashboard figures (getCustomerCensus) inside the data scope, days in Asia/Shanghai. */
  customerCensus: async (db: TDb, q: { tenantId: number; scope: TDataScope; from: number; to: number }) => {
    const { tenantId, scope } = q;
    const owned = poolCondition(tenantId, 'private', scope);
    // The whole scope sees the public pool in its figures too; others their private pool.
    const base = scope.kind === 'all' ? and(eq(customers.tenantId, tenantId), isNull(customers.deletedAt))! : owned;
    const inRange = (col: typeof customers.createdAt | typeof crmFollowRecords.createdAt) =>
      and(gte(col, new Date(q.from)), lte(col, new Date(q.to)));
    const [total, inPool, byLevel, bySource, byOwner, newRows, followRows] = await Promise.all([
      countWhere(db, base),
      countWhere(db, poolCondition(tenantId, 'public', scope)),
      groupCount(db, base, sql`${customers.intentionLevel}`),
      groupCount(db, base, sql`${customers.source}`),
      groupCount(db, owned, sql`${customers.ownerId}::text`),
      perDay(db, customers, and(base, inRange(customers.createdAt))!),
      perDay(
        db,
        crmFollowRecords,
        and(
          eq(crmFollowRecords.tenantId, tenantId),
          inRange(crmFollowRecords.createdAt),
          scopeCondition(scope, { owner: crmFollowRecords.userId }),
        )!,
      ),
    ]);
    return { total, inPool, byLevel, bySource, byOwner, newRows, followRows };
  },

  /**
   * 客户排行: for every active person inside the data scope, the customers he owns now and,
   * within the period, the customers he added (created or imported, from the owner log), the
   * follow-ups he wrote and the customers he owns that were dealt. Each count is a subquery on an
   * index of its table (owner, operator+action+time, time), so the cost grows with the people shown.
   */
  rank: async (
    db: TDb,
    q: { tenantId: number; scope: TDataScope; deptId?: number; from: number; to: number },
  ): Promise<TRankRow[]> => {
    const t = q.tenantId;
    const from = new Date(q.from).toISOString();
    const to = new Date(q.to).toISOString();
    const inScope = scopeCondition(q.scope, { owner: users.id, dept: users.deptId }) ?? sql`true`;
    const inDept = q.deptId ? sql`${users.deptId} in ${deptSubtree(t, q.deptId)}` : sql`true`;
    return rowsOf<TRankRow>(
      await db.execute(sql`select ${users.id}::int as "userId", ${users.realName} as "realName", ${departments.name} as "deptName",
          (select count(*)::int from customers c
            where c.tenant_id = ${t} and c.owner_id = ${users.id} and c.deleted_at is null) as owned,
          (select count(*)::int from crm_owner_logs l
            where l.tenant_id = ${t} and l.operator_id = ${users.id} and l.action in ('create', 'import')
              and l.created_at between ${from}::timestamptz and ${to}::timestamptz) as added,
          (select count(*)::int from crm_follow_records f
            where f.tenant_id = ${t} and f.user_id = ${users.id} and f.created_at between ${from}::timestamptz and ${to}::timestamptz) as followed,
          (select count(*)::int from customers c
            where c.tenant_id = ${t} and c.owner_id = ${users.id} and c.deleted_at is null and c.is_deal
              and c.deal_at between ${from}::timestamptz and ${to}::timestamptz) as dealt
        from ${users} left join ${departments} on ${departments.id} = ${users.deptId}
        where ${users.tenantId} = ${t} and ${users.deletedAt} is null and ${users.status} = 'active' and ${inScope} and ${inDept}
        order by owned desc, added desc, ${users.id}`),
    ).map((r) => ({ ...r, userId: Number(r.userId) }));
  },
};
