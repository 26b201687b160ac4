import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callBinds } from '../call/call.schema.js';
import { callingSettings, seats } from '../seat/seat.schema.js';
import { billingKit } from './billing.test-kit.js';

const { call } = routeTables;

const agents = ['agent01', 'agent02', 'agent03', 'agent04', 'agent05'];

/**
 * The dial guard under parallel dials (issue 16, docs/decisions/0018-billing.md "The guard"): every
 * call under way on a charged line holds one minimum block of its line — package seconds first, then
 * the balance — so dials that arrive together cannot all pass on money that pays for one. PGlite
 * and PostgreSQL (TEST_DATABASE_URL): on PostgreSQL the dials truly run at once.
 */
describe('the dial guard under parallel dials', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof billingKit>>;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp();
    kit = await billingKit(t);
    for (const a of agents) tokens.set(a, await t.login(a, 'Agent@2026'));
  });
  afterAll(() => t.close());

  /** A soft-phone line (its dial writes a request for the page, nothing for the carrier) every agent holds a seat on. */
  const lineForAll = async (rate: { unitPrice: number; incrementSeconds: number; minimumSeconds?: number }) => {
    const line = await kit.newLine(rate, 2);
    const now = Date.now();
    for (const username of agents) {
      const agent = await kit.person(username);
      await t.database.db.insert(seats).values({
        tenantId: kit.tenantId,
        userId: agent.id,
        lineId: line.id,
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
    }
    return line;
  };

  const setBalance = async (fen: number) => {
    const now = await kit.balance();
    if (now !== fen) await kit.move(fen - now, 'adjustment');
  };

  let numberNo = 0;
  const dial = (lineId: number, username: string) =>
    t.call(
      call.dial,
      { telB: `1391234${String(++numberNo).padStart(4, '0')}`, interfaceId: lineId },
      tokens.get(username),
    );

  const bindsOf = (lineId: number) =>
    t.database.db
      .select()
      .from(callBinds)
      .where(and(eq(callBinds.tenantId, kit.tenantId), eq(callBinds.lineId, lineId)));

  /** Ends every call under way on the line (the page withdraws a soft-phone request never placed). */
  const endAll = async (lineId: number) => {
    for (const b of await bindsOf(lineId)) {
      if (b.state === 'created') {
        await t.database.db.update(callBinds).set({ state: 'cancelled' }).where(eq(callBinds.id, b.id));
      }
    }
  };

  it('lets one of five parallel dials through when the balance pays for one minimum block, and refuses the rest', async () => {
    const line = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(10);
    const results = await Promise.all(agents.map((a) => dial(line.id, a)));
    const passed = results.filter((r) => r.body.code === 0);
    const refused = results.filter((r) => r.body.code !== 0);
    expect(passed).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.body.code).toBe(10056);
      expect(r.body.msg).toMatch(/^余额不足/);
      expect(r.body.msg).toContain('正在进行的 1 通电话');
    }
    // Nothing was written for a refused dial.
    expect(await bindsOf(line.id)).toHaveLength(1);
    await endAll(line.id);
  });

  it('holds the money of a call under way across the same agent’s dials and frees it when the call ends', async () => {
    const line = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(25);
    // 25 fen, 10 held per call under way: the first three find 25, 15 and 5 left, the fourth -5.
    const results = await Promise.all([1, 2, 3, 4].map(() => dial(line.id, 'agent01')));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 10056)).toHaveLength(1);
    const underWay = async () => (await bindsOf(line.id)).filter((b) => b.state === 'created');
    // A call that ends is charged (10 fen) and holds nothing more: 15 left, two calls hold 20.
    await kit.finish((await underWay())[0]!.bindId, 30);
    expect(await kit.balance()).toBe(15);
    expect((await dial(line.id, 'agent02')).body.code).toBe(10056);
    // One more ends: 5 left, the last call holds 10.
    await kit.finish((await underWay())[0]!.bindId, 30);
    expect(await kit.balance()).toBe(5);
    expect((await dial(line.id, 'agent02')).body.code).toBe(10056);
    await endAll(line.id);
    // Nothing under way: 5 fen lets a dial through as before (a call already made is charged in full).
    expect((await dial(line.id, 'agent02')).body.code).toBe(0);
    await endAll(line.id);
  });

  it('counts package seconds first: a package of 2 minutes and no balance let two parallel dials through', async () => {
    const line = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(0);
    await kit.addPacket(line.id, 2, 10);
    const results = await Promise.all(agents.map((a) => dial(line.id, a)));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(2);
    expect(results.filter((r) => r.body.code === 10056)).toHaveLength(3);
    await endAll(line.id);
  });

  it('does not let a stale request hold money', async () => {
    const line = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(10);
    expect((await dial(line.id, 'agent01')).body.code).toBe(0);
    expect((await dial(line.id, 'agent02')).body.code).toBe(10056);
    // The page never placed it: after the soft-phone request's 2 minutes it is not under way any more.
    await t.database.db
      .update(callBinds)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(callBinds.lineId, line.id));
    expect((await dial(line.id, 'agent02')).body.code).toBe(0);
    await endAll(line.id);
  });
});
