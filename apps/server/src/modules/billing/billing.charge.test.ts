import { noticeLinks, routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callingSettings, seats } from '../seat/seat.schema.js';
import { notices } from '../system/system.schema.js';
import { billingSettings } from './billing.schema.js';
import { billingKit } from './billing.test-kit.js';

const { call } = routeTables;

/**
 * Charging: every call rated and charged once in the transaction that writes its
 * record, packages first (earliest expiry, spilling), then the balance; the books hold under
 * random streams and parallel callbacks; the dial guard and the low-balance notice. PGlite and
 * PostgreSQL (TEST_DATABASE_URL).
 */
describe('charging calls', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof billingKit>>;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await billingKit(t);
  });
  afterAll(() => t.close());

  it('charges a call from the package that expires first, spills to the next, then to the balance', async () => {
    const line = await kit.newLine({ unitPrice: 12, incrementSeconds: 60 });
    const late = await kit.addPacket(line.id, 10, 30);
    const early = await kit.addPacket(line.id, 1, 5);
    await kit.move(10_000);
    const before = await kit.balance();
    // 61 s: 2 units, 120 s billed; 60 s from the early package, 60 s from the late one.
    expect(await kit.finish(await kit.bind(line.id), 61)).toBe('written');
    const [charge] = await kit.chargesOfLine(line.id);
    expect(charge).toMatchObject({ billedSeconds: 120, units: 2, amount: 24, packetSeconds: 120, balanceAmount: 0 });
    expect(charge!.paidBy.packets.map((p) => [p.packetId, p.seconds])).toEqual([
      [early.id, 60],
      [late.id, 60],
    ]);
    const [record] = await kit.recordsOfLine(line.id);
    expect(record!.postage).toBe(24);
    // The late package has 540 s; a 10-minute call takes them and 60 s from the balance (12 fen).
    await kit.finish(await kit.bind(line.id), 600);
    const charges = await kit.chargesOfLine(line.id);
    const second = charges.find((c) => c.recordId !== charge!.recordId)!;
    expect(second).toMatchObject({ billedSeconds: 600, packetSeconds: 540, balanceAmount: 12, amount: 120 });
    expect(await kit.balance()).toBe(before - 12);
    const used = Object.fromEntries((await kit.packetsOfLine(line.id)).map((p) => [p.id, p.usedSeconds]));
    expect(used).toEqual({ [early.id]: 60, [late.id]: 600 });
    expect(await kit.consumptionOf([second.recordId])).toHaveLength(1);
    expect(await kit.reconcile()).toEqual([]);
  });

  it('charges nothing for unanswered calls and calls under the free threshold', async () => {
    const line = await kit.newLine({ unitPrice: 2, incrementSeconds: 6, freeSeconds: 6 });
    await kit.finish(await kit.bind(line.id), 0);
    await kit.finish(await kit.bind(line.id), 5);
    expect(await kit.chargesOfLine(line.id)).toEqual([]);
    expect((await kit.recordsOfLine(line.id)).map((r) => r.postage)).toEqual([0, 0]);
  });

  it('rates a call at the rate of its time, not a newer one', async () => {
    const line = await kit.newLine({ unitPrice: 10, incrementSeconds: 60 });
    await t.database.db.insert((await import('./billing.schema.js')).lineRates).values({
      lineId: line.id,
      unitPrice: 1000,
      incrementSeconds: 60,
      validFrom: new Date(Date.now() + 3_600_000),
    });
    await kit.move(1000);
    await kit.finish(await kit.bind(line.id), 30);
    expect((await kit.chargesOfLine(line.id))[0]).toMatchObject({ unitPrice: 10, amount: 10, balanceAmount: 10 });
  });

  it('charges one call once when its callback comes twice at the same moment', async () => {
    const line = await kit.newLine({ unitPrice: 12, incrementSeconds: 60 });
    await kit.addPacket(line.id, 1, 10);
    await kit.move(1000);
    const before = await kit.balance();
    const bindId = await kit.bind(line.id);
    const results = await Promise.all([kit.finish(bindId, 150), kit.finish(bindId, 150), kit.finish(bindId, 150)]);
    expect(results.filter((r) => r === 'written')).toHaveLength(1);
    const charges = await kit.chargesOfLine(line.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ billedSeconds: 180, packetSeconds: 60, balanceAmount: 24 });
    expect(await kit.balance()).toBe(before - 24);
    expect((await kit.packetsOfLine(line.id))[0]!.usedSeconds).toBe(60);
    // A late repeat, after the fact, charges nothing more either.
    expect(await kit.finish(bindId, 150)).toBe('duplicate');
    expect(await kit.balance()).toBe(before - 24);
  });

  it('charges the first call of an enterprise without an account to the balance, its account made', async () => {
    // The charge's statement books too, but only on an account that is there: the first one is made by `book`.
    const other = await otherEnterprise(t, { code: 'E400216', username: 'chargeboss', mobile: '13700021601' });
    const line = await kit.newLine({ unitPrice: 12, incrementSeconds: 60 });
    expect(await kit.finish(await kit.bind(line.id, 'chargeboss', other.tenantId), 61)).toBe('written');
    const [charge] = await kit.chargesOfLine(line.id);
    expect(charge).toMatchObject({ tenantId: other.tenantId, amount: 24, packetSeconds: 0, balanceAmount: 24 });
    expect(await kit.balance(other.tenantId)).toBe(-24);
    expect((await kit.consumptionOf([charge!.recordId])).map((e) => Number(e.amount))).toEqual([-24]);
    expect(await kit.reconcile()).toEqual([]);
  });

  it('takes one package exactly to its end when many calls finish at once, the rest from the balance', async () => {
    const line = await kit.newLine({ unitPrice: 6, incrementSeconds: 6 });
    // 10 minutes; 24 calls of 31 s (36 s billed each, 864 s): 600 s from the package, 264 s = 264 fen.
    const packet = await kit.addPacket(line.id, 10, 10);
    await kit.move(5000);
    const before = await kit.balance();
    const binds = await Promise.all(Array.from({ length: 24 }, () => kit.bind(line.id)));
    const results = await Promise.all(binds.map((b) => kit.finish(b, 31)));
    expect(results.every((r) => r === 'written')).toBe(true);
    const charges = await kit.chargesOfLine(line.id);
    expect(charges).toHaveLength(24);
    expect(charges.reduce((s, c) => s + c.packetSeconds, 0)).toBe(600);
    expect((await kit.packetsOfLine(line.id)).find((p) => p.id === packet.id)!.usedSeconds).toBe(600);
    const fromBalance = charges.reduce((s, c) => s + c.balanceAmount, 0);
    expect(fromBalance).toBe(264);
    expect(await kit.balance()).toBe(before - 264);
    const ledger = await kit.consumptionOf(charges.map((c) => c.recordId));
    expect(ledger.reduce((s, e) => s - e.amount, 0)).toBe(264);
    expect(await kit.reconcile()).toEqual([]);
  });

  it('keeps the books over random streams of calls, purchases and refunds', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('call' as const), seconds: fc.integer({ min: 0, max: 400 }), twice: fc.boolean() }),
      fc.record({
        kind: fc.constant('buy' as const),
        minutes: fc.integer({ min: 1, max: 5 }),
        days: fc.integer({ min: 1, max: 30 }),
      }),
      fc.record({ kind: fc.constant('money' as const), amount: fc.integer({ min: -300, max: 500 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        async (waves) => {
          const line = await kit.newLine({ unitPrice: 3, incrementSeconds: 6, minimumSeconds: 12 });
          const balanceBefore = await kit.balance();
          let moved = 0;
          for (const wave of waves) {
            await Promise.all(
              wave.map(async (o) => {
                if (o.kind === 'buy') await kit.addPacket(line.id, o.minutes, o.days);
                else if (o.kind === 'money') {
                  // A refund back to the balance (+) or money sent back to the payer (−).
                  const booked = await kit.move(o.amount === 0 ? 1 : o.amount, 'refund');
                  if (booked.isBooked) moved += o.amount === 0 ? 1 : o.amount;
                } else {
                  const bindId = await kit.bind(line.id);
                  await Promise.all([
                    kit.finish(bindId, o.seconds),
                    ...(o.twice ? [kit.finish(bindId, o.seconds)] : []),
                  ]);
                }
              }),
            );
          }
          const records = await kit.recordsOfLine(line.id);
          const charges = await kit.chargesOfLine(line.id);
          const calls = waves.flat().filter((o) => o.kind === 'call');
          // Every call written once; charged once when it cost anything.
          expect(records).toHaveLength(calls.length);
          expect(charges).toHaveLength(records.filter((r) => r.postage > 0).length);
          for (const c of charges) {
            expect(records.find((r) => r.id === c.recordId)!.postage).toBe(c.amount);
            expect(c.packetSeconds + (c.balanceAmount > 0 ? 1 : 0)).toBeGreaterThan(0);
          }
          // Sum of charges = consumption ledger = balance decrease; package usage = package seconds charged.
          const fromBalance = charges.reduce((s, c) => s + c.balanceAmount, 0);
          const ledger = await kit.consumptionOf(charges.map((c) => c.recordId));
          expect(ledger.reduce((s, e) => s - e.amount, 0)).toBe(fromBalance);
          expect(balanceBefore + moved - (await kit.balance())).toBe(fromBalance);
          const packs = await kit.packetsOfLine(line.id);
          expect(packs.reduce((s, p) => s + p.usedSeconds, 0)).toBe(charges.reduce((s, c) => s + c.packetSeconds, 0));
          for (const p of packs) expect(p.usedSeconds).toBeLessThanOrEqual(p.totalMinutes * 60);
          expect(await kit.reconcile()).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  });

  describe('the guard', () => {
    const dialOn = async (lineId: number, token: string) => {
      const agent = await kit.person('agent01');
      const now = Date.now();
      await t.database.db.insert(seats).values({
        tenantId: kit.tenantId,
        userId: agent.id,
        lineId,
        startAt: new Date(now - 86_400_000),
        expireAt: new Date(now + 86_400_000),
      });
      await t.database.db
        .insert(callingSettings)
        .values({ tenantId: kit.tenantId, userId: agent.id, allowedFrom: '00:00', allowedTo: '24:00' })
        .onConflictDoUpdate({
          target: [callingSettings.tenantId, callingSettings.userId],
          set: { allowedFrom: '00:00', allowedTo: '24:00', lineId: null },
        });
      return t.call(call.dial, { telB: '13912340000', interfaceId: lineId }, token);
    };

    it('charges a call in progress in full when the money runs out, then refuses the next dial', async () => {
      const agent = await t.loginAs.agent();
      // A soft-phone line (mode 2): a dial writes a request for the page, nothing for the carrier.
      const line = await kit.newLine({ unitPrice: 10, incrementSeconds: 60 }, 2);
      const packet = await kit.addPacket(line.id, 1, 10);
      // Package minutes, no balance: the dial goes through.
      const first = await dialOn(line.id, agent);
      expect(first.body.code, first.body.msg).toBe(0);
      await t.call(call.dialCancel, { bindId: first.body.data.bindId }, agent);
      const balance = await kit.balance();
      if (balance > 0) await kit.move(-balance, 'adjustment');
      await kit.move(5, 'adjustment');
      // A 10-minute call with 60 s of package and 5 fen: charged in full, the balance goes below zero.
      await kit.finish(await kit.bind(line.id), 600);
      expect((await kit.packetsOfLine(line.id)).find((p) => p.id === packet.id)!.usedSeconds).toBe(60);
      expect(await kit.balance()).toBe(5 - 90);
      const refused = await dialOn(line.id, agent);
      expect(refused.body.code).toBe(10056);
      expect(refused.body.msg).toContain('余额不足');
      expect(refused.body.msg).toContain(line.name);
      await kit.move(85 + 100, 'adjustment');
      const again = await dialOn(line.id, agent);
      expect(again.body.code, again.body.msg).toBe(0);
      await t.call(call.dialCancel, { bindId: again.body.data.bindId }, agent);
    });

    it('tells the administrators once when the balance falls under the threshold, and again after it recovered', async () => {
      const line = await kit.newLine({ unitPrice: 100, incrementSeconds: 60 });
      const balance = await kit.balance();
      await kit.move(2000 - balance, 'adjustment');
      await t.database.db
        .insert(billingSettings)
        .values({ tenantId: kit.tenantId, lowBalanceFen: 1500, isSms: true })
        .onConflictDoUpdate({
          target: billingSettings.tenantId,
          set: { lowBalanceFen: 1500, isSms: true, notifiedAt: null },
        });
      const admin = await kit.person('admin');
      const bell = () =>
        t.database.db
          .select()
          .from(notices)
          .where(and(eq(notices.userId, admin.id), eq(notices.title, '余额不足提醒')));
      const billing = t.app.services.billing;
      expect(await billing.checkLowBalance()).toBe(0);
      await kit.finish(await kit.bind(line.id), 400); // 7 minutes: 700 fen, 1300 left
      // Four runs at once (four server processes' jobs): the crossing is told once.
      const runs = await Promise.all([1, 2, 3, 4].map(() => billing.checkLowBalance()));
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await billing.checkLowBalance()).toBe(0);
      expect(await bell()).toHaveLength(1);
      expect((await bell())[0]!.content).toContain('13.00');
      // The bell opens 充值 from it.
      expect((await bell())[0]!.link).toBe(noticeLinks.recharge);
      await kit.move(1000);
      await billing.checkLowBalance();
      await kit.finish(await kit.bind(line.id), 600);
      expect(await billing.checkLowBalance()).toBe(1);
      expect(await bell()).toHaveLength(2);
    });
  });
});
