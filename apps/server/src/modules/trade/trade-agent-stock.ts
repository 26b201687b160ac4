import type { TBuyableProduct } from '../packet/index.js';
import { tradeErrors } from './trade.errors.js';
import type { TOrderItem } from './trade.schema.js';
import { marginOf } from './trade-agent.js';
import { tradeAgentStockRepository as repo } from './trade-agent-stock.repository.js';

// Line stock and the agent's own packages at purchase (decision 0020 "Line stock and the
// agent's packages"): an enterprise of an agent buys only on its agent's opened lines; an agent's own
// package is sold at the agent's price over the platform's base cost, the difference its margin.

/** Refuses a new purchase on a line not opened for the buyer's agent (renewals of what it holds are not asked). */
export const requireOpenedLines = async (
  tx: Parameters<typeof repo.closedLines>[0],
  tenantId: number,
  lineIds: number[],
) => {
  if ((await repo.closedLines(tx, tenantId, lineIds)).length > 0) throw tradeErrors.lineNotOpened();
};

type TCascade<T extends TOrderItem> = { items: T[]; agentId: number | null; agentMargin: number };

/**
 * The agent's own packages in a priced order: the agent's price, never below the platform's base
 * cost now (the platform may have lowered its catalogue since), the base kept as `baseUnitPrice`;
 * the order's margin summed again over all its items.
 */
export const priceAgentPackets = <T extends TOrderItem>(
  cascade: TCascade<T>,
  products: TBuyableProduct[],
): TCascade<T> => {
  const own = new Map(products.filter((p) => p.agentId !== null).map((p) => [p.id, p]));
  if (own.size === 0 || cascade.agentId === null) return cascade;
  const items = cascade.items.map((it) => {
    const p = own.get(it.productId);
    return p ? { ...it, unitPrice: Math.max(p.price, p.basePrice), baseUnitPrice: p.basePrice } : it;
  });
  return { items, agentId: cascade.agentId, agentMargin: marginOf(items) };
};
