import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRecords, sipCalls } from './call.schema.js';
import { callKit } from './call.test-kit.js';
import { sipCallEventPath } from './callback.routes.js';
import { sipAccounts } from './sip.schema.js';

const { sip } = loadConfig({});
const d = routeTables.callRecord;
const c = routeTables.callCensus;

/**
 * Calls without a dial request (migration 0040): an agent calling a colleague (internal)
 * and a desk phone or carrier calling a seat's number (inbound) leave records of their own call
 * type, keyed by the SIP Call-ID, owned by the caller (internal) or the agent rung (inbound); they
 * show in 通话记录 (filter by type, totals) and never in 话务统计.
 */
describe('internal and inbound SIP calls', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let admin: string;
  let manager: string;
  let agent: string;
  let managerKey: string;
  let agentKey: string;
  let n = 0;
  const since = Date.now() - 60_000;
  const range = (): [number, number] => [since, Date.now() + 60_000];

  const event = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: sipCallEventPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-sip-secret': sip.sharedSecret! },
      payload: new URLSearchParams(fields).toString(),
    });
  const recordOf = (callId: string) => kit.softphoneRecordOf(callId);
  const liveOf = async (callId: string) =>
    (await t.database.db.select().from(sipCalls).where(eq(sipCalls.callId, callId)))[0];
  const keyOf = async (username: string) => {
    const userId = await kit.userId(username);
    const [row] = await t.database.db.select().from(sipAccounts).where(eq(sipAccounts.userId, userId));
    if (row) return row.sipUser;
    const sipUser = `e100001-${userId}`;
    await t.database.db
      .insert(sipAccounts)
      .values({ tenantId: kit.tenantId, userId, sipUser, password: 'x'.repeat(24) });
    return sipUser;
  };

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    [admin, manager, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.manager(), t.loginAs.agent()]);
    await kit.setRules('manager', { recording: false });
    await kit.setRules('agent01', { recording: false });
    managerKey = await keyOf('manager');
    agentKey = await keyOf('agent01');
  });
  afterAll(() => t.close());

  const internal = (event: string, callId: string, extra: Record<string, string> = {}) => ({
    event,
    callId,
    kind: 'internal',
    from: managerKey,
    to: agentKey,
    code: '0',
    ...extra,
  });

  it('writes an internal call as the caller’s record of type 内部, with no line, the colleague noted, 被叫挂断', async () => {
    const callId = `internal-${++n}@ws`;
    expect((await event(internal('invite', callId))).json()).toMatchObject({ code: 0, msg: 'ok' });
    expect(await liveOf(callId)).toMatchObject({ callType: 3, state: 'ringing', userId: await kit.userId('manager') });
    expect((await event(internal('answered', callId, { code: '200' }))).statusCode).toBe(200);
    await t.database.db
      .update(sipCalls)
      .set({ answeredAt: new Date(Date.now() - 30_000) })
      .where(eq(sipCalls.callId, callId));
    expect((await event(internal('ended', callId, { by: 'callee' }))).json()).toMatchObject({ msg: 'ok' });
    const record = (await recordOf(callId))!;
    expect(record).toMatchObject({
      callType: 3,
      lineId: null,
      userId: await kit.userId('manager'),
      peerUserId: await kit.userId('agent01'),
      telA: managerKey,
      telB: agentKey,
      callStatus: 1,
      finishStatus: 2,
      duration: 30,
      postage: 0,
      recordingState: 'off',
      customerId: null,
    });
    // The live row is gone; the same event again changes nothing.
    expect(await liveOf(callId)).toBeUndefined();
    expect((await event(internal('ended', callId, { by: 'callee' }))).json()).toMatchObject({ msg: 'duplicate' });

    // 通话记录 shows it with its type, the colleague and no line.
    const listed = await t.call(d.getPage, { startRange: range(), callType: 3, limit: 50 }, manager);
    expect(listed.body.data.records.find((x) => x.id === record.id)).toMatchObject({
      callType: 3,
      callTypeName: '内部',
      interfaceId: null,
      lineName: '',
      peerName: expect.any(String),
    });
  });

  it('times the answer and the end by the events’ own time (at), however late they arrive', async () => {
    const callId = `internal-${++n}@ws`;
    const answeredAt = Date.now() - 90_000;
    await event(internal('invite', callId, { at: String(answeredAt - 2_000) }));
    await event(internal('answered', callId, { code: '200', at: String(answeredAt) }));
    await event(internal('ended', callId, { by: 'caller', at: String(answeredAt + 42_400) }));
    const record = (await recordOf(callId))!;
    expect(record).toMatchObject({ callStatus: 1, duration: 42 });
    expect(record.endTime.getTime()).toBe(answeredAt + 42_400);
    // A time far off the arrival (a clock gone wrong) is held to the window around it.
    const late = `internal-${++n}@ws`;
    await event(internal('invite', late));
    await event(internal('answered', late, { code: '200', at: String(Date.now() - 24 * 3_600_000) }));
    await event(internal('ended', late, { by: 'caller', at: 'soon' }));
    expect((await recordOf(late))!.duration).toBeLessThanOrEqual(600);
  });

  it('an internal call the colleague does not answer (480) or refuses (486) is 未接听 / 占线', async () => {
    for (const [code, status] of [
      ['480', 2],
      ['486', 3],
    ] as const) {
      const callId = `internal-${++n}@ws`;
      await event(internal('invite', callId));
      expect((await event(internal('failed', callId, { code }))).statusCode).toBe(200);
      expect(await recordOf(callId)).toMatchObject({ callType: 3, callStatus: status, duration: 0 });
    }
  });

  it('answers "record" for a caller whose recording switch is on', async () => {
    await kit.setRules('manager', { recording: true });
    try {
      const callId = `internal-${++n}@ws`;
      // No gateway in this app (no capture dir is watched): the switch alone decides the answer.
      const res = (await event(internal('invite', callId))).json();
      expect(['record', 'ok']).toContain(res.msg);
      expect((await liveOf(callId))?.isRecorded).toBe(true);
    } finally {
      await kit.setRules('manager', { recording: false });
    }
  });

  it('writes an inbound call as the rung agent’s record of type 呼入 on the number’s line; the number masked to a masked agent', async () => {
    const callId = `inbound-${++n}@desk`;
    const fields = {
      event: 'invite',
      callId,
      kind: 'inbound',
      from: '13812345678',
      to: agentKey,
      number: '02566668888',
    };
    const invited = (await event({ ...fields, code: '0' })).json();
    // The caller as the browser is shown him: masked (kamailio.cfg PEER_CALL puts it in From).
    expect(invited).toMatchObject({ code: 0, data: { display: '138****5678' } });
    await event({ ...fields, event: 'answered', code: '200' });
    expect((await event({ ...fields, event: 'ended', code: '0', by: 'caller' })).statusCode).toBe(200);
    const record = (await recordOf(callId))!;
    expect(record).toMatchObject({
      callType: 2,
      userId: await kit.userId('agent01'),
      telB: '13812345678',
      telX: '02566668888',
      callStatus: 1,
      finishStatus: 1,
    });
    // agent01 holds no soft-phone seat in the demo data: no line to name. The manager's seat line:
    const toManager = { ...fields, callId: `inbound-${++n}@desk`, to: managerKey };
    await event({ ...toManager, code: '0' });
    await event({ ...toManager, event: 'failed', code: '487' });
    expect(await recordOf(toManager.callId)).toMatchObject({
      callType: 2,
      lineId: kit.sipLine.id,
      callStatus: 2,
      finishStatus: 1,
    });
    const mine = await t.call(d.getPage, { startRange: range(), callType: 2, limit: 50 }, agent);
    expect(mine.body.data.records.find((x) => x.id === record.id)).toMatchObject({
      telB: '138****5678',
      callTypeName: '呼入',
    });
    const full = await t.call(d.getPage, { startRange: range(), callType: 2, limit: 50 }, admin);
    expect(full.body.data.records.find((x) => x.id === record.id)?.telB).toBe('13812345678');
  });

  it('refuses unknown keys, malformed events and a missing secret; writes nothing', async () => {
    const before = (await t.database.db.select({ id: callRecords.id }).from(callRecords)).length;
    const bad = [internal('invite', `x-${++n}`, { from: 'e999999-1' }), internal('ended', `never-invited-${++n}`)];
    for (const fields of bad) expect((await event(fields)).statusCode).toBe(404);
    for (const fields of [
      internal('invite', `x-${++n}`, { kind: 'sideways' }),
      internal('invite', `x-${++n}`, { from: 'a b' }),
      { event: 'invite', callId: `x-${++n}`, kind: 'inbound', from: '1381', to: agentKey, number: 'abc', code: '0' },
    ]) {
      expect((await event(fields)).statusCode).toBe(400);
    }
    const noSecret = await t.app.inject({
      method: 'POST',
      url: sipCallEventPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(internal('invite', `x-${++n}`)).toString(),
    });
    expect(noSecret.statusCode).toBe(403);
    expect((await t.database.db.select({ id: callRecords.id }).from(callRecords)).length).toBe(before);
  });

  it('writes one record when the hang-up is reported many times at once', async () => {
    const callId = `internal-${++n}@ws`;
    await event(internal('invite', callId));
    await event(internal('answered', callId, { code: '200' }));
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => event(internal('ended', callId, { by: 'caller' }))),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(replies.filter((r) => r.json().msg === 'ok')).toHaveLength(1);
    const rows = rowsOf<{ n: unknown }>(
      await t.database.db.execute(
        sql`select count(*) as n from call_records where carrier_call_id = ${`sip-${callId}`}`,
      ),
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('counts them alike: 通话记录’s totals and the home’s figures include every type', async () => {
    const r = range();
    const types = rowsOf<{ call_type: number; n: unknown; connected: unknown; seconds: unknown }>(
      await t.database.db.execute(sql`select call_type, count(*) as n,
        count(*) filter (where call_status = 1) as connected, coalesce(sum(duration), 0) as seconds
        from call_records where tenant_id = ${kit.tenantId}
          and start_time between ${new Date(r[0])} and ${new Date(r[1])} group by call_type`),
    );
    const of = (type: number) => types.filter((x) => x.call_type === type).reduce((s, x) => s + Number(x.n), 0);
    expect(of(3)).toBeGreaterThan(0);
    expect(of(2)).toBeGreaterThan(0);
    const all = (await t.call(d.getPageCount, { startRange: r }, admin)).body.data;
    expect(all.total).toBe(of(1) + of(2) + of(3));
    expect((await t.call(d.getPage, { startRange: r, limit: 1 }, admin)).body.data.total).toBe(all.total);
    for (const type of [1, 2, 3]) {
      expect((await t.call(d.getPageCount, { startRange: r, callType: type }, admin)).body.data.total).toBe(of(type));
      expect((await t.call(d.getPage, { startRange: r, callType: type, limit: 1 }, admin)).body.data.total).toBe(
        of(type),
      );
    }
    const census = (await t.call(c.baseCensus, { startRange: r }, admin)).body.data;
    expect(census.callNum).toBe(all.total);
    // A type the list does not know: a Chinese message.
    const bad = await t.call(d.getPage, { startRange: r, callType: 9 } as never, admin);
    expect(bad.body.msg).toContain('通话类型不正确');
  });
});
