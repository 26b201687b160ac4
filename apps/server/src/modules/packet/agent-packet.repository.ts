import { and, asc, count, desc, eq, gte, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { agentLines, lines, tenants } from '../../db/schema.js';
import { likeOf, offsetOf } from '../../db/sql.js';
import { packetProducts, packets } from './packet.schema.js';

// The packet area's side of the agent's own packages and opened lines (decision 0020 "Line
// stock and the agent's packages"). An agent's package is a row of the catalogue table owned by the
// agent (`agent_id`), so the order, payment, grant and 退订 paths take it unchanged.

const agentTenant = alias(tenants, 'buyer_agent');

/** What a catalogue row is to a buyer: the platform's on a line opened for its agent, or its agent's own. */
export type TBuyer = { agentId: number | null };

export const agentPacketRepository = {
  /**
   * The agent an enterprise buys through (an open agent), or null: a direct enterprise, or one whose
   * agent was closed, buys from the platform's catalogue on every line.
   */
  buyerOf: async (db: TDb, tenantId: number): Promise<TBuyer> => ({
    agentId:
      (
        await firstRow(
          db
            .select({ agentId: agentTenant.id })
            .from(tenants)
            .innerJoin(
              agentTenant,
              and(eq(agentTenant.id, tenants.agentId), eq(agentTenant.kind, 'agent'), eq(agentTenant.status, 'active')),
            )
            .where(eq(tenants.id, tenantId)),
        )
      )?.agentId ?? null,
  }),

  /**
   * The catalogue rows a buyer may see and buy: a direct enterprise the platform's; an agent's
   * enterprise the platform's on its agent's opened lines and its agent's own (on lines still opened).
   */
  visibleTo: (b: TBuyer): SQL => {
    if (b.agentId === null) return isNull(packetProducts.agentId);
    const opened = sql`exists (select 1 from ${agentLines} where ${agentLines.agentId} = ${b.agentId} and ${agentLines.lineId} = ${packetProducts.lineId})`;
    return and(or(isNull(packetProducts.agentId), eq(packetProducts.agentId, b.agentId)), opened)!;
  },

  /**
   * The platform's base cost of `minutes` on a line for a package valid `validityDays` (decision 0020):
   * the cheapest the platform sells those minutes for on that line — its enabled catalogue packages
   * lasting at least as long, at their per-minute rate, rounded up to the fen; when it sells none,
   * the line's pay-as-you-go rate per minute. Null: the line is gone or closed by the platform.
   */
  basePrice: async (db: TDb, g: { lineId: number; minutes: number; validityDays: number }) => {
    const [line] = await db
      .select({ perMinute: lines.pricePerMinute, status: lines.status })
      .from(lines)
      .where(eq(lines.id, g.lineId));
    if (line?.status !== 'active') return null;
    const [cheapest] = await db
      .select({
        base: sql<
          string | null
        >`min(ceil(${g.minutes}::numeric * ${packetProducts.price} / ${packetProducts.minutes}))`,
      })
      .from(packetProducts)
      .where(
        and(
          eq(packetProducts.lineId, g.lineId),
          isNull(packetProducts.agentId),
          eq(packetProducts.isEnabled, true),
          gte(packetProducts.validityDays, g.validityDays),
        ),
      );
    return cheapest?.base == null ? g.minutes * line.perMinute : Number(cheapest.base);
  },

  /** Whether the line is opened for the agent now. */
  isOpened: (db: TDb, agentId: number, lineId: number) =>
    hasRow(
      db
        .select({ one: sql`1` })
        .from(agentLines)
        .where(and(eq(agentLines.agentId, agentId), eq(agentLines.lineId, lineId))),
    ),

  insert: async (db: TDb, agentId: number, f: TAgentPacketFields) =>
    (
      await db
        .insert(packetProducts)
        .values({ ...f, agentId, type: 'minutes', isEnabled: true })
        .returning({ id: packetProducts.id })
    )[0]!.id,

  /** Updates one of the agent's own packages; answers whether it was the agent's. */
  update: async (db: TDb, agentId: number, id: number, f: Partial<TAgentPacketFields> & { isEnabled?: boolean }) =>
    (
      await db
        .update(packetProducts)
        .set({ ...f, updatedAt: new Date() })
        .where(and(eq(packetProducts.id, id), eq(packetProducts.agentId, agentId)))
        .returning({ id: packetProducts.id })
    ).length > 0,

  /** The agent's own packages with how many of each its enterprises bought. */
  page: async (
    db: TDb,
    agentId: number,
    f: { lineId?: number; name?: string; enabledOnly?: boolean },
    q: { page: number; limit: number } | null,
  ) => {
    const conds: SQL[] = [eq(packetProducts.agentId, agentId)];
    if (f.lineId) conds.push(eq(packetProducts.lineId, f.lineId));
    if (f.name) conds.push(ilike(packetProducts.name, likeOf(f.name)));
    if (f.enabledOnly) conds.push(eq(packetProducts.isEnabled, true));
    const where = and(...conds);
    const [total] = await db.select({ n: count() }).from(packetProducts).where(where);
    const sold = sql<number>`(select count(*)::int from ${packets} where ${packets.productId} = ${packetProducts.id} and ${packets.orderId} is not null)`;
    const base = db
      .select({ product: packetProducts, lineName: lines.name, soldCount: sold })
      .from(packetProducts)
      .innerJoin(lines, eq(lines.id, packetProducts.lineId))
      .where(where)
      .orderBy(
        desc(packetProducts.isEnabled),
        asc(packetProducts.lineId),
        asc(packetProducts.price),
        asc(packetProducts.id),
      );
    const records = q ? await base.limit(q.limit).offset(offsetOf(q)) : await base;
    return { records, total: total?.n ?? 0 };
  },
};

export type TAgentPacketFields = { lineId: number; name: string; minutes: number; validityDays: number; price: number };
