import { and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { agentDistributors, enterpriseCertifications, refundApplications, tenants, users } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { isAccountTaken } from '../../db/staff.js';

export type TEnterpriseFilter = { name?: string; status?: string };

// Drizzle writes a column inside a select list unqualified, which a subquery would read as its own
// table's column: name the outer table explicitly.
const tenantId = sql.raw('"tenants"."id"');

/** The registrant: the tenant's first user. */
const firstUser = (column: 'real_name' | 'mobile') =>
  sql<
    string | null
  >`(select u.${sql.raw(column)} from ${users} u where u.tenant_id = ${tenantId} order by u.id limit 1)`;

const enterpriseColumns = {
  tenant: tenants,
  adminName: firstUser('real_name'),
  adminMobile: firstUser('mobile'),
  userCount: sql<number>`(select count(*)::int from ${users} u where u.tenant_id = ${tenantId} and u.status = 'active')`,
  // Who brought it: the agent and distributor of the invitation code it registered with.
  agentName: sql<string | null>`(select a.name from ${tenants} a where a.id = ${sql.raw('"tenants"."agent_id"')})`,
  distributorName: sql<
    string | null
  >`(select d.name from ${agentDistributors} d where d.id = ${sql.raw('"tenants"."distributor_id"')})`,
};

const where = (f: TEnterpriseFilter): SQL | undefined => {
  // Agents have their own list (代理商).
  const conds: SQL[] = [eq(tenants.isSuper, false), eq(tenants.kind, 'enterprise')];
  if (f.name) {
    const like = likeOf(f.name);
    conds.push(or(ilike(tenants.name, like), ilike(tenants.code, like))!);
  }
  if (f.status) conds.push(eq(tenants.status, f.status));
  return and(...conds);
};

/** Enterprises across the platform: only the super tenant's services call this. */
export const platformRepository = {
  accountTaken: isAccountTaken,

  page: async (db: TDb, f: TEnterpriseFilter, page: number, limit: number) => {
    return pageOf(
      db.select({ n: count() }).from(tenants).where(where(f)),
      db
        .select(enterpriseColumns)
        .from(tenants)
        .where(where(f))
        .orderBy(...newestFirst(tenants))
        .$dynamic(),
      { page, limit },
    );
  },

  find: (db: TDb, id: number) =>
    firstRow(
      db
        .select(enterpriseColumns)
        .from(tenants)
        .where(and(eq(tenants.id, id), eq(tenants.isSuper, false))),
    ),

  findByCode: (db: TDb, code: string) =>
    firstRow(
      db
        .select(enterpriseColumns)
        .from(tenants)
        .where(and(eq(tenants.code, code), eq(tenants.isSuper, false))),
    ),

  /**
   * What waits for the operator, in one statement: registrations to examine, authentications and
   * refund applications (坐席退订 and others) to review (enterprise_certifications_status_idx,
   * refund_applications_state_created_idx; tenants are few, one row per enterprise).
   */
  waiting: async (db: TDb) => {
    const [row] = rowsOf<{ registrations: number; certifications: number; seat_cancels: number; refunds: number }>(
      await db.execute(sql`select
        (select count(*)::int from ${tenants} t where t.status = 'pending' and not t.is_super) as registrations,
        (select count(*)::int from ${enterpriseCertifications} c where c.status = 'pending') as certifications,
        (select count(*)::int from ${refundApplications} r where r.state = 'pending' and r.kind = 'seat') as seat_cancels,
        (select count(*)::int from ${refundApplications} r where r.state = 'pending' and r.kind <> 'seat') as refunds`),
    );
    return {
      registrations: row?.registrations ?? 0,
      certifications: row?.certifications ?? 0,
      seatCancellations: row?.seat_cancels ?? 0,
      refunds: row?.refunds ?? 0,
    };
  },

  /** Moves the listed enterprises from one status to another; answers the ids that moved. */
  move: async (
    db: TDb,
    ids: number[],
    from: string[],
    set: { status: string; statusReason: string; examinedAt?: Date },
  ) =>
    (
      await db
        .update(tenants)
        .set(set)
        .where(and(inArray(tenants.id, ids), inArray(tenants.status, from), eq(tenants.isSuper, false)))
        .returning({ id: tenants.id })
    ).map((r) => r.id),
};
