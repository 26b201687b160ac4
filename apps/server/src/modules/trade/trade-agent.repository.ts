import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { agentPrices, tenants } from '../../db/schema.js';
import { orders } from './trade.schema.js';

const agentTenant = alias(tenants, 'agent_tenant');

// The price cascade's reads (docs/decisions/0020-resellers.md): the enterprise's agent
// and that agent's own prices. Neither table is a tenant table, so the buyer's transaction reads them.
export const tradeAgentRepository = {
  /**
   * The agent an enterprise buys through: its agent while that agent is open, else null (a closed
   * agent's enterprises buy at the platform's prices, decision 0020 "Settlement and closing").
   */
  agentOf: async (db: TDb, tenantId: number) =>
    (
      await firstRow(
        db
          .select({ agentId: agentTenant.id })
          .from(tenants)
          .innerJoin(agentTenant, and(eq(agentTenant.id, tenants.agentId), eq(agentTenant.status, 'active')))
          .where(eq(tenants.id, tenantId)),
      )
    )?.agentId ?? null,

  /**
   * Whether the agent is open, its row held FOR SHARE until the payment commits: closing the agent
   * (an UPDATE of that row) waits for payments under way, so a payment that commits after the
   * closing never books a margin.
   */
  isAgentOpen: async (db: TDb, agentId: number) =>
    (await db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, agentId)).for('share'))[0]
      ?.status === 'active',

  /** An order paid after its agent closed keeps no margin: nothing booked, so no refund takes one back. */
  dropOrderMargin: (db: TDb, orderNo: string) =>
    db.update(orders).set({ agentMargin: 0 }).where(eq(orders.orderNo, orderNo)),

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
