import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { agentPrices, tenants } from '../../db/schema.js';
import { orders } from './trade.schema.js';

// The price cascade's reads (issue 18, docs/decisions/0020-resellers.md): the enterprise's agent
// and that agent's own prices. Neither table is a tenant table, so the buyer's transaction reads them.
export const tradeAgentRepository = {
  /** The agent an enterprise belongs to (its tenant row), or null. */
  agentOf: async (db: TDb, tenantId: number) =>
    (await db.select({ agentId: tenants.agentId }).from(tenants).where(eq(tenants.id, tenantId)).limit(1))[0]
      ?.agentId ?? null,

  /** The agent's own prices of these items, by item id. */
  prices: async (db: TDb, agentId: number, itemKind: 'packet' | 'seat', itemIds: readonly number[]) =>
    new Map(
      (
        await db
          .select({ itemId: agentPrices.itemId, price: agentPrices.price })
          .from(agentPrices)
          .where(
            and(
              eq(agentPrices.agentId, agentId),
              eq(agentPrices.itemKind, itemKind),
              inArray(agentPrices.itemId, [...itemIds]),
            ),
          )
      ).map((r) => [r.itemId, r.price]),
    ),

  /** Adds a refund to an order and answers its agent, margin, amount and refunded total after it. */
  addOrderRefund: async (db: TDb, orderId: number, amount: number) =>
    (
      await db
        .update(orders)
        .set({
          refundedAmount: sql`${orders.refundedAmount} + ${amount}`,
          state: sql`case when ${orders.refundedAmount} + ${amount} >= ${orders.amount} then 'refunded' else 'partRefunded' end`,
        })
        .where(eq(orders.id, orderId))
        .returning({
          orderNo: orders.orderNo,
          tenantId: orders.tenantId,
          amount: orders.amount,
          refundedAmount: orders.refundedAmount,
          agentId: orders.agentId,
          agentMargin: orders.agentMargin,
        })
    )[0]!,
};
