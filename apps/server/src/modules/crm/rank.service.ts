import type { crmImportRoutes } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { deptSubtree } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { sendXlsx } from '../../http/download.js';
import { rowsInMemory } from '../../http/xlsx-stream.js';
import { beijingTime } from './export.service.js';

type TRankQuery = z.output<(typeof crmImportRoutes)['rankList']['request']>;
export type TRankRow = {
  userId: number;
  realName: string;
  deptName: string | null;
  owned: number;
  added: number;
  followed: number;
  dealt: number;
};

export type TRankService = ReturnType<typeof createRankService>;

/**
 * 客户排行: for every active person inside the caller's data scope, the customers he owns now and,
 * within the period, the customers he added (created or imported, from the owner log), the
 * follow-ups he wrote and the customers he owns that were dealt. Each count is a subquery on an
 * index of its table (owner, operator+action+time, time), so the cost grows with the people shown.
 */
export const createRankService = (deps: { database: TDatabase; dataScopeOf: (auth: TAuth) => Promise<TDataScope> }) => {
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(deps.database, auth.tenantId, fn);

  const list = async (auth: TAuth, q: TRankQuery): Promise<TRankRow[]> => {
    const scope = await deps.dataScopeOf(auth);
    const t = auth.tenantId;
    const from = new Date(q.from).toISOString();
    const to = new Date(q.to).toISOString();
    const inScope =
      scope.kind === 'all'
        ? sql`true`
        : scope.deptIds.length
          ? sql`(u.id = ${scope.userId} or u.dept_id in (${sql.join(
              scope.deptIds.map((d) => sql`${d}`),
              sql`, `,
            )}))`
          : sql`u.id = ${scope.userId}`;
    const inDept = q.deptId ? sql`u.dept_id in ${deptSubtree(t, q.deptId)}` : sql`true`;
    return scoped(auth, async (tx) =>
      rowsOf<TRankRow>(
        await tx.execute(sql`select u.id::int as "userId", u.real_name as "realName", d.name as "deptName",
          (select count(*)::int from customers c
            where c.tenant_id = ${t} and c.owner_id = u.id and c.deleted_at is null) as owned,
          (select count(*)::int from crm_owner_logs l
            where l.tenant_id = ${t} and l.operator_id = u.id and l.action in ('create', 'import')
              and l.created_at between ${from}::timestamptz and ${to}::timestamptz) as added,
          (select count(*)::int from crm_follow_records f
            where f.tenant_id = ${t} and f.user_id = u.id and f.created_at between ${from}::timestamptz and ${to}::timestamptz) as followed,
          (select count(*)::int from customers c
            where c.tenant_id = ${t} and c.owner_id = u.id and c.deleted_at is null and c.is_deal
              and c.deal_at between ${from}::timestamptz and ${to}::timestamptz) as dealt
        from users u left join departments d on d.id = u.dept_id
        where u.tenant_id = ${t} and u.deleted_at is null and u.status = 'active' and ${inScope} and ${inDept}
        order by owned desc, added desc, u.id`),
      ).map((r) => ({ ...r, userId: Number(r.userId) })),
    );
  };

  const download = async (auth: TAuth, q: TRankQuery, reply: FastifyReply) => {
    const rows = await list(auth, q);
    const period = `${beijingTime(new Date(q.from)).slice(0, 10)}至${beijingTime(new Date(q.to)).slice(0, 10)}`;
    return sendXlsx<TRankRow & { no: number }>(reply, {
      fileName: `客户排行-${period}.xlsx`,
      sheetName: '客户排行',
      columns: [
        { header: '排名', width: 8, value: (r) => r.no },
        { header: '姓名', width: 12, value: (r) => r.realName },
        { header: '部门', value: (r) => r.deptName ?? '' },
        { header: '当前客户数', width: 12, value: (r) => r.owned },
        { header: '新增客户', width: 12, value: (r) => r.added },
        { header: '跟进次数', width: 12, value: (r) => r.followed },
        { header: '成交客户', width: 12, value: (r) => r.dealt },
      ],
      rows: rowsInMemory(rows.map((r, i) => ({ ...r, no: i + 1 }))),
    });
  };

  return { list, download };
};
