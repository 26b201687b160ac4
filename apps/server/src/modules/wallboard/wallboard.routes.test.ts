import { routeTables, type TWallboard } from '@yunhu/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callBinds, sipCalls } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { lostCallReason } from '../call/ingest.rules.js';
import { sipAccounts } from '../call/sip.schema.js';
import { users } from '../org/org.schema.js';
import { seats } from '../seat/seat.schema.js';
import { sipRegistrationPath } from './wallboard.routes.js';
import { sipRegistrations } from './wallboard.schema.js';
import { toAgent } from './wallboard.service.js';

const w = routeTables.wallboard;
const { sip } = loadConfig({});

/** 实时监控: the viewer's scope, its states from registrations and live calls. */
describe('wallboard', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let tokens: { admin: string; manager: string; agent: string };
  let other: { tenantId: number; userId: number; token: string };
  let ids: { agent01: number; agent04: number; manager: number };

  const board = async (token: string): Promise<TWallboard> => {
    const res = await t.call(w.wallboard, {}, token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const stateOf = async (userId: number, token = tokens.admin) =>
    (await board(token)).agents.find((a) => a.userId === userId);
  const post = (fields: Record<string, string>, secret: string | null = sip.sharedSecret) =>
    t.app.inject({
      method: 'POST',
      url: sipRegistrationPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(secret ? { 'x-sip-secret': secret } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
  const keyOf = (userId: number) => `e100001-${userId}`;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    const [admin, manager, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.manager(), t.loginAs.agent()]);
    tokens = { admin, manager, agent };
    ids = {
      agent01: await kit.userId('agent01'),
      agent04: await kit.userId('agent04'),
      manager: await kit.userId('manager'),
    };
    // SIP keys as the soft-phone's first 上线 makes them.
    await t.database.db
      .insert(sipAccounts)
      .values(
        Object.values(ids).map((userId) => ({ tenantId: kit.tenantId, userId, sipUser: keyOf(userId), password: 'x' })),
      )
      .onConflictDoNothing();
    // agent01 holds a soft-phone seat only: offline until he registers (a call-back seat counts as free).
    await t.database.db.update(seats).set({ lineId: kit.sipLine.id }).where(eq(seats.userId, ids.agent01));
    other = await otherEnterprise(t, { code: 'E900071', username: 'wbother', mobile: '13700000071' });
  });
  afterAll(() => t.close());

  it('shows everyone of the enterprise with a valid seat to the administrator, totals adding up', async () => {
    const b = await board(tokens.admin);
    const seated = rowsOf<{ user_id: number }>(
      await t.database.db.execute(sql`select distinct s.user_id from seats s join lines l on l.id = s.line_id
        where s.tenant_id = ${kit.tenantId} and s.user_id is not null and s.status = 'active'
          and s.expire_at > now() and s.start_at <= now() and l.mode in (0, 2) and l.status = 'active'`),
    ).map((r) => Number(r.user_id));
    expect(b.agents.map((a) => a.userId).sort()).toEqual([...new Set(seated)].sort());
    expect(b.totals.all).toBe(b.agents.length);
    expect(b.totals.offline + b.totals.idle + b.totals.ringing + b.totals.talking).toBe(b.totals.all);
    expect(Math.abs(b.now - Date.now())).toBeLessThan(60_000);
  });

  it('shows a manager only his departments (and himself), refuses an agent', async () => {
    const b = await board(tokens.manager);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, ids.manager));
    const inDept = await t.database.db
      .select({ id: users.id, deptId: users.deptId })
      .from(users)
      .where(
        inArray(
          users.id,
          b.agents.map((a) => a.userId),
        ),
      );
    expect(b.agents.length).toBeGreaterThan(0);
    expect(b.agents.some((a) => a.userId === ids.agent01)).toBe(true);
    // agent04 is in 销售二部, outside the manager's department.
    expect(b.agents.some((a) => a.userId === ids.agent04)).toBe(false);
    for (const u of inDept) expect(u.id === ids.manager || u.deptId === me!.deptId).toBe(true);
    const refused = await t.call(w.wallboard, {}, tokens.agent);
    expect(refused.body.code).toBe(403);
  });

  it('keeps enterprises apart', async () => {
    const [line] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from lines where mode = 2 limit 1`),
    );
    await t.database.db.insert(seats).values({
      tenantId: other.tenantId,
      userId: other.userId,
      lineId: Number(line!.id),
      startAt: new Date(Date.now() - 1000),
      expireAt: new Date(Date.now() + 86_400_000),
    });
    const theirs = await board(other.token);
    expect(theirs.agents.map((a) => a.userId)).toEqual([other.userId]);
    expect((await board(tokens.admin)).agents.some((a) => a.userId === other.userId)).toBe(false);
  });

  it('takes registrations from Kamailio only, online until they expire, offline when none is left', async () => {
    const key = keyOf(ids.agent01);
    expect((await post({ event: 'register', user: key, expires: '200' }, null)).statusCode).toBe(403);
    expect((await post({ event: 'register', user: key, expires: '200' }, 'wrong')).statusCode).toBe(403);
    expect((await post({ event: 'register', user: 'a b', expires: '200' })).statusCode).toBe(400);
    expect((await post({ event: 'register', user: key, expires: '-1' })).statusCode).toBe(400);
    expect((await post({ event: 'register', user: key, expires: '1.5' })).statusCode).toBe(400);
    expect((await post({ event: 'online', user: key, expires: '200' })).statusCode).toBe(400);
    expect((await post({ event: 'register', user: 'e100001-999999', expires: '200' })).statusCode).toBe(404);
    expect((await stateOf(ids.agent01))!.state).toBe('offline');

    expect((await post({ event: 'register', user: key, expires: '200' })).statusCode).toBe(200);
    const online = (await stateOf(ids.agent01))!;
    expect(online.state).toBe('idle');
    expect(online.since).not.toBeNull();
    // A refresh keeps "since".
    await post({ event: 'register', user: key, expires: '180' });
    expect((await stateOf(ids.agent01))!.since).toBe(online.since);

    // No contact left (an un-REGISTER, or his last page closed).
    expect((await post({ event: 'register', user: key, expires: '0' })).statusCode).toBe(200);
    expect((await stateOf(ids.agent01))!.state).toBe('offline');

    // Expired: offline without any event.
    await post({ event: 'register', user: key, expires: '200' });
    await t.database.db
      .update(sipRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sipRegistrations.userId, ids.agent01));
    expect((await stateOf(ids.agent01))!.state).toBe('offline');
  });

  it('keeps one registration per person under parallel events', async () => {
    const key = keyOf(ids.agent01);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post({ event: 'register', user: key, expires: String(100 + i) })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const rows = await t.database.db.select().from(sipRegistrations).where(eq(sipRegistrations.userId, ids.agent01));
    expect(rows).toHaveLength(1);
    expect((await stateOf(ids.agent01))!.state).toBe('idle');
  });

  it('forgets every registration, in every enterprise, when Kamailio says it started', async () => {
    await post({ event: 'register', user: keyOf(ids.agent01), expires: '300' });
    await post({ event: 'register', user: keyOf(ids.manager), expires: '300' });
    expect((await stateOf(ids.manager))!.state).toBe('idle');
    expect((await post({ event: 'restart' }, 'wrong')).statusCode).toBe(403);
    expect((await stateOf(ids.manager))!.state).toBe('idle');

    expect((await post({ event: 'restart' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(sipRegistrations)).toEqual([]);
    expect((await stateOf(ids.manager))!.state).toBe('offline');
    expect((await stateOf(ids.agent01))!.state).toBe('offline');
  });

  it('ends the calls Kamailio carried when it says it started: their records are written, the board frees them', async () => {
    // A colleague call and a soft-phone dial both talking when Kamailio went away (its dialogs
    // lived in its memory: their end events will never come), and a call-back call the carrier runs.
    const answeredAt = new Date(Date.now() - 30_000);
    await t.database.db.insert(sipCalls).values({
      tenantId: kit.tenantId,
      callId: 'wallboard-lost-internal',
      callType: 3,
      userId: ids.manager,
      peerUserId: ids.agent04,
      state: 'talking',
      answeredAt,
    });
    const bind = (lineId: number, lineMode: number, suffix: string, callId: string | null) => ({
      tenantId: kit.tenantId,
      bindId: `b${suffix.repeat(32)}`,
      userId: ids.agent01,
      lineId,
      lineMode,
      telB: '13812345679',
      state: 'talking',
      callId,
      isRecorded: false,
      updatedAt: answeredAt,
    });
    await t.database.db
      .insert(callBinds)
      .values([bind(kit.sipLine.id, 2, 'c', 'wallboard-lost-dial'), bind(kit.callbackLine.id, 0, 'd', null)]);
    expect((await stateOf(ids.manager))!.state).toBe('talking');

    expect((await post({ event: 'restart' })).statusCode).toBe(200);
    expect((await stateOf(ids.manager))!.state).not.toBe('talking');
    expect((await stateOf(ids.agent04))!.state).not.toBe('talking');
    const records = rowsOf<{
      carrier_call_id: string;
      call_status: number;
      finish_status: number;
      duration: number;
      end_reason: string;
    }>(
      await t.database.db.execute(
        sql`select carrier_call_id, call_status, finish_status, duration, end_reason from call_records
            where carrier_call_id in ('sip-wallboard-lost-internal', 'sip-wallboard-lost-dial') order by carrier_call_id`,
      ),
    );
    // Answered, ended by neither side (finish 4), talked until Kamailio said it started.
    expect(records.map((r) => [r.carrier_call_id, r.call_status, r.finish_status])).toEqual([
      ['sip-wallboard-lost-dial', 1, 4],
      ['sip-wallboard-lost-internal', 1, 4],
    ]);
    expect(records.every((r) => Number(r.duration) >= 29)).toBe(true);
    expect(records.map((r) => r.end_reason)).toEqual([lostCallReason, lostCallReason]);
    const states = await t.database.db
      .select({ bindId: callBinds.bindId, state: callBinds.state })
      .from(callBinds)
      .where(inArray(callBinds.bindId, [`b${'c'.repeat(32)}`, `b${'d'.repeat(32)}`]))
      .orderBy(callBinds.bindId);
    expect(states.map((s) => s.state)).toEqual(['finished', 'talking']);
    // A second start finds nothing more to end.
    expect((await post({ event: 'restart' })).statusCode).toBe(200);
    await t.database.db.delete(callBinds).where(eq(callBinds.bindId, `b${'d'.repeat(32)}`));
  });

  it('ends as answered, from its answer, a call whose answer died with Kamailio: the new one lists it', async () => {
    // Ringing as far as the server knows; the Kamailio that started took it over answered 20 s ago.
    const answeredAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 20_000);
    await t.database.db.insert(sipCalls).values({
      tenantId: kit.tenantId,
      callId: 'wallboard-lost-unheard-internal',
      callType: 3,
      userId: ids.manager,
      peerUserId: ids.agent04,
      state: 'ringing',
    });
    await t.database.db.insert(callBinds).values({
      tenantId: kit.tenantId,
      bindId: `b${'f'.repeat(32)}`,
      userId: ids.agent01,
      lineId: kit.sipLine.id,
      lineMode: 2,
      telB: '13812345671',
      state: 'ringing',
      callId: 'wallboard-lost-unheard-dial',
      isRecorded: false,
    });
    const briefing = {
      jsonrpc: '2.0',
      result: [
        { h_entry: 1, h_id: 2, 'call-id': 'wallboard-lost-unheard-dial', start_ts: answeredAt.getTime() / 1000 },
        { h_entry: 3, h_id: 4, 'call-id': 'wallboard-lost-unheard-internal', start_ts: answeredAt.getTime() / 1000 },
        { h_entry: 5, h_id: 6, 'call-id': 'not-ours', start_ts: 'soon' },
      ],
      id: 1,
    };
    const answered = Buffer.from(JSON.stringify(briefing)).toString('hex');
    expect((await post({ event: 'restart', answered })).statusCode).toBe(200);

    const records = rowsOf<{ carrier_call_id: string; call_status: number; duration: number; end_reason: string }>(
      await t.database.db.execute(
        sql`select carrier_call_id, call_status, duration, end_reason from call_records
            where carrier_call_id in ('sip-wallboard-lost-unheard-dial', 'sip-wallboard-lost-unheard-internal')
            order by carrier_call_id`,
      ),
    );
    expect(records.map((r) => [r.carrier_call_id, r.call_status, r.end_reason])).toEqual([
      ['sip-wallboard-lost-unheard-dial', 1, lostCallReason],
      ['sip-wallboard-lost-unheard-internal', 1, lostCallReason],
    ]);
    // Talked from the answer Kamailio kept until the restart.
    expect(records.map((r) => Number(r.duration) >= 19 && Number(r.duration) <= 25)).toEqual([true, true]);
  });

  it('takes a restart whose list of answered calls is not what Kamailio sends, and ends its calls unanswered', async () => {
    await t.database.db.insert(callBinds).values({
      tenantId: kit.tenantId,
      bindId: `b${'9'.repeat(32)}`,
      userId: ids.agent01,
      lineId: kit.sipLine.id,
      lineMode: 2,
      telB: '13812345672',
      state: 'ringing',
      callId: 'wallboard-lost-garbled',
      isRecorded: false,
    });
    expect((await post({ event: 'restart', answered: 'zz{not hex' })).statusCode).toBe(200);
    const records = rowsOf<{ call_status: number }>(
      await t.database.db.execute(
        sql`select call_status from call_records where carrier_call_id = 'sip-wallboard-lost-garbled'`,
      ),
    );
    expect(records.map((r) => r.call_status)).toEqual([2]);
  });

  it('ends and charges a lost call once when Kamailio says it started many times at once', async () => {
    const bindId = `b${'e'.repeat(32)}`;
    await t.database.db.insert(callBinds).values({
      tenantId: kit.tenantId,
      bindId,
      userId: ids.agent01,
      lineId: kit.sipLine.id,
      lineMode: 2,
      telB: '13812345670',
      state: 'talking',
      callId: 'wallboard-lost-parallel',
      isRecorded: false,
      updatedAt: new Date(Date.now() - 300_000),
    });
    const balanceOf = async () =>
      Number(
        rowsOf<{ balance: string }>(
          await t.database.db.execute(sql`select balance from accounts where tenant_id = ${kit.tenantId}`),
        )[0]?.balance ?? 0,
      );
    const usedOf = async () =>
      Number(
        rowsOf<{ used: string }>(
          await t.database.db.execute(
            sql`select coalesce(sum(used_seconds), 0) as used from packets where line_id = ${kit.sipLine.id}`,
          ),
        )[0]!.used,
      );
    const before = await balanceOf();
    const usedBefore = await usedOf();

    const answers = await Promise.all(Array.from({ length: 6 }, () => post({ event: 'restart' })));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

    const records = rowsOf<{ id: number; postage: string }>(
      await t.database.db.execute(
        sql`select id::int, postage from call_records where carrier_call_id = 'sip-wallboard-lost-parallel'`,
      ),
    );
    expect(records).toHaveLength(1);
    const recordId = records[0]!.id;
    const charges = rowsOf<{ amount: string; balance_amount: string; packet_seconds: number }>(
      await t.database.db.execute(
        sql`select amount, balance_amount, packet_seconds from call_charges where record_id = ${recordId}`,
      ),
    );
    // Five minutes on the soft-phone line are charged (the demo rates it), once.
    expect(charges).toHaveLength(1);
    expect(Number(charges[0]!.amount)).toBe(Number(records[0]!.postage));
    expect(Number(charges[0]!.amount)).toBeGreaterThan(0);
    const booked = rowsOf<{ amount: string }>(
      await t.database.db.execute(
        sql`select amount from ledger_entries where kind = 'consumption' and biz_type = 'call' and biz_key = ${String(recordId)}`,
      ),
    );
    expect(booked.length).toBe(Number(charges[0]!.balance_amount) > 0 ? 1 : 0);
    expect(before - (await balanceOf())).toBe(Number(charges[0]!.balance_amount));
    // What paid for it moved once: the package seconds (300 s at 60 s a block) or the balance.
    expect((await usedOf()) - usedBefore).toBe(Number(charges[0]!.packet_seconds));
    expect(Number(charges[0]!.packet_seconds) + Number(charges[0]!.balance_amount)).toBeGreaterThan(0);
  });

  it('shows a dial request ringing then talking, and a colleague call on both sides', async () => {
    const [bind] = await t.database.db
      .insert(callBinds)
      .values({
        tenantId: kit.tenantId,
        bindId: `b${'a'.repeat(32)}`,
        userId: ids.agent01,
        lineId: kit.sipLine.id,
        lineMode: 2,
        telB: '13812345678',
        state: 'ringing',
      })
      .returning();
    const ringing = (await stateOf(ids.agent01))!;
    expect(ringing.state).toBe('ringing');
    expect(ringing.party).toBe('13812345678');
    const answeredAt = new Date(Date.now() - 5000);
    await t.database.db
      .update(callBinds)
      .set({ state: 'talking', updatedAt: answeredAt })
      .where(eq(callBinds.id, bind!.id));
    const talking = (await stateOf(ids.agent01))!;
    expect(talking.state).toBe('talking');
    expect(talking.since).toBe(answeredAt.getTime());
    await t.database.db.update(callBinds).set({ state: 'finished' }).where(eq(callBinds.id, bind!.id));
    expect((await stateOf(ids.agent01))!.state).not.toBe('talking');

    await t.database.db.insert(sipCalls).values({
      tenantId: kit.tenantId,
      callId: 'wallboard-internal-1',
      callType: 3,
      userId: ids.agent01,
      peerUserId: ids.manager,
      state: 'ringing',
    });
    const [caller, callee] = await Promise.all([stateOf(ids.agent01), stateOf(ids.manager)]);
    expect(caller!.state).toBe('ringing');
    expect(callee!.state).toBe('ringing');
    expect(caller!.party).toBe('李娜');
    expect(callee!.party).toBe('王强');
    await t.database.db
      .delete(sipCalls)
      .where(and(eq(sipCalls.tenantId, kit.tenantId), eq(sipCalls.callId, 'wallboard-internal-1')));
  });

  it('masks the customer number when the viewer is masked', () => {
    const row = {
      userId: 1,
      realName: '王强',
      deptName: null,
      softphone: true,
      callback: false,
      registeredAt: null,
      callState: 'talking',
      callSince: 1,
      partyKind: 'number' as const,
      partyText: '13812345678',
    };
    expect(toAgent(row, true).party).toBe('138****5678');
    expect(toAgent(row, false).party).toBe('13812345678');
    expect(toAgent({ ...row, partyKind: 'colleague', partyText: '李娜' }, true).party).toBe('李娜');
    expect(toAgent({ ...row, callState: null }, true)).toMatchObject({ state: 'offline', since: null, party: '' });
    expect(toAgent({ ...row, callState: null, softphone: false, callback: true }, true).state).toBe('idle');
  });
});
