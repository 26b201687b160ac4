import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { billingDaily, orders, seatTerms, tenants, users } from '../../db/schema.js';
import { likeOf, newestFirst, offsetOf } from '../../db/sql.js';
import { agentDistributors, jxsUnlockLeads } from './agent-jxs.schema.js';

// 经销商 (decision 0020 "Distributors"). Every statement names the agent, and where the
// caller is a distributor, the distributor: `distributorId` null = the agent sees all of its own.

const num = (v: unknown) => Number(v ?? 0);

export type TJxsWho = { agentId: number; distributorId: number | null };

/** The month's bounds in Shanghai time (UTC+8 all year) and its first and next first day for date columns. */
export type TJxsMonth = { from: Date; to: Date; fromDay: string; toDay: string };

const distributorColumns = {
  id: agentDistributors.id,
  agentId: agentDistributors.agentId,
  userId: agentDistributors.userId,
  name: agentDistributors.name,
  contactName: agentDistributors.contactName,
  mobile: agentDistributors.mobile,
  username: sql<string>`coalesce(${users.username}, '')`,
  inviteCode: agentDistributors.inviteCode,
  status: agentDistributors.status,
  enterpriseCount: sql<number>`(select count(*)::int from ${tenants} e where e.distributor_id = "agent_distributors"."id")`,
  createdByName: agentDistributors.createdByName,
  createdAt: agentDistributors.createdAt,
};

/** The distributors with their sign-in account (gone when the account was deleted). */
const distributorsOf = (db: TDb) =>
  db.select(distributorColumns).from(agentDistributors).leftJoin(users, eq(users.id, agentDistributors.userId));

/** A lead as the distributor typed it, and where it stands. */
const leadFields = {
  companyName: jxsUnlockLeads.companyName,
  contactName: jxsUnlockLeads.contactName,
  mobile: jxsUnlockLeads.mobile,
  industry: jxsUnlockLeads.industry,
  region: jxsUnlockLeads.region,
  status: jxsUnlockLeads.status,
};

const leadColumns = {
  id: jxsUnlockLeads.id,
  distributorId: jxsUnlockLeads.distributorId,
  distributorName: agentDistributors.name,
  ...leadFields,
  enterpriseId: jxsUnlockLeads.enterpriseId,
  enterpriseName: tenants.name,
  movedAt: jxsUnlockLeads.movedAt,
  createdAt: jxsUnlockLeads.createdAt,
};
export type TJxsLeadRow = {
  id: number;
  distributorId: number;
  distributorName: string;
  companyName: string;
  contactName: string;
  mobile: string;
  industry: string;
  region: string;
  status: string;
  enterpriseId: number | null;
  enterpriseName: string | null;
  movedAt: Date | null;
  createdAt: Date;
};

export type TJxsLeadFilter = {
  companyName?: string;
  mobile?: string;
  industry?: string;
  distributorId?: number;
  status?: string;
};

const leadWhere = (who: TJxsWho, f: TJxsLeadFilter): SQL => {
  const conds: SQL[] = [eq(jxsUnlockLeads.agentId, who.agentId)];
  if (who.distributorId !== null) conds.push(eq(jxsUnlockLeads.distributorId, who.distributorId));
  else if (f.distributorId) conds.push(eq(jxsUnlockLeads.distributorId, f.distributorId));
  if (f.companyName) conds.push(ilike(jxsUnlockLeads.companyName, likeOf(f.companyName)));
  if (f.mobile) conds.push(ilike(jxsUnlockLeads.mobile, likeOf(f.mobile)));
  if (f.industry) conds.push(ilike(jxsUnlockLeads.industry, likeOf(f.industry)));
  if (f.status) conds.push(eq(jxsUnlockLeads.status, f.status));
  return and(...conds)!;
};

const leadSelect = (db: TDb) =>
  db
    .select(leadColumns)
    .from(jxsUnlockLeads)
    .innerJoin(agentDistributors, eq(agentDistributors.id, jxsUnlockLeads.distributorId))
    .leftJoin(tenants, eq(tenants.id, jxsUnlockLeads.enterpriseId));

/** The enterprises of the agent (or of one distributor of it). */
const enterpriseWhere = (who: TJxsWho): SQL =>
  who.distributorId === null
    ? eq(tenants.agentId, who.agentId)
    : and(eq(tenants.agentId, who.agentId), eq(tenants.distributorId, who.distributorId))!;

