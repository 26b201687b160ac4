import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { openTestDatabase } from '../../test/database.js';
import { tenants } from '../org/org.schema.js';
import { book, ledgerRepository, type TLedgerKind } from './ledger.repository.js';
import { accounts, ledgerEntries } from './trade.schema.js';

/**
 * The money model (decision 0017): `book` is the one way a balance moves. Random
 * purchases, refunds, recharges and adjustments, some repeating a business key, some run in
 * parallel: the balance is always the sum of the ledger, never below zero, and each
 * (kind, business object) is booked once.
 */
describe('ledger', () => {
  let database: TDatabase;
  let tenantIds: number[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    const rows = await database.db
      .insert(tenants)
      .values([
        { code: 'L000001', name: '账本一' },
        { code: 'L000002', name: '账本二' },
      ])
      .returning({ id: tenants.id });
    tenantIds = rows.map((r) => r.id);
  });
  afterAll(() => database.close());

  const balanceOf = async (tenantId: number) =>
    Number((await database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  const sumOf = async (tenantId: number) =>
    Number(
      rowsOf<{ s: string | null }>(
        await database.db.execute(sql`select sum(amount) as s from ledger_entries where tenant_id = ${tenantId}`),
      )[0]?.s ?? 0,
    );

  it('books a movement with its balance after, and refuses a second booking of the same key', async () => {
    const [a] = tenantIds;
    const first = await withTenant(database, a!, (tx) =>
      book(tx, { tenantId: a!, kind: 'recharge', amount: 1000, bizType: 'payment', bizKey: 'P-1' }),
    );
    expect(first).toMatchObject({ isBooked: true, balanceAfter: 1000 });
    const again = await withTenant(database, a!, (tx) =>
      book(tx, { tenantId: a!, kind: 'recharge', amount: 1000, bizType: 'payment', bizKey: 'P-1' }),
    );
    expect(again).toEqual({ isBooked: false, reason: 'duplicate', balanceAfter: 1000 });
    // The same key under another kind is another movement (a refund of that payment).
    const refund = await withTenant(database, a!, (tx) =>
      book(tx, { tenantId: a!, kind: 'refund', amount: -1000, bizType: 'payment', bizKey: 'P-1' }),
    );
    expect(refund).toMatchObject({ isBooked: true, balanceAfter: 0 });
  });

  it('never takes the balance below zero unless the kind allows it or the money came with it', async () => {
    const [, b] = tenantIds;
    const buy = (amount: number, key: string, isCovered?: boolean) =>
      withTenant(database, b!, (tx) =>
        book(tx, { tenantId: b!, kind: 'purchase', amount, bizType: 'order', bizKey: key, isCovered }),
      );
    expect(await buy(-1, 'O-neg')).toEqual({ isBooked: false, reason: 'insufficient', balance: 0 });
    const call = await withTenant(database, b!, (tx) =>
      book(tx, { tenantId: b!, kind: 'consumption', amount: -30, bizType: 'call', bizKey: 'C-1' }),
    );
    expect(call).toMatchObject({ isBooked: true, balanceAfter: -30 });
    expect(await buy(-100, 'O-covered', true)).toMatchObject({ isBooked: true, balanceAfter: -130 });
    expect(await ledgerRepository.reconcile(database.db)).toEqual([]);
  });

  it('books one key once under N parallel requests', async () => {
    const [a] = tenantIds;
    const before = await balanceOf(a!);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        withTenant(database, a!, (tx) =>
          book(tx, { tenantId: a!, kind: 'recharge', amount: 777, bizType: 'payment', bizKey: 'P-parallel' }),
        ),
      ),
    );
    expect(results.filter((r) => r.isBooked)).toHaveLength(1);
    expect(await balanceOf(a!)).toBe(before + 777);
    const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bizKey, 'P-parallel'));
    expect(rows).toHaveLength(1);
  });

  it('holds sum(ledger) = balance ≥ 0 over random movements, some repeated, some in parallel', async () => {
    const kinds: TLedgerKind[] = ['recharge', 'purchase', 'refund', 'adjustment'];
    const movement = fc.record({
      tenant: fc.integer({ min: 0, max: 1 }),
      kind: fc.constantFrom(...kinds),
      amount: fc.integer({ min: 1, max: 50_000 }),
      // A small key space: repeats are frequent.
      key: fc.integer({ min: 1, max: 25 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(movement, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        async (waves) => {
          run++;
          const booked = new Set<string>();
          for (const wave of waves) {
            // Each wave runs its movements at once.
            const results = await Promise.all(
              wave.map((m) => {
                const tenantId = tenantIds[m.tenant]!;
                const signed =
                  m.kind === 'purchase' ? -m.amount : m.kind === 'adjustment' && m.key % 2 ? -m.amount : m.amount;
                return withTenant(database, tenantId, (tx) =>
                  book(tx, { tenantId, kind: m.kind, amount: signed, bizType: 'prop', bizKey: `r${run}-${m.key}` }),
                ).then((r) => ({ r, id: `${m.tenant}/${m.kind}/r${run}-${m.key}` }));
              }),
            );
            for (const { r, id } of results) {
              if (r.isBooked) {
                expect(booked.has(id)).toBe(false);
                booked.add(id);
              } else if (r.reason === 'duplicate')
                expect(booked.has(id) || results.some((x) => x.id === id && x.r.isBooked)).toBe(true);
            }
          }
          for (const tenantId of tenantIds) {
            expect(await balanceOf(tenantId)).toBe(await sumOf(tenantId));
          }
          const entries = await database.db.select().from(ledgerEntries);
          // Every balance after is what the account held at that moment; none of these kinds overdraws
          // below what the earlier tests left (tenant b starts at -130 from its covered purchase).
          for (const e of entries)
            if (e.bizType === 'prop' && e.amount < 0) expect(e.balanceAfter).toBeGreaterThanOrEqual(-130);
          expect(await ledgerRepository.reconcile(database.db)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('lets each of parallel movements of one account see the balance the one before left', async () => {
    const [row] = await database.db
      .insert(tenants)
      .values({ code: 'L000003', name: '账本三' })
      .returning({ id: tenants.id });
    const c = row!.id;
    const move = (kind: TLedgerKind, amount: number, bizKey: string) =>
      withTenant(database, c, (tx) => book(tx, { tenantId: c, kind, amount, bizType: 'order', bizKey }));
    // The account's first use, twelve at once: one account, every recharge counted.
    const recharges = await Promise.all(Array.from({ length: 12 }, (_, i) => move('recharge', 10, `R-${i}`)));
    expect(recharges.every((r) => r.isBooked)).toBe(true);
    expect(await balanceOf(c)).toBe(120);
    // 120 fen, eight purchases of 25 at once: four pass (100), four are refused with what was left.
    const buys = await Promise.all(Array.from({ length: 8 }, (_, i) => move('purchase', -25, `B-${i}`)));
    expect(buys.filter((r) => r.isBooked)).toHaveLength(4);
    const refused = buys.filter((r) => !r.isBooked);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r).toEqual({ isBooked: false, reason: 'insufficient', balance: 20 });
    // Each booking's balance after is the one before it less its amount: no two saw the same balance.
    const afters = buys.flatMap((r) => (r.isBooked ? [r.balanceAfter] : [])).sort((x, y) => x - y);
    expect(afters).toEqual([20, 45, 70, 95]);
    // A consumption may overdraw, at once with a purchase that may not.
    const [call, buy] = await Promise.all([move('consumption', -50, 'C-1'), move('purchase', -15, 'B-last')]);
    expect(call.isBooked).toBe(true);
    expect(await balanceOf(c)).toBe(buy.isBooked ? -45 : -30);
    expect(await balanceOf(c)).toBe(await sumOf(c));
    // A repeated key is a duplicate whatever the balance says.
    expect(await move('purchase', -25, 'B-0')).toMatchObject({ isBooked: false });
    expect(await move('consumption', -50, 'C-1')).toMatchObject({ isBooked: false, reason: 'duplicate' });
  });

  it('reconcile names an account whose balance was changed outside the ledger', async () => {
    const [a] = tenantIds;
    await database.db.update(accounts).set({ balance: sql`balance + 1` }).where(eq(accounts.tenantId, a!));
    const diff = await ledgerRepository.reconcile(database.db);
    expect(diff).toEqual([
      { tenantId: a!, balance: (await sumOf(a!)) + 1, ledgerSum: await sumOf(a!), entries: expect.any(Number) },
    ]);
    await database.db.update(accounts).set({ balance: sql`balance - 1` }).where(eq(accounts.tenantId, a!));
    expect(await ledgerRepository.reconcile(database.db)).toEqual([]);
  });
});
