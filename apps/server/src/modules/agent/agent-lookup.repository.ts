import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { pageOf } from '../../db/page.js';
import { lines, refundApplications, tenants, users } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { agentLineColumns } from './agent-stock.repository.js';
import { agentLines } from './agent-stock.schema.js';

type TPageQ = { page: number; limit: number };

// getBaseLinePage, getAgentMobile, get-industry and GET apply/unsubscribe. Statements that
// read another tenant's rows name the agent (or the enterprise's own agent) they read for.

export const agentLookupRepository = {
  /**
   * The platform's active lines with their base prices, paged: every line with the number of agents
   * it is opened for (`agentId` null: the platform), or only the lines opened for one agent.
   */
  baseLines: async (db: TDb, agentId: number | null, f: { name?: string; mode?: number }, q: TPageQ) => {
    const conds: SQL[] = [eq(lines.status, 'active')];
    if (f.name) conds.push(ilike(lines.name, likeOf(f.name)));
    if (f.mode !== undefined) conds.push(eq(lines.mode, f.mode));
    if (agentId !== null) {
      conds.push(
        sql`exists (select 1 from ${agentLines} al where al.line_id = ${lines.id} and al.agent_id = ${agentId})`,
      );
    }
    const where = and(...conds);
    return pageOf(
      db.select({ n: count() }).from(lines).where(where),
      db
        .select({
          ...agentLineColumns,
          agentCount: sql<number>`(select count(*)::int from ${agentLines} al where al.line_id = ${lines.id})`,
        })
        .from(lines)
        .where(where)
        .orderBy(asc(lines.id))
        .$dynamic(),
      q,
    );
  },

  /** An enterprise's open agent: its name and its first user's (the administrator's) name and mobile. */
  agentContactOf: async (db: TDb, enterpriseId: number) => {
    const [row] = rowsOf<{ agent_name: string; real_name: string | null; mobile: string | null }>(
      await db.execute(sql`select a.name as agent_name, u.real_name, u.mobile
      from ${tenants} e join ${tenants} a on a.id = e.agent_id and a.kind = 'agent' and a.status = 'active'
      left join lateral (select real_name, mobile from ${users} where tenant_id = a.id order by id limit 1) u on true
      where e.id = ${enterpriseId}`),
    );
    return row ? { agentName: row.agent_name, contactName: row.real_name ?? '', mobile: row.mobile ?? '' } : null;
  },

  /** The industry dictionary (dict type `industry`, migration 0057). */
  industries: async (db: TDb) =>
    rowsOf<{ label: string; value: string }>(
      await db.execute(sql`select label, value from dict_data where dict_type = 'industry' order by sort, id`),
    ).map((r) => ({ label: r.label, value: r.value })),

  /** The 退订 applications of the agent's enterprises, newest first. */
  unsubscribes: async (
    db: TDb,
    agentId: number,
    f: { enterpriseId?: number; kind?: string; state?: string },
    q: TPageQ,
  ) => {
    const conds: SQL[] = [eq(tenants.agentId, agentId)];
    if (f.enterpriseId) conds.push(eq(refundApplications.tenantId, f.enterpriseId));
    if (f.kind) conds.push(eq(refundApplications.kind, f.kind));
    if (f.state) conds.push(eq(refundApplications.state, f.state));
    const where = and(...conds);
    return pageOf(
      db
        .select({ n: count() })
        .from(refundApplications)
        .innerJoin(tenants, eq(tenants.id, refundApplications.tenantId))
        .where(where),
      db
        .select({ app: refundApplications, enterpriseName: tenants.name })
        .from(refundApplications)
        .innerJoin(tenants, eq(tenants.id, refundApplications.tenantId))
        .where(where)
        .orderBy(...newestFirst(refundApplications))
        .$dynamic(),
      q,
    );
  },
};
