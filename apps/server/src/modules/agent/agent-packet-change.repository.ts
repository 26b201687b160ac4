import { and, count, eq, ilike, lte, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { lines, tenants } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { agentLines, packetChanges } from './agent-stock.schema.js';

// 套餐变更. Every statement names the agent it acts for; the service runs them across
// tenants (the packages and records are the agent's enterprises').

const fromLine = alias(lines, 'from_line');
const toLine = alias(lines, 'to_line');

const joined = (db: TDb) =>
  db
    .select({
      change: packetChanges,
      enterpriseName: tenants.name,
      fromLineName: fromLine.name,
      toLineName: toLine.name,
    })
    .from(packetChanges)
    .innerJoin(tenants, eq(tenants.id, packetChanges.enterpriseId))
    .innerJoin(fromLine, eq(fromLine.id, packetChanges.fromLineId))
    .innerJoin(toLine, eq(toLine.id, packetChanges.toLineId));

export const agentPacketChangeRepository = {
  /**
   * The lines a package on `fromLineId` may move to: the agent's opened active lines but that one,
   * whose per-minute rate is not above it (the seconds move as they are, so no fen is lost).
   */
  targetLines: async (db: TDb, agentId: number, fromLineId: number) => {
    const [from] = await db.select({ rate: lines.pricePerMinute }).from(lines).where(eq(lines.id, fromLineId));
    if (!from) return [];
    return db
      .select({ id: lines.id, name: lines.name, pricePerMinute: lines.pricePerMinute })
      .from(agentLines)
      .innerJoin(lines, eq(lines.id, agentLines.lineId))
      .where(
        and(
          eq(agentLines.agentId, agentId),
          eq(lines.status, 'active'),
          ne(lines.id, fromLineId),
          lte(lines.pricePerMinute, from.rate),
        ),
      )
      .orderBy(lines.id);
  },

  insert: async (db: TDb, row: typeof packetChanges.$inferInsert) =>
    (await db.insert(packetChanges).values(row).returning({ id: packetChanges.id }))[0]!.id,

  byId: (db: TDb, agentId: number, id: number) =>
    firstRow(joined(db).where(and(eq(packetChanges.id, id), eq(packetChanges.agentId, agentId)))),

  page: async (db: TDb, agentId: number, f: { enterpriseName?: string }, q: { page: number; limit: number }) => {
    const conds: SQL[] = [eq(packetChanges.agentId, agentId)];
    if (f.enterpriseName) conds.push(ilike(tenants.name, likeOf(f.enterpriseName)));
    const where = and(...conds);
    return pageOf(
      db
        .select({ n: count() })
        .from(packetChanges)
        .innerJoin(tenants, eq(tenants.id, packetChanges.enterpriseId))
        .where(where),
      joined(db)
        .where(where)
        .orderBy(...newestFirst(packetChanges))
        .$dynamic(),
      q,
    );
  },
};