export const agentJxsRepository = {
  /** The distributor a login is (the data wall's question), or null. */
  ofUser: (db: TDb, userId: number) =>
    firstRow(
      db
        .select({ id: agentDistributors.id, agentId: agentDistributors.agentId, status: agentDistributors.status })
        .from(agentDistributors)
        .where(eq(agentDistributors.userId, userId)),
    ),

  /**
   * A distributor's invitation code with its agent's state and its login's (registration reads it
   * before any tenant exists): a login stopped in 员工管理 stops the code as 停用 in 经销商管理 does.
   */
  ofInviteCode: (db: TDb, code: string) =>
    firstRow(
      db
        .select({
          id: agentDistributors.id,
          agentId: agentDistributors.agentId,
          status: agentDistributors.status,
          agentStatus: tenants.status,
          loginStatus: sql<string>`coalesce(${users.status}, 'deleted')`,
        })
        .from(agentDistributors)
        .innerJoin(tenants, eq(tenants.id, agentDistributors.agentId))
        .leftJoin(users, eq(users.id, agentDistributors.userId))
        .where(eq(agentDistributors.inviteCode, code)),
    ),

  inviteCodeTaken: (db: TDb, code: string) =>
    hasRow(
      db.select({ id: agentDistributors.id }).from(agentDistributors).where(eq(agentDistributors.inviteCode, code)),
    ),

  insert: async (db: TDb, row: typeof agentDistributors.$inferInsert) =>
    (await db.insert(agentDistributors).values(row).returning({ id: agentDistributors.id }))[0]!.id,

  one: (db: TDb, agentId: number, id: number) =>
    firstRow(distributorsOf(db).where(and(eq(agentDistributors.agentId, agentId), eq(agentDistributors.id, id)))),

  page: async (
    db: TDb,
    agentId: number,
    f: { name?: string; mobile?: string; status?: string },
    q: { page: number; limit: number },
  ) => {
    const conds: SQL[] = [eq(agentDistributors.agentId, agentId)];
    if (f.name) conds.push(ilike(agentDistributors.name, likeOf(f.name)));
    if (f.mobile) conds.push(ilike(agentDistributors.mobile, likeOf(f.mobile)));
    if (f.status) conds.push(eq(agentDistributors.status, f.status));
    const where = and(...conds);
    return pageOf(
      db.select({ n: count() }).from(agentDistributors).where(where),
      distributorsOf(db)
        .where(where)
        .orderBy(...newestFirst(agentDistributors))
        .$dynamic(),
      q,
    );
  },

  setStatus: (db: TDb, agentId: number, id: number, status: string) =>
    db
      .update(agentDistributors)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(agentDistributors.agentId, agentId), eq(agentDistributors.id, id))),

  /** The enterprises a move may go to: the agent's, or the distributor's own. */
  enterprises: (db: TDb, who: TJxsWho) =>
    db
      .select({ id: tenants.id, name: tenants.name, status: tenants.status })
      .from(tenants)
      .where(enterpriseWhere(who))
      .orderBy(...newestFirst(tenants))
      .limit(1000),

  /** One enterprise of the agent (or of the distributor), or null, with its first administrator for the CRM write. */
  enterprise: async (db: TDb, who: TJxsWho, id: number) => {
    const [row] = await db
      .select({ id: tenants.id, code: tenants.code, name: tenants.name, status: tenants.status })
      .from(tenants)
      .where(and(eq(tenants.id, id), enterpriseWhere(who)))
      .limit(1);
    if (!row) return null;
    const [admin] = await db
      .select({ id: users.id, username: users.username, realName: users.realName, deptId: users.deptId })
      .from(users)
      .where(eq(users.tenantId, id))
      .orderBy(asc(users.id))
      .limit(1);
    return { ...row, admin: admin ?? null };
  },

  /**
   * 月度使用: per distributor (all the agent's, or one), the month's figures of the enterprises it
   * brought. Enterprises by `tenants_distributor_created_idx`; each enterprise's rows by tenant
   * (seat_terms_tenant_created_idx, orders_tenant_created_idx, billing_daily's key).
   */
  monthUse: async (db: TDb, who: TJxsWho, f: { name?: string }, m: TJxsMonth, q: { page: number; limit: number }) => {
    const conds: SQL[] = [sql`d.agent_id = ${who.agentId}`];
    if (who.distributorId !== null) conds.push(sql`d.id = ${who.distributorId}`);
    if (f.name) conds.push(sql`d.name ilike ${likeOf(f.name)}`);
    const where = sql.join(conds, sql` and `);
    const from = m.from.toISOString();
    const to = m.to.toISOString();
    const [total] = rowsOf<{ n: unknown }>(
      await db.execute(sql`select count(*) as n from ${agentDistributors} d where ${where}`),
    );
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select d.id, d.name, d.status, e.enterprises, e.fresh, u.months, u.billed, u.amount, u.margin
        from ${agentDistributors} d
        cross join lateral (
          select count(*) filter (where t.created_at < ${to}::timestamptz)::int as enterprises,
            count(*) filter (where t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz)::int as fresh
          from ${tenants} t where t.distributor_id = d.id) e
        cross join lateral (
          select
            coalesce((select sum(st.months) from ${seatTerms} st join ${tenants} t on t.id = st.tenant_id
              where t.distributor_id = d.id and st.created_at >= ${from}::timestamptz and st.created_at < ${to}::timestamptz), 0)::bigint as months,
            coalesce((select sum(b.billed_seconds) from ${billingDaily} b join ${tenants} t on t.id = b.tenant_id
              where t.distributor_id = d.id and b.day >= ${m.fromDay}::date and b.day < ${m.toDay}::date), 0)::bigint as billed,
            coalesce((select sum(o.amount) from ${orders} o join ${tenants} t on t.id = o.tenant_id
              where t.distributor_id = d.id and o.agent_id = d.agent_id and o.state in ('paid', 'partRefunded', 'refunded')
                and o.paid_at >= ${from}::timestamptz and o.paid_at < ${to}::timestamptz), 0)::bigint as amount,
            coalesce((select sum(o.agent_margin) from ${orders} o join ${tenants} t on t.id = o.tenant_id
              where t.distributor_id = d.id and o.agent_id = d.agent_id and o.state in ('paid', 'partRefunded', 'refunded')
                and o.paid_at >= ${from}::timestamptz and o.paid_at < ${to}::timestamptz), 0)::bigint as margin
        ) u
        where ${where}
        order by d.created_at desc, d.id desc
        limit ${q.limit} offset ${offsetOf(q)}`),
    );
    return {
      total: num(total?.n),
      records: rows.map((r) => ({
        distributorId: num(r.id),
        name: String(r.name),
        status: String(r.status) as 'active' | 'disabled',
        enterprises: num(r.enterprises),
        newEnterprises: num(r.fresh),
        seatMonths: num(r.months),
        billedSeconds: num(r.billed),
        orderAmount: num(r.amount),
        margin: num(r.margin),
      })),
    };
  },

  leadPage: (
    db: TDb,
    who: TJxsWho,
    f: TJxsLeadFilter,
    q: { page: number; limit: number },
  ): Promise<{ records: TJxsLeadRow[]; total: number }> => {
    const where = leadWhere(who, f);
    return pageOf(
      db.select({ n: count() }).from(jxsUnlockLeads).where(where),
      leadSelect(db)
        .where(where)
        .orderBy(...newestFirst(jxsUnlockLeads))
        .$dynamic(),
      q,
    );
  },

  /** One batch of the export, in the page's order. */
  leadBatch: (db: TDb, who: TJxsWho, f: TJxsLeadFilter, offset: number): Promise<TJxsLeadRow[]> =>
    leadSelect(db)
      .where(leadWhere(who, f))
      .orderBy(...newestFirst(jxsUnlockLeads))
      .limit(1000)
      .offset(offset),

  lead: (db: TDb, who: TJxsWho, id: number): Promise<TJxsLeadRow | null> =>
    firstRow(leadSelect(db).where(and(leadWhere(who, {}), eq(jxsUnlockLeads.id, id)))),

  insertLead: async (db: TDb, row: typeof jxsUnlockLeads.$inferInsert) =>
    (await db.insert(jxsUnlockLeads).values(row).returning({ id: jxsUnlockLeads.id }))[0]!.id,

  /**
   * The named leads of the caller, locked in id order (a second move of the same leads waits here
   * for the first's commit, then sees them moved).
   */
  lockLeads: (db: TDb, who: TJxsWho, ids: readonly number[]) =>
    db
      .select({
        id: jxsUnlockLeads.id,
        ...leadFields,
        distributorId: jxsUnlockLeads.distributorId,
        distributorName: agentDistributors.name,
      })
      .from(jxsUnlockLeads)
      .innerJoin(agentDistributors, eq(agentDistributors.id, jxsUnlockLeads.distributorId))
      .where(and(leadWhere(who, {}), inArray(jxsUnlockLeads.id, [...ids])))
      .orderBy(asc(jxsUnlockLeads.id))
      .for('update', { of: jxsUnlockLeads }),

  markMoved: (db: TDb, id: number, set: { enterpriseId: number; customerId: number; movedByName: string }) =>
    db
      .update(jxsUnlockLeads)
      .set({ status: 'moved', movedAt: new Date(), ...set })
      .where(and(eq(jxsUnlockLeads.id, id), eq(jxsUnlockLeads.status, 'new'))),

  deleteLeads: async (db: TDb, who: TJxsWho, ids: readonly number[]) =>
    (
      await db
        .delete(jxsUnlockLeads)
        .where(and(leadWhere(who, {}), inArray(jxsUnlockLeads.id, [...ids])))
        .returning({ id: jxsUnlockLeads.id })
    ).length,
};
