import { intentionLevelLabel, type TIntentionLevel, type TOwnerAction } from '@yunhu/contract';
import { and, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import type { TAuth } from '../../http/context.js';
import type { TCrmContext } from './crm.context.js';
import { poolCondition } from './crm.filter.js';
import { crmRepository as repo } from './crm.repository.js';
import { crmFollowRecords, customers, crmOwnerLogs as l } from './crm.schema.js';
import { shanghaiDay } from './crm.view.js';

type TOwnerLogQuery = {
  page: number;
  limit: number;
  customerId?: number;
  keyword?: string;
  action?: TOwnerAction;
  operatorId?: number;
  range?: readonly [number | null, number | null];
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

/** Every Asia/Shanghai day of the range, oldest first, with its count (0 when none). */
const dayList = (from: number, to: number, rows: { day: string; n: number }[]) => {
  const counts = new Map(rows.map((r) => [r.day, r.n]));
  const out: { day: string; count: number }[] = [];
  for (let day = shanghaiDay(from); day <= shanghaiDay(to); ) {
    out.push({ day, count: counts.get(day) ?? 0 });
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return out;
};

export const createCensusService = (ctx: TCrmContext) => {
  const { scoped } = ctx;
  return {
    ownerLogPage: async (auth: TAuth, q: TOwnerLogQuery) => {
      const scope = await ctx.scopeOf(auth);
      return scoped(auth, async (tx) => {
        const conds: (SQL | undefined)[] = [eq(l.tenantId, auth.tenantId), ownerLogScope(scope)];
        if (q.customerId) conds.push(eq(l.customerId, q.customerId));
        if (q.keyword) {
          const like = likeOf(q.keyword);
          conds.push(
            sql`${l.customerId} in (select c.id from customers c where c.tenant_id = ${auth.tenantId}
              and (c.name ilike ${like} or c.mobile like ${like} or c.name_pinyin like ${likeOf(q.keyword.toLowerCase())}))`,
          );
        }
        if (q.action) conds.push(eq(l.action, q.action));
        if (q.operatorId) conds.push(eq(l.operatorId, q.operatorId));
        if (q.range?.[0] != null) conds.push(gte(l.createdAt, new Date(q.range[0])));
        if (q.range?.[1] != null) conds.push(lte(l.createdAt, new Date(q.range[1])));
        const { records, total } = await repo.ownerLogPage(tx, and(...conds)!, q.page, q.limit);
        return {
          records: records.map((r) => ({
            id: r.r.id,
            customerId: r.r.customerId,
            customerName: r.customerName,
            action: r.r.action as TOwnerAction,
            fromUserName: r.fromName,
            toUserName: r.toName,
            operatorName: r.operatorName,
            reason: r.r.reason,
            createdAt: r.r.createdAt.getTime(),
          })),
          total,
          size: q.limit,
          current: q.page,
          pages: Math.ceil(total / q.limit),
        };
      });
    },

    /** Dashboard figures (getCustomerCensus) inside the caller's data scope, Asia/Shanghai days. */
    census: async (auth: TAuth, range: { from: number; to: number }) => {
      const scope = await ctx.scopeOf(auth);
      return scoped(auth, async (tx) => {
        const owned = poolCondition(auth.tenantId, 'private', scope);
        // The whole scope sees the public pool in its figures too; others their private pool.
        const base =
          scope.kind === 'all' ? and(eq(customers.tenantId, auth.tenantId), isNull(customers.deletedAt))! : owned;
        const inRange = (col: typeof customers.createdAt | typeof crmFollowRecords.createdAt) =>
          and(gte(col, new Date(range.from)), lte(col, new Date(range.to)));
        const [total, inPool, byLevel, bySource, byOwner, newRows, followRows] = await Promise.all([
          repo.countWhere(tx, base),
          repo.countWhere(tx, poolCondition(auth.tenantId, 'public', scope)),
          repo.groupCount(tx, base, sql`${customers.intentionLevel}`),
          repo.groupCount(tx, base, sql`${customers.source}`),
          repo.groupCount(tx, owned, sql`${customers.ownerId}::text`),
          repo.perDay(tx, customers, and(base, inRange(customers.createdAt))!),
          repo.perDay(
            tx,
            crmFollowRecords,
            and(
              eq(crmFollowRecords.tenantId, auth.tenantId),
              inRange(crmFollowRecords.createdAt),
              scopeCondition(scope, { owner: crmFollowRecords.userId }),
            )!,
          ),
        ]);
        const names = await repo.staffNames(
          tx,
          auth.tenantId,
          byOwner.map((r) => Number(r.key)),
        );
        return {
          total,
          inPool,
          byLevel: byLevel.map((r) => ({
            key: r.key ?? '',
            label: intentionLevelLabel[r.key as TIntentionLevel] ?? r.key ?? '',
            count: r.n,
          })),
          bySource: bySource.map((r) => ({ key: r.key ?? '', label: r.key || '未填写', count: r.n })),
          byOwner: byOwner.map((r) => ({ key: r.key ?? '', label: names.get(Number(r.key)) ?? '', count: r.n })),
          newPerDay: dayList(range.from, range.to, newRows),
          followsPerDay: dayList(range.from, range.to, followRows),
        };
      });
    },
  };
};
