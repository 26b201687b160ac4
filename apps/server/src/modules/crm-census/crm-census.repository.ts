import type { crmRoutes, TParsedRequestOf } from '@yunhu/contract';
import { shanghaiDay } from '@yunhu/contract';
import { and, count, desc, eq, gte, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type TDb } from '../../db/client.js';
import { pageOf } from '../../db/page.js';
import {
  customerCounts as cc,
  crmFollowRecords,
  customers,
  customerDayCounts as dc,
  departments,
  followDayCounts as fc,
  crmOwnerLogs as l,
  customerSourceCounts as sc,
  users,
} from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, likeOf, newestFirst } from '../../db/sql.js';
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
    .orderBy(desc(count()), sql`1`)
    .limit(100);

type TDayCount = { day: string; n: number };
type TKeyCount = { key: string; n: number };

export type TCensusQuery = { tenantId: number; scope: TDataScope; from: number; to: number };

/** 客户统计's figures: groups largest first (then by key, at most 100), days as yyyy-mm-dd (Asia/Shanghai). */
export type TCensusFigures = {
  total: number;
  inPool: number;
  byLevel: TKeyCount[];
  bySource: TKeyCount[];
  byOwner: TKeyCount[];
  newRows: TDayCount[];
  followRows: TDayCount[];
};

const largestFirst = (rows: TKeyCount[]) =>
  rows
    .filter((r) => r.n !== 0)
    .sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, 100);

