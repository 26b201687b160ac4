import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { billingDaily, callAnalyses, callDailyStats, seats, seatTerms, tenants } from '../../db/schema.js';
import { likeOf, offsetOf } from '../../db/sql.js';

// 坐席汇总: the agent's enterprises, each with its seats and this month's use. Read
// across tenants, so every statement starts from `tenants.agent_id = agent` (tenants_agent_created_idx)
// and reads each enterprise's rows by its tenant id through an index: seats (seats_tenant_user_idx),
// seat_terms (seat_terms_tenant_created_idx, migration 0048), the daily roll-ups of calls and
// charges (their unique keys lead with tenant and day), the calls analysed this month
// (call_analyses_tenant_state_created_idx). Plans in agent-seat-summary.test.ts.

export type TSeatSummaryWindow = {
  now: Date;
  /** now + 7 days: a live seat ending before it is expiring. */
  soon: Date;
  /** Shanghai midnight starting this month, and its date for the charges' day column. */
  monthStart: Date;
  monthStartDay: string;
};

const num = (v: unknown) => Number(v ?? 0);

const agentWhere = (agentId: number, name?: string) =>
  name
    ? sql`${tenants.agentId} = ${agentId} and ${tenants.name} ilike ${likeOf(name)}`
    : sql`${tenants.agentId} = ${agentId}`;

/** The summary's statement; `explain` reads the plan of the same text. */
const summarySql = (
  agentId: number,
  f: { name?: string },
  w: TSeatSummaryWindow,
  q: { page: number; limit: number },
) => {
  const now = w.now.toISOString();
  return sql`
    select "tenants"."id", "tenants"."name", "tenants"."status", s.live, s.expiring, s.expired, st.months, c.calls, b.billed,
      a.analysed, a.graded_a, a.graded_b, a.graded_c, a.graded_d
    from ${tenants}
    cross join lateral (
      select count(*) filter (where x.expire_at > ${now}::timestamptz)::int as live,
        count(*) filter (where x.expire_at > ${now}::timestamptz and x.expire_at <= ${w.soon.toISOString()}::timestamptz)::int as expiring,
        count(*) filter (where x.expire_at <= ${now}::timestamptz)::int as expired
      from ${seats} x where x.tenant_id = "tenants"."id" and x.status = 'active') s
    cross join lateral (
      select coalesce(sum(y.months), 0)::bigint as months from ${seatTerms} y
      where y.tenant_id = "tenants"."id" and y.created_at >= ${w.monthStart.toISOString()}::timestamptz) st
    cross join lateral (
      select coalesce(sum(d.call_num), 0)::bigint as calls from ${callDailyStats} d
      where d.tenant_id = "tenants"."id" and d.day >= ${w.monthStart.toISOString()}::timestamptz) c
    cross join lateral (
      select coalesce(sum(e.billed_seconds), 0)::bigint as billed from ${billingDaily} e
      where e.tenant_id = "tenants"."id" and e.day >= ${w.monthStartDay}::date) b
    cross join lateral (
      select count(*)::int as analysed,
        count(*) filter (where z.insight->'insight'->>'intention' = 'A')::int as graded_a,
        count(*) filter (where z.insight->'insight'->>'intention' = 'B')::int as graded_b,
        count(*) filter (where z.insight->'insight'->>'intention' = 'C')::int as graded_c,
        count(*) filter (where z.insight->'insight'->>'intention' = 'D')::int as graded_d
      from ${callAnalyses} z
      where z.tenant_id = "tenants"."id" and z.state = 'done' and z.created_at >= ${w.monthStart.toISOString()}::timestamptz) a
    where ${agentWhere(agentId, f.name)}
    order by "tenants"."created_at" desc, "tenants"."id" desc
    limit ${q.limit} offset ${offsetOf(q)}`;
};

export const agentSeatSummaryRepository = {
  page: async (
    db: TDb,
    agentId: number,
    f: { name?: string },
    w: TSeatSummaryWindow,
    q: { page: number; limit: number },
  ) => {
    const [total] = rowsOf<{ n: unknown }>(
      await db.execute(sql`select count(*) as n from ${tenants} where ${agentWhere(agentId, f.name)}`),
    );
    const records = rowsOf<Record<string, unknown>>(await db.execute(summarySql(agentId, f, w, q))).map((r) => ({
      enterpriseId: num(r.id),
      enterpriseName: String(r.name),
      status: String(r.status),
      liveSeats: num(r.live),
      expiringSeats: num(r.expiring),
      expiredSeats: num(r.expired),
      seatMonths: num(r.months),
      calls: num(r.calls),
      billedSeconds: num(r.billed),
      analysedCalls: num(r.analysed),
      intentions: { A: num(r.graded_a), B: num(r.graded_b), C: num(r.graded_c), D: num(r.graded_d) },
    }));
    return { records, total: num(total?.n) };
  },

  /** The plan of the summary's statement (the test reads it on PostgreSQL). */
  explain: async (
    db: TDb,
    agentId: number,
    w: TSeatSummaryWindow,
    q: { page: number; limit: number },
  ): Promise<string> =>
    rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain ${summarySql(agentId, {}, w, q)}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n'),
};
