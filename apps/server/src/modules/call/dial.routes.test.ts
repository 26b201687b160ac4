import { routeTables, shanghaiDayStart } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { blacklistIntercepts } from '../blacklist/blacklist.schema.js';
import { seats } from '../seat/seat.schema.js';
import { callErrors } from './call.errors.js';
import { callBinds, callRecords } from './call.schema.js';
import { callKit } from './call.test-kit.js';

const { call } = routeTables;
const day = 86_400_000;

/** The dial flow's API (spec section 4 Dial flow). */
describe('dial flow', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let manager: string;
  let agent01: string;
  let agent02: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    // Calls never finish on their own in these tests: the simulator is slowed right down.
    t.app.call.simulator.configure({ timeScale: 1000 });
    [manager, agent01, agent02] = await Promise.all([
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent02', 'Agent@2026'),
    ]);
    for (const u of ['manager', 'agent01', 'agent02']) await kit.setRules(u);
  });
  afterAll(() => t.close());

  const binds = async (username: string) =>
    t.database.db
      .select()
      .from(callBinds)
      .where(eq(callBinds.userId, await kit.userId(username)));

  describe('refusals', () => {
    it('refuses a line he holds no valid seat on, and writes nothing', async () => {
      const before = (await binds('agent01')).length;
      // agent01's seat is on the call-back line, not on the soft-phone line.
      const res = await t.call(call.dial, { telB: '13912345601', interfaceId: kit.sipLine.id }, agent01);
      // The envelope names the refusal by its key too, for clients that branch on it.
      expect(res.body).toMatchObject({
        code: 10056,
        msg: callErrors.noSeat().message,
        data: null,
        reason: 'call.noSeat',
      });
      expect(res.body.msg).toContain('您没有该线路的有效坐席');
      expect((await binds('agent01')).length).toBe(before);
    });

    it('refuses an expired seat', async () => {
      const agent03 = await t.login('agent03', 'Agent@2026');
      await kit.setRules('agent03');
      const id = await kit.userId('agent03');
      await t.database.db
        .update(seats)
        .set({ expireAt: new Date(Date.now() - day) })
        .where(eq(seats.userId, id));
      const res = await t.call(call.dial, { telB: '13912345602', interfaceId: kit.callbackLine.id }, agent03);
      expect(res.body.msg).toBe(callErrors.noSeat().message);
    });

    it('refuses a number on the enterprise black-list and logs the intercept', async () => {
      await kit.blockForTenant('13912340001');
      const res = await t.call(call.dial, { telB: '139 1234 0001', interfaceId: kit.callbackLine.id }, agent01);
      expect(res.body).toMatchObject({ code: 10056, msg: '该号码在企业黑名单中，禁止拨打', data: null });
      const log = await t.database.db
        .select()
        .from(blacklistIntercepts)
        .where(eq(blacklistIntercepts.number, '13912340001'));
      expect(log).toMatchObject([{ userId: await kit.userId('agent01'), level: 'tenant', via: '拨号' }]);
      expect((await binds('agent01')).some((b) => b.telB === '13912340001')).toBe(false);
    });

    it('refuses a number on the platform black-list and logs the intercept', async () => {
      await kit.blockForPlatform('13912340002');
      const res = await t.call(call.dial, { telB: '13912340002', interfaceId: kit.sipLine.id }, manager);
      expect(res.body.msg).toBe('该号码在平台黑名单中，禁止拨打');
      const log = await t.database.db
        .select()
        .from(blacklistIntercepts)
        .where(eq(blacklistIntercepts.number, '13912340002'));
      expect(log).toMatchObject([{ level: 'platform', tenantId: kit.tenantId }]);
    });

    it('refuses outside the allowed hours with the hours and who can change them in the message', async () => {
      const clock = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(11, 16);
      // A one-minute window that has just closed (or, at midnight, one that opens later).
      const [from, to] = clock < '00:02' ? ['23:00', '23:30'] : ['00:00', '00:01'];
      await kit.setRules('agent02', { allowedFrom: from, allowedTo: to });
      const res = await t.call(call.dial, { telB: '13912345603', interfaceId: kit.sipLine.id }, agent02);
      expect(res.body.msg).toBe(
        `当前不在允许的呼叫时段（${from}-${to}），呼叫时段由企业管理员在「呼叫中心 → 呼叫管理」中设置，如需调整请联系管理员`,
      );
      await kit.setRules('agent02');
    });

    it('refuses over the per-number daily limit, then over the daily limit', async () => {
      // The demo's own dial requests of today count too (one behind every call record).
      const today = (await binds('agent02')).filter(
        (b) => b.createdAt.getTime() > shanghaiDayStart(new Date()).getTime(),
      );
      const limit = today.length + 3;
      await kit.setRules('agent02', { perNumberDailyLimit: 2, dailyLimit: limit });
      const dial = (telB: string) => t.call(call.dial, { telB, interfaceId: kit.sipLine.id }, agent02);
      const already = (await binds('agent02')).length;
      expect((await dial('13912345611')).body.code).toBe(0);
      expect((await dial('13912345611')).body.code).toBe(0);
      expect((await dial('13912345611')).body.msg).toBe(callErrors.perNumberLimit(2).message);
      expect((await dial('13912345612')).body.code).toBe(0);
      expect((await dial('13912345613')).body.msg).toBe(callErrors.dailyLimit(limit).message);
      expect((await binds('agent02')).length).toBe(already + 3);
      await kit.setRules('agent02');
    });

    it('counts no soft-phone request the page withdrew, and withdraws only his own unplaced ones', async () => {
      await kit.setRules('agent02', { perNumberDailyLimit: 1 });
      const dial = () => t.call(call.dial, { telB: '13912345620', interfaceId: kit.sipLine.id }, agent02);
      const first = (await dial()).body.data.bindId;
      // Not his: the manager cannot withdraw it (as if it did not exist).
      expect((await t.call(call.dialCancel, { bindId: first }, manager)).body.msg).toBe(
        callErrors.noSuchDial().message,
      );
      expect((await dial()).body.msg).toBe(callErrors.perNumberLimit(1).message);
      expect((await t.call(call.dialCancel, { bindId: first }, agent02)).body.code).toBe(0);
      expect((await t.call(call.dialCancel, { bindId: first }, agent02)).body.code).toBe(0);
      const second = (await dial()).body;
      expect(second.code).toBe(0);
      // Once Kamailio saw the INVITE the call is under way and stays.
      await t.database.db.update(callBinds).set({ state: 'ringing' }).where(eq(callBinds.bindId, second.data.bindId));
      expect((await t.call(call.dialCancel, { bindId: second.data.bindId }, agent02)).body.msg).toBe(
        callErrors.alreadyPlaced().message,
      );
      await kit.setRules('agent02');
    });

    it('refuses a customer he may not see, like one of another enterprise', async () => {
      // agent04 (销售二部) owns customers agent01 may not see.
      const other = await kit.customerOf('agent04');
      const res = await t.call(
        call.dial,
        { telB: other.mobile, interfaceId: kit.callbackLine.id, octCustomerId: other.id },
        agent01,
      );
      expect(res.body.code).toBe(10056);
      expect(res.body.msg).toBe('客户不存在或已删除');
    });

    it('refuses a malformed number with a Chinese message', async () => {
      const res = await t.call(call.dial, { telB: 'abc', interfaceId: kit.callbackLine.id }, agent01);
      expect(res.body.code).toBe(10002);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    });
  });

  describe('line modes', () => {
    it('soft-phone line (mode 2): a bind for the page to place the SIP call, nothing for the carrier', async () => {
      const customer = await kit.customerOf('manager');
      const res = await t.call(
        call.dial,
        { telB: customer.mobile, interfaceId: kit.sipLine.id, octCustomerId: customer.id },
        manager,
      );
      expect(res.body.code).toBe(0);
      expect(res.body.data).toEqual({
        bindId: expect.stringMatching(/^b[0-9a-f]{32}$/),
        lineMode: 2,
        status: 1,
        telX: kit.sipLine.callerNumbers[0],
        sipTarget: customer.mobile,
      });
      const [bind] = await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, res.body.data.bindId));
      expect(bind).toMatchObject({
        tenantId: kit.tenantId,
        userId: await kit.userId('manager'),
        customerId: customer.id,
        lineMode: 2,
        telB: customer.mobile,
        state: 'created',
      });
    });

    it('call-back line (mode 0): the carrier takes the call', async () => {
      const customer = await kit.customerOf('agent01');
      const res = await t.call(
        call.dial,
        { telB: customer.mobile, interfaceId: kit.callbackLine.id, octCustomerId: customer.id },
        agent01,
      );
      expect(res.body.data).toMatchObject({ lineMode: 0, status: 1, telX: kit.callbackLine.callerNumbers[0] });
    });

    it('app line (mode 1): dialled through the carrier too', async () => {
      await kit.endCalls('agent01'); // his call of the test before is still under way (one at a time)
      const now = Date.now();
      await t.database.db.insert(seats).values({
        tenantId: kit.tenantId,
        userId: await kit.userId('agent01'),
        lineId: kit.appLine.id,
        startAt: new Date(now - day),
        expireAt: new Date(now + day),
      });
      const res = await t.call(call.dial, { telB: '13912345621', interfaceId: kit.appLine.id }, agent01);
      expect(res.body.data).toMatchObject({ lineMode: 1, status: 1 });
      const lines = await t.call(call.usableLines, {}, agent01);
      expect(lines.body.data.map((l) => l.lineMode).sort()).toEqual([0, 1]);
      expect(lines.body.data.filter((l) => l.isDefault)).toHaveLength(1);
    });

    it('lists only the lines of his valid seats', async () => {
      const res = await t.call(call.usableLines, {}, manager);
      expect(res.body.data).toEqual([
        {
          lineId: kit.sipLine.id,
          lineName: kit.sipLine.name,
          lineMode: 2,
          callerNumbers: kit.sipLine.callerNumbers,
          isDefault: true,
        },
      ]);
      const admin = await t.loginAs.admin();
      expect((await t.call(call.usableLines, {}, admin)).body.data).toEqual([]);
    });
  });

  describe('masked numbers', () => {
    it('dials a customer from his masked mobile, and refuses a masked number without the customer', async () => {
      await kit.endCalls('agent01'); // his call of the test before is still under way (one at a time)
      const customer = await kit.customerOf('agent01');
      const masked = `${customer.mobile.slice(0, 3)}****${customer.mobile.slice(-4)}`;
      const res = await t.call(
        call.dial,
        { telB: masked, interfaceId: kit.callbackLine.id, octCustomerId: customer.id },
        agent01,
      );
      expect(res.body.code).toBe(0);
      expect(res.body.data.sipTarget).toBe('');
      const [bind] = await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, res.body.data.bindId));
      expect(bind!.telB).toBe(customer.mobile);
      const alone = await t.call(call.dial, { telB: masked, interfaceId: kit.callbackLine.id }, agent01);
      expect(alone.body.code).toBe(10002);
      expect(alone.body.msg).toContain('请从客户列表或客户详情拨打该客户');
      const wrong = await t.call(
        call.dial,
        { telB: '139****0000', interfaceId: kit.callbackLine.id, octCustomerId: customer.id },
        agent01,
      );
      expect(wrong.body.msg).toBe('号码与客户不一致，请刷新页面后重试');
      // The callee check reads the customer's real number too.
      const check = await t.call(call.calleeCheck, { mobile: masked, octCustomerId: customer.id }, manager);
      expect(check.body.data).toBe(true);
    });

    it('gives the soft-phone the number itself for people who may see it', async () => {
      const customer = await kit.customerOf('manager');
      const res = await t.call(
        call.dial,
        { telB: customer.mobile, interfaceId: kit.sipLine.id, octCustomerId: customer.id },
        manager,
      );
      expect(res.body.data.sipTarget).toBe(customer.mobile);
    });
  });

  describe('callee check', () => {
    it('answers true while a colleague has a call with the number under way, 0 otherwise', async () => {
      await kit.endCalls('agent01'); // his call of the test before is still under way (one at a time)
      const telB = '13912345631';
      expect((await t.call(call.calleeCheck, { mobile: telB }, agent01)).body).toEqual({
        code: 0,
        msg: 'success',
        data: 0,
      });
      // agent01 dials it (call-back line; the slowed simulator keeps the call under way).
      expect((await t.call(call.dial, { telB, interfaceId: kit.callbackLine.id }, agent01)).body.code).toBe(0);
      expect((await t.call(call.calleeCheck, { mobile: telB }, manager)).body.data).toBe(true);
      // His own call does not stop him; another enterprise never sees it.
      expect((await t.call(call.calleeCheck, { mobile: telB }, agent01)).body.data).toBe(0);
      // Once the call is over the number is free again.
      await t.database.db.update(callBinds).set({ state: 'finished' }).where(eq(callBinds.telB, telB));
      expect((await t.call(call.calleeCheck, { mobile: telB }, manager)).body.data).toBe(0);
    });

    it('forgets a soft-phone request whose call never started', async () => {
      const telB = '13912345632';
      await t.call(call.dial, { telB, interfaceId: kit.sipLine.id }, manager);
      expect((await t.call(call.calleeCheck, { mobile: telB }, agent01)).body.data).toBe(true);
      await t.database.db
        .update(callBinds)
        .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
        .where(and(eq(callBinds.telB, telB), eq(callBinds.state, 'created')));
      expect((await t.call(call.calleeCheck, { mobile: telB }, agent01)).body.data).toBe(0);
    });
  });

  it('writes no call record by itself: records come only from the callback', async () => {
    const n = await t.database.db
      .select()
      .from(callRecords)
      .where(eq(callRecords.userId, await kit.userId('agent02')));
    expect(n.every((r) => r.bindId.startsWith('seed-'))).toBe(true);
  });
});
