import { acrossTenants } from '../../db/across-tenants.js';
import type { TDb } from '../../db/client.js';
import { book } from './ledger.repository.js';
import type { TOrderItem } from './trade.schema.js';
import { tradeAgentRepository as repo } from './trade-agent.repository.js';

// The price cascade and the agent's margin (docs/decisions/0020-resellers.md).
// A rate is looked up enterprise → agent → platform: an enterprise of an agent buys at the agent's
// price (never below the platform's, even when the platform raised its price after the agent set
// its own); the difference × quantity is the agent's margin, booked in the agent's ledger in the
// paying transaction and taken back pro rata by refunds.

type TPriced = { unitPrice: number; quantity: number; baseUnitPrice?: number };

/**
 * Prices items at the enterprise's agent's prices: each item's `unitPrice` becomes the agent's
 * (per unit of the platform's price: `unitOf` turns the agent's price into the item's, e.g. × months)
 * with the platform's kept as `baseUnitPrice`. Answers the agent (null: a direct enterprise, items
 * unchanged) and its margin on the order.
 */
export const priceThroughAgent = async <T extends TOrderItem>(
  tx: TDb,
  tenantId: number,
  itemKind: 'packet' | 'seat',
  items: T[],
  keyOf: (item: T) => number,
  unitOf: (agentPrice: number, item: T) => number = (p) => p,
): Promise<{ items: T[]; agentId: number | null; agentMargin: number }> => {
  const agentId = await repo.agentOf(tx, tenantId);
  if (agentId === null) return { items, agentId: null, agentMargin: 0 };
  const prices = await repo.prices(tx, agentId, itemKind, items.map(keyOf));
  const priced = items.map((it) => {
    const own = prices.get(keyOf(it));
    return {
      ...it,
      unitPrice: cascade(own === undefined ? undefined : unitOf(own, it), it.unitPrice),
      baseUnitPrice: it.unitPrice,
    };
  });
  return { items: priced, agentId, agentMargin: marginOf(priced) };
};

/** The agent's price, never below the platform's; the platform's when the agent set none. */
const cascade = (agentPrice: number | undefined, base: number) =>
  agentPrice === undefined ? base : Math.max(agentPrice, base);

/**
 * The prices an enterprise pays (its catalogue and seat prices shown as its orders are priced), by
 * item id (package product, or line for a seat's month price); empty for a direct enterprise.
 */
const pricesFor =
  (itemKind: 'packet' | 'seat') =>
  async (tx: TDb, tenantId: number, items: { id: number; price: number }[]): Promise<Map<number, number>> => {
    const agentId = await repo.agentOf(tx, tenantId);
    if (agentId === null || items.length === 0) return new Map();
    const prices = await repo.prices(
      tx,
      agentId,
      itemKind,
      items.map((p) => p.id),
    );
    return new Map(items.map((p) => [p.id, cascade(prices.get(p.id), p.price)]));
  };

export const packagePricesFor = pricesFor('packet');
export const seatPricesFor = pricesFor('seat');

/** Σ (price − base) × quantity. */
export const marginOf = (items: TPriced[]) =>
  items.reduce((n, it) => n + (it.unitPrice - (it.baseUnitPrice ?? it.unitPrice)) * it.quantity, 0);

/**
 * Books a paid order's margin in its agent's ledger, once per order, in the paying transaction; an
 * agent closed since the order was placed gets none (the order's margin set to 0).
 */
export const bookAgentMargin = async (
  tx: TDb,
  order: { orderNo: string; agentId: number | null; agentMargin: number; subject: string },
) => {
  const { agentId } = order;
  if (agentId === null || order.agentMargin <= 0) return;
  // The agent's account is another tenant's: the wall steps aside for this one named booking.
  await acrossTenants(tx, async (db) => {
    // Closed since the order was placed: the order keeps its price, the platform keeps the margin.
    if (!(await repo.isAgentOpen(db, agentId))) {
      await repo.dropOrderMargin(db, order.orderNo);
      return;
    }
    await book(db, {
      tenantId: agentId,
      kind: 'margin',
      amount: order.agentMargin,
      bizType: 'order',
      bizKey: order.orderNo,
      remark: `代理利润：${order.subject}`.slice(0, 200),
    });
  });
};

export type TOrderRefunded = Awaited<ReturnType<typeof repo.addOrderRefund>>;

/** A refund of `amount` fen of an order: its refunded total rises (部分退款, or 已退款 once all came back). */
export const addOrderRefund = (db: TDb, orderId: number, amount: number) => repo.addOrderRefund(db, orderId, amount);

/**
 * The agent gives back the refunded share of its margin (the platform's approval, across tenants).
 * Cumulative rounding (floor of margin × refunded ÷ amount, after minus before) makes a full refund
 * take back exactly the margin, whatever the parts. Once per application part (`key`). Call it
 * after the enterprise's own booking: a payment's settlement locks the enterprise's account, then
 * the agent's, and so must a refund (two transactions locking them the other way round deadlock).
 */
export const reverseAgentMargin = async (db: TDb, o: TOrderRefunded, amount: number, key: string) => {
  if (o.agentId === null || o.agentMargin <= 0 || o.amount <= 0) return;
  const after = Math.min(o.refundedAmount, o.amount);
  const before = Math.min(Math.max(after - amount, 0), o.amount);
  const share = (refunded: number) => Math.floor((o.agentMargin * refunded) / o.amount);
  const back = share(after) - share(before);
  if (back <= 0) return;
  await book(db, {
    tenantId: o.agentId,
    kind: 'margin',
    amount: -back,
    bizType: 'refundApply',
    bizKey: key,
    remark: `订单 ${o.orderNo} 退款，退回代理利润`,
  });
};
