import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callBinds } from '../call/call.schema.js';
import { callingSettings, seats } from '../seat/seat.schema.js';
import { billingKit } from './billing.test-kit.js';

const { call } = routeTables;

const agents = ['agent01', 'agent02', 'agent03', 'agent04', 'agent05'];

/**
 * The dial guard under parallel dials (docs/decisions/0034-dial-funds-guard.md): every
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
    // Nothing under way: 5 fen lets a dial through again (a call already made is charged in full).
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

  it('counts only the packages the dialler may draw on: a package shared with agent01 pays for her call, not agent02’s', async () => {
    const line = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(0);
    const p = await kit.addPacket(line.id, 2, 10);
    const admin = await t.login('admin', 'Admin@2026');
    const agent01 = await kit.person('agent01');
    expect(
      (await t.call(routeTables.packet.shareAddUser, { packetId: p.id, userIds: [agent01.id] }, admin)).body.code,
    ).toBe(0);
    // Its charge would come from the balance (packet-draw.repository: usableBy), so the guard refuses it.
    const refused = await dial(line.id, 'agent02');
    expect(refused.body.code).toBe(10056);
    expect(refused.body.msg).toMatch(/^余额不足/);
    expect((await dial(line.id, 'agent01')).body.code).toBe(0);
    await endAll(line.id);
  });

  /** Binds of the line still waiting for the page (a soft-phone request not yet placed). */
  const waitingOn = async (lineId: number) => (await bindsOf(lineId)).filter((b) => b.state === 'created');

  it('shares the balance across lines: with one block of money, one of parallel dials on two charged lines passes', async () => {
    const lineA = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    const lineB = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(10);
    const results = await Promise.all(agents.map((a, i) => dial(i % 2 === 0 ? lineA.id : lineB.id, a)));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    const refused = results.filter((r) => r.body.code !== 0);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.body.code).toBe(10056);
      expect(r.body.msg).toContain('正在进行的 1 通电话');
    }
    const placed = [...(await waitingOn(lineA.id)), ...(await waitingOn(lineB.id))];
    expect(placed).toHaveLength(1);
    // The call that passed ends (the page withdraws it): its hold is freed, either line may dial again.
    await endAll(placed[0]!.lineId);
    const other = placed[0]!.lineId === lineA.id ? lineB : lineA;
    expect((await dial(other.id, 'agent01')).body.code).toBe(0);
    await endAll(other.id);
  });

  it('frees a hold on another line when that call is charged at its end', async () => {
    const lineA = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    const lineB = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(20);
    expect((await dial(lineA.id, 'agent01')).body.code).toBe(0);
    expect((await dial(lineB.id, 'agent02')).body.code).toBe(0);
    // 20 fen, each call holds 10: nothing left on either line.
    expect((await dial(lineA.id, 'agent03')).body.code).toBe(10056);
    expect((await dial(lineB.id, 'agent03')).body.msg).toContain('正在进行的 2 通电话');
    // A's call ends after 30 s and is charged 10 fen: 10 left, B's call holds them.
    await kit.finish((await waitingOn(lineA.id))[0]!.bindId, 30);
    expect(await kit.balance()).toBe(10);
    expect((await dial(lineA.id, 'agent03')).body.code).toBe(10056);
    // B's request is withdrawn: nothing held, the 10 fen let a call on A through.
    await endAll(lineB.id);
    expect((await dial(lineA.id, 'agent03')).body.code).toBe(0);
    await endAll(lineA.id);
  });

  it('does not let a call covered by its own line’s package hold the balance another line needs', async () => {
    const lineA = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    const lineB = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(10);
    await kit.addPacket(lineA.id, 1, 10);
    // A's call holds the minute of A's package, not the balance.
    expect((await dial(lineA.id, 'agent01')).body.code).toBe(0);
    // So one of two parallel dials on B passes on the 10 fen.
    const onB = await Promise.all(['agent02', 'agent03'].map((a) => dial(lineB.id, a)));
    expect(onB.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(onB.filter((r) => r.body.code === 10056)).toHaveLength(1);
    // A's package is held by A's call and the balance by B's: a second call on A is refused too.
    const second = await dial(lineA.id, 'agent04');
    expect(second.body.code).toBe(10056);
    expect(second.body.msg).toContain('正在进行的 2 通电话');
    // B's call is withdrawn: the balance is free again for A's second call.
    await endAll(lineB.id);
    expect((await dial(lineA.id, 'agent04')).body.code).toBe(0);
    await endAll(lineA.id);
  });

  it('does not let another enterprise’s calls under way hold this one’s balance', async () => {
    const other = await otherEnterprise(t, { code: 'E400116', username: 'guardboss', mobile: '13700011601' });
    const lineA = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    const lineB = await lineForAll({ unitPrice: 10, incrementSeconds: 60 });
    await setBalance(10);
    // Three calls of the other enterprise under way, on both lines.
    for (const lineId of [lineA.id, lineB.id, lineB.id]) await kit.bind(lineId, 'guardboss', other.tenantId);
    expect((await dial(lineA.id, 'agent01')).body.code).toBe(0);
    await endAll(lineA.id);
    // One call of this enterprise under way on B, written the same way, does hold them.
    const own = await kit.bind(lineB.id, 'agent02');
    expect((await dial(lineA.id, 'agent01')).body.code).toBe(10056);
    await t.database.db.update(callBinds).set({ state: 'cancelled' }).where(eq(callBinds.bindId, own));
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