/** The Asia/Shanghai midnight that starts a yyyy-mm-dd day, as a timestamptz. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Asia/Shanghai'`;
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;

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
        .orderBy(...newestFirst(l))
        .$dynamic(),
      q.paging,
    );
  },

  /**
   * 客户统计 inside the data scope from the kept counts (migration 0067), in one statement: the pool,
   * level and owner groups of customer_counts, the source and creation-day groups of the census
   * tables and the follow-ups per author and day, each summed over the few rows of the scope. The
   * whole scope's figures take in the public pool too; the others' their private pool. A range that
   * starts or ends inside a day takes that day from the counts less the live rows of its uncovered
   * slices (index ranges of at most a day; a day-aligned range's are under a millisecond, usually empty).
   */
  customerCensus: async (db: TDb, q: TCensusQuery): Promise<TCensusFigures> => {
    const { tenantId: t, scope } = q;
    const whole = scope.kind === 'all';
    const firstDay = shanghaiDay(q.from);
    const lastDay = shanghaiDay(q.to);
    // The private groups inside the scope (every group for the whole scope).
    const privateIn = (owner: AnyPgColumn, dept: AnyPgColumn) =>
      whole ? sql`true` : and(isNotNull(owner), scopeCondition(scope, { owner, dept }))!;
    const byAuthor = scopeCondition(scope, { owner: crmFollowRecords.userId }) ?? sql`true`;
    const followsIn = scopeCondition(scope, { owner: fc.userId }) ?? sql`true`;
    // Of the first day the rows before `from`, of the last day those after `to`.
    const outside = (col: AnyPgColumn) =>
      sql`((${col} >= ${dayStart(firstDay)} and ${col} < ${new Date(q.from).toISOString()}::timestamptz)
        or (${col} > ${new Date(q.to).toISOString()}::timestamptz and ${col} < ${dayAfter(lastDay)}))`;
    const dayOf = (col: AnyPgColumn) => sql`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
    const c = customers.createdAt;
    const f = crmFollowRecords.createdAt;
    // The census's base on the customers, each pool on its own creation-time index.
    const poolSlice = whole
      ? sql`union all select 'd', ${dayOf(c)}, null, -count(*)::int from ${customers}
          where ${poolCondition(t, 'public', scope)} and ${outside(c)} group by 2`
      : sql``;
    const rows = rowsOf<{ kind: 'g' | 's' | 'd' | 'f'; key: string | null; level: string | null; n: number }>(
      await db.execute(sql`select 'g' as kind, ${cc.ownerId}::text as key, ${cc.intentionLevel} as level, sum(${cc.n})::int as n
          from ${cc} where ${cc.tenantId} = ${t} and not ${cc.inBin}
            and ${whole ? sql`true` : or(isNull(cc.ownerId), privateIn(cc.ownerId, cc.deptId))}
          group by 2, 3 having sum(${cc.n}) <> 0
        union all (select 's', ${sc.source}, null, sum(${sc.n})::int from ${sc}
          where ${sc.tenantId} = ${t} and ${privateIn(sc.ownerId, sc.deptId)}
          group by 2 having sum(${sc.n}) <> 0 order by 4 desc, 2 limit 100)
        union all select 'd', ${dc.day}::text, null, sum(${dc.n})::int from ${dc}
          where ${dc.tenantId} = ${t} and ${dc.day} between ${firstDay} and ${lastDay} and ${privateIn(dc.ownerId, dc.deptId)}
          group by 2
        union all select 'f', ${fc.day}::text, null, sum(${fc.n})::int from ${fc}
          where ${fc.tenantId} = ${t} and ${fc.day} between ${firstDay} and ${lastDay} and ${followsIn}
          group by 2
        union all select 'd', ${dayOf(c)}, null, -count(*)::int from ${customers}
          where ${poolCondition(t, 'private', scope)} and ${outside(c)} group by 2
        ${poolSlice}
        union all select 'f', ${dayOf(f)}, null, -count(*)::int from ${crmFollowRecords}
          where ${crmFollowRecords.tenantId} = ${t} and ${byAuthor} and ${outside(f)} group by 2`),
    ).map((r) => ({ ...r, n: Number(r.n) }));
    const sumBy = (kind: 'g' | 'd' | 'f', keyOf: (r: (typeof rows)[number]) => string | null) => {
      const sums = new Map<string, number>();
      for (const r of rows) {
        const key = r.kind === kind ? keyOf(r) : null;
        if (key !== null) sums.set(key, (sums.get(key) ?? 0) + r.n);
      }
      return [...sums].map(([key, n]) => ({ key, n }));
    };
    const groups = rows.filter((r) => r.kind === 'g');
    const total = (list: typeof rows) => list.reduce((s, g) => s + g.n, 0);
    const days = (kind: 'd' | 'f') => sumBy(kind, (r) => r.key).map((r) => ({ day: r.key, n: r.n }));
    return {
      total: total(groups.filter((g) => whole || g.key !== null)),
      inPool: total(groups.filter((g) => g.key === null)),
      byLevel: largestFirst(sumBy('g', (g) => (whole || g.key !== null ? g.level : null))),
      bySource: largestFirst(rows.filter((r) => r.kind === 's').map((r) => ({ key: r.key ?? '', n: r.n }))),
      byOwner: largestFirst(sumBy('g', (g) => g.key)),
      newRows: days('d'),
      followRows: days('f'),
    };
  },

  /**
   * The same figures counted from the customers and follow-ups themselves: what the kept counts
   * must always equal (the tests' oracle). Its scans grow with the tenant's customers.
   */
  customerCensusRecount: async (db: TDb, q: TCensusQuery): Promise<TCensusFigures> => {
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
    const keyed = (rows: { key: string | null; n: number }[]) =>
      largestFirst(rows.map((r) => ({ key: r.key ?? '', n: r.n })));
    return {
      total,
      inPool,
      byLevel: keyed(byLevel),
      bySource: keyed(bySource),
      byOwner: keyed(byOwner),
      newRows,
      followRows,
    };
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
        from ${users} left join ${departments} on ${departments.tenantId} = ${users.tenantId} and ${departments.id} = ${users.deptId}
        where ${users.tenantId} = ${t} and ${users.deletedAt} is null and ${users.status} = 'active' and ${inScope} and ${inDept}
        order by owned desc, added desc, ${users.id}`),
    ).map((r) => ({ ...r, userId: Number(r.userId) }));
  },
};
