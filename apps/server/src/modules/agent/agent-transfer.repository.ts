import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { lines, tenants } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { packetTransfers } from './agent-transfer.schema.js';

// 套餐转移. Every statement names the agent it acts for; the service runs them across
// tenants (the records and the enterprises are the agent's enterprises', not the agent's tenant's).

const fromTenant = alias(tenants, 'from_tenant');
const toTenant = alias(tenants, 'to_tenant');

const transferColumns = {
  transfer: packetTransfers,
  fromEnterpriseName: fromTenant.name,
  toEnterpriseName: toTenant.name,
  lineName: lines.name,
};

const joined = (db: TDb) =>
  db
    .select(transferColumns)
    .from(packetTransfers)
    .innerJoin(fromTenant, eq(fromTenant.id, packetTransfers.fromTenantId))
    .innerJoin(toTenant, eq(toTenant.id, packetTransfers.toTenantId))
    .innerJoin(lines, eq(lines.id, packetTransfers.lineId));

export const agentTransferRepository = {
  /** The agent's enterprises (any status), by name. */
  enterprises: (db: TDb, agentId: number) =>
    db
      .select({ id: tenants.id, name: tenants.name, status: tenants.status })
      .from(tenants)
      .where(eq(tenants.agentId, agentId))
      .orderBy(tenants.name, tenants.id),

  /** One enterprise of the agent, or null (another agent's or a direct enterprise finds nothing). */
  enterprise: (db: TDb, agentId: number, id: number) =>
    firstRow(
      db
        .select({ id: tenants.id, name: tenants.name, status: tenants.status })
        .from(tenants)
        .where(and(eq(tenants.id, id), eq(tenants.agentId, agentId))),
    ),

  insert: async (db: TDb, row: typeof packetTransfers.$inferInsert) =>
    (await db.insert(packetTransfers).values(row).returning({ id: packetTransfers.id }))[0]!.id,

  byId: (db: TDb, agentId: number, id: number) =>
    firstRow(joined(db).where(and(eq(packetTransfers.id, id), eq(packetTransfers.agentId, agentId)))),

  /** The agent's transfers, newest first; a name filter matches either enterprise. */
  page: async (db: TDb, agentId: number, f: { enterpriseName?: string }, q: { page: number; limit: number }) => {
    const conds: SQL[] = [eq(packetTransfers.agentId, agentId)];
    if (f.enterpriseName) {
      const like = likeOf(f.enterpriseName);
      conds.push(or(ilike(fromTenant.name, like), ilike(toTenant.name, like))!);
    }
    const where = and(...conds);
    return pageOf(
      db
        .select({ n: count() })
        .from(packetTransfers)
        .innerJoin(fromTenant, eq(fromTenant.id, packetTransfers.fromTenantId))
        .innerJoin(toTenant, eq(toTenant.id, packetTransfers.toTenantId))
        .where(where),
      joined(db)
        .where(where)
        .orderBy(...newestFirst(packetTransfers))
        .$dynamic(),
      q,
    );
  },

  /** Whether this transfer number is taken (a new one is drawn then). */
  numberTaken: (db: TDb, transferNo: string) =>
    hasRow(db.select({ one: sql`1` }).from(packetTransfers).where(eq(packetTransfers.transferNo, transferNo))),
};
