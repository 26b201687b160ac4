import { callbackLineMode, routeTables } from '@yunhu/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { seats } from '../seat/seat.schema.js';
import { callBinds, callRecords } from './call.schema.js';
import { callKit } from './call.test-kit.js';

const { call } = routeTables;

/** 回拨 (POST /base/crm/callback): a call record's number dialled again through the call-back line. */
describe('回拨 from a call record', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let agent01: string;
  let ownRecord: { id: number; telB: string; customerId: number };
  let othersRecord: number;

  const recordOf = async (username: string) =>
    (
      await t.database.db
        .select()
        .from(callRecords)
        .where(eq(callRecords.userId, await kit.userId(username)))
        .orderBy(desc(callRecords.id))
        .limit(1)
    )[0]!;
  const bindCount = async () => (await t.database.db.select().from(callBinds)).length;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    t.app.call.simulator.configure({ timeScale: 1000 });
    agent01 = await t.loginAs.agent();
    for (const u of ['agent01', 'agent02']) await kit.setRules(u);
    // His newest record, about one of his own customers.
    const customer = await kit.customerOf('agent01');
    const record = await recordOf('agent01');
    await t.database.db
      .update(callRecords)
      .set({ customerId: customer.id, telB: customer.mobile })
      .where(eq(callRecords.id, record.id));
    ownRecord = { id: record.id, telB: customer.mobile, customerId: customer.id };
    othersRecord = (await recordOf('agent04')).id;
  });
  afterAll(() => t.close());

  it("dials the record's customer again through his call-back line and answers what the dial answers", async () => {
    const res = await t.call(call.callBack, { callId: ownRecord.id }, agent01);
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ lineMode: callbackLineMode, sipTarget: '' });
    const [bind] = await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, res.body.data.bindId));
    expect(bind).toMatchObject({
      telB: ownRecord.telB,
      customerId: ownRecord.customerId,
      lineId: kit.callbackLine.id,
      userId: await kit.userId('agent01'),
    });
    await kit.endCalls('agent01');
  });

  it("refuses a record outside his data scope and another tenant's, writing nothing", async () => {
    const before = await bindCount();
    const outside = await t.call(call.callBack, { callId: othersRecord }, agent01);
    expect(outside.body).toMatchObject({ code: 10056, msg: '通话记录不存在或不在您的数据权限内', data: null });
    const platform = await t.loginAs.platform();
    const foreign = await t.call(call.callBack, { callId: ownRecord.id }, platform);
    expect(foreign.body.msg).toBe('通话记录不存在或不在您的数据权限内');
    expect(await bindCount()).toBe(before);
  });

  it('refuses a line that is not a call-back line, an internal call and bad input in Chinese, writing nothing', async () => {
    const before = await bindCount();
    const agent02Id = await kit.userId('agent02');
    const [held] = await t.database.db
      .select()
      .from(seats)
      .where(and(eq(seats.userId, agent02Id), eq(seats.lineId, kit.sipLine.id)));
    if (!held) await t.database.db.update(seats).set({ lineId: kit.sipLine.id }).where(eq(seats.userId, agent02Id));
    const agent02 = await t.login('agent02', 'Agent@2026');
    const record = await recordOf('agent02');
    const notCallBack = await t.call(call.callBack, { callId: record.id, interfaceId: kit.sipLine.id }, agent02);
    expect(notCallBack.body).toMatchObject({ code: 10002, msg: '回拨只能使用回拨线路，请选择回拨线路' });
    const noLine = await t.call(call.callBack, { callId: record.id }, agent02);
    expect(noLine.body.msg).toBe('您没有可用的回拨线路坐席，请联系管理员分配');
    await t.database.db.update(callRecords).set({ callType: 3 }).where(eq(callRecords.id, ownRecord.id));
    const internal = await t.call(call.callBack, { callId: ownRecord.id }, agent01);
    expect(internal.body).toMatchObject({ code: 10002, msg: '内部通话没有客户号码，不能回拨' });
    await t.database.db.update(callRecords).set({ callType: 1 }).where(eq(callRecords.id, ownRecord.id));
    const bad = await t.request('POST', call.callBack.path, { token: agent01, body: { callId: 'abc' } });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toMatch(/通话记录/);
    expect(await bindCount()).toBe(before);
  });

  it('refuses whoever may not dial', async () => {
    const reseller = await t.login('reseller', 'Reseller@2026');
    const res = await t.call(call.callBack, { callId: ownRecord.id }, reseller);
    expect(res.body.code).toBe(403);
  });
});
