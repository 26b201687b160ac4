import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossTenants } from '../../db/across-tenants.js';
import { rowsOf, type TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { openTestDatabase } from '../../test/database.js';
import { agentPrices } from '../agent/agent.schema.js';
import { tenants } from '../org/org.schema.js';
import { book, ledgerRepository } from './ledger.repository.js';
import { newOrderNo } from './order.kit.js';
import { tradeRepository } from './trade.repository.js';
import type { TOrderItem } from './trade.schema.js';
import { accounts, ledgerEntries, orders } from './trade.schema.js';
import { addOrderRefund, bookAgentMargin, priceThroughAgent, reverseAgentMargin } from './trade-agent.js';

/**
 * The price cascade and the agent's margin (decision 0020) as a property: random purchases
 * by enterprises of an agent and by a direct enterprise, paid as a QR payment is (recharge, purchase,
 * margin in one transaction), and random partial refunds in parallel waves. Every fen is accounted
 * for: each order's amount is the platform's price plus the agent's margin, the margin is
 * (agent price − base) × quantity, refunds take back their share and a full refund all of it, and
 * sum(ledger) = balance for every account.
 */
describe('agent margin', () => {
  let database: TDatabase;
  let run = 0;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const balanceOf = async (tenantId: number) =>
    Number((await database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);

  /** Products 1..4 at these platform prices; the agent prices some of them (maybe below base: the platform raised it). */
  const base = [0, 1000, 2590, 9900, 333];

  const zItem = fc.record({ productId: fc.integer({ min: 1, max: 4 }), quantity: fc.integer({ min: 1, max: 5 }) });
  const zPurchase = fc.record({
    buyer: fc.integer({ min: 0, max: 2 }),
    items: fc.array(zItem, { minLength: 1, maxLength: 3 }),
  });
  const zWave = fc.record({
    purchases: fc.array(zPurchase, { minLength: 1, maxLength: 4 }),
    // Each refund: an earlier order (index mod count) and a share of what is left of it, in per mille.
    refunds: fc.array(fc.record({ order: fc.nat(), perMille: fc.integer({ min: 1, max: 1000 }) }), { maxLength: 4 }),
  });
  const zPrices = fc.array(fc.option(fc.integer({ min: -200, max: 5000 }), { nil: undefined }), {
    minLength: 4,
    maxLength: 4,
  });

  it('accounts for every fen across purchases and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(zPrices, fc.array(zWave, { minLength: 1, maxLength: 3 }), async (markups, waves) => {
        run++;
        const [agent] = await database.db
          .insert(tenants)
          .values({ code: `PA${run}`, name: `代理${run}`, kind: 'agent', inviteCode: `PROP${run}` })
          .returning({ id: tenants.id });
        const buyers = await database.db
          .insert(tenants)
          .values([
            { code: `PE${run}a`, name: `企业${run}a`, agentId: agent!.id },
            { code: `PE${run}b`, name: `企业${run}b`, agentId: agent!.id },
            { code: `PD${run}`, name: `直客${run}` },
          ])
          .returning({ id: tenants.id });
        const agentPrice = new Map<number, number>();
        for (const [i, m] of markups.entries()) {
          if (m === undefined) continue;
          const price = Math.max(1, base[i + 1]! + m);
          agentPrice.set(i + 1, price);
          await database.db
            .insert(agentPrices)
            .values({ agentId: agent!.id, itemKind: 'packet', itemId: i + 1, price });
        }

        type TPlaced = { id: number; tenantId: number; amount: number; planned: number };
        const placed: TPlaced[] = [];
        let refundNo = 0;
        for (const wave of waves) {
          // Refunds of earlier orders, planned so none exceeds what is left of its order.
          const refunds = placed.length
            ? wave.refunds.flatMap((r) => {
                const o = placed[r.order % placed.length]!;
                const left = o.amount - o.planned;
                const amount = Math.max(1, Math.floor((left * r.perMille) / 1000));
                if (left <= 0 || amount > left) return [];
                o.planned += amount;
                return [{ o, amount, key: `R${run}-${refundNo++}` }];
              })
            : [];
          const purchases = wave.purchases.map(async (p) => {
            const tenantId = buyers[p.buyer]!.id;
            return withTenant(database, tenantId, async (tx) => {
              const catalogue: TOrderItem[] = p.items.map((it) => ({
                productId: it.productId,
                name: `套餐${it.productId}`,
                lineId: 1,
                minutes: 100,
                validityDays: 30,
                unitPrice: base[it.productId]!,
                quantity: it.quantity,
              }));
              const priced = await priceThroughAgent(tx, tenantId, 'packet', catalogue, (it) => it.productId);
              const amount = priced.items.reduce((n, it) => n + it.unitPrice * it.quantity, 0);
              const order = await tradeRepository.insertOrder(tx, {
                tenantId,
                orderNo: newOrderNo(new Date()),
                kind: 'package',
                items: priced.items,
                amount,
                agentId: priced.agentId,
                agentMargin: priced.agentMargin,
                subject: 'prop',
                expireAt: new Date(Date.now() + 60_000),
                state: 'paid',
              });
              const money = { tenantId, bizKey: order.orderNo, remark: '' };
              await book(tx, { ...money, kind: 'recharge', amount, bizType: 'payment' });
              await book(tx, { ...money, kind: 'purchase', amount: -amount, bizType: 'order', isCovered: true });
              await bookAgentMargin(tx, order);
              // A retried settlement books nothing more.
              await bookAgentMargin(tx, order);
              return { id: order.id, tenantId, amount, planned: 0 };
            });
          });
          const refunded = refunds.map(({ o, amount, key }) =>
            withTenant(database, o.tenantId, (tx) =>
              acrossTenants(tx, async (db) => {
                // As the platform's approval does: the order, the enterprise's booking, then the agent's.
                const order = await addOrderRefund(db, o.id, amount);
                await book(db, { tenantId: o.tenantId, kind: 'refund', amount, bizType: 'refundApply', bizKey: key });
                await reverseAgentMargin(db, order, amount, key);
              }),
            ),
          );
          const [bought] = await Promise.all([Promise.all(purchases), Promise.all(refunded)]);
          placed.push(...bought);
        }

        let agentExpected = 0;
        for (const p of placed) {
          const [o] = await database.db.select().from(orders).where(eq(orders.id, p.id));
          const isAgents = p.tenantId !== buyers[2]!.id;
          const baseAmount = o!.items.reduce((n, it) => n + (it.baseUnitPrice ?? it.unitPrice) * it.quantity, 0);
          const margin = o!.items.reduce(
            (n, it) =>
              n +
              (Math.max(agentPrice.get(it.productId) ?? 0, base[it.productId]!) - base[it.productId]!) * it.quantity,
            0,
          );
          expect(o!.agentId).toBe(isAgents ? agent!.id : null);
          expect(o!.agentMargin).toBe(isAgents ? margin : 0);
          expect(o!.amount).toBe(baseAmount + o!.agentMargin);
          expect(o!.refundedAmount).toBe(p.planned);
          const entries = await database.db
            .select()
            .from(ledgerEntries)
            .where(sql`${ledgerEntries.tenantId} = ${agent!.id} and (${ledgerEntries.bizKey} = ${o!.orderNo})`);
          expect(entries.reduce((n, e) => n + e.amount, 0)).toBe(Math.max(o!.agentMargin, 0));
          const kept = o!.agentMargin - Math.floor((o!.agentMargin * p.planned) / o!.amount);
          agentExpected += kept;
          if (p.planned === o!.amount) expect(kept).toBe(0);
        }
        expect(await balanceOf(agent!.id)).toBe(agentExpected);
        for (const b of buyers) {
          const refundedTo = placed.filter((p) => p.tenantId === b.id).reduce((n, p) => n + p.planned, 0);
          expect(await balanceOf(b.id)).toBe(refundedTo);
        }
        const sums = rowsOf<{ s: string | null }>(
          await database.db.execute(sql`select sum(amount) as s from ledger_entries where tenant_id = ${agent!.id}`),
        );
        expect(Number(sums[0]?.s ?? 0)).toBe(agentExpected);
        expect(await ledgerRepository.reconcile(database.db)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 60_000);
});
