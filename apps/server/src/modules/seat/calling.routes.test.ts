import { Perm, routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { roles } from '../org/org.schema.js';
import { callingRulesFor, defaultCallingRules } from './calling.service.js';
import { callingSettings } from './seat.schema.js';
import { seatKit } from './seat.test-kit.js';

const { seat: routes } = routeTables;
const deptOneNames = ['李娜', '王强', '赵丽', '陈晨'];

/** 呼叫管理 (DESIGN.md section 6): per-staff line, caller number, hours, limits and recording. */
describe('calling settings routes', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof seatKit>>;
  let other: Awaited<ReturnType<Awaited<ReturnType<typeof seatKit>>['otherEnterprise']>>;
  let admin: string;
  let manager: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await seatKit(t);
    other = await kit.otherEnterprise();
    [admin, manager, otherAdmin] = await Promise.all([t.loginAs.admin(), t.loginAs.manager(), other.login()]);
  });
  afterAll(() => t.close());

  const rows = async (token: string, q: Record<string, unknown> = {}) => {
    const res = await t.call(routes.callingList, { limit: 100, ...q }, token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const rowOf = async (username: string) => (await rows(admin)).records.find((r) => r.username === username)!;
  const settings = (userId: number) =>
    ({
      userId,
      lineId: kit.callbackLine.id,
      callerNumber: '02566661001',
      allowedFrom: '09:30',
      allowedTo: '18:00',
      perNumberDailyLimit: 2,
      dailyLimit: 120,
      recording: false,
    }) as const;

  it('lists the active staff with the defaults until someone sets theirs', async () => {
    const all = await rows(admin);
    expect(all.total).toBe(8);
    const agent02 = all.records.find((r) => r.username === 'agent02')!;
    expect(agent02).toMatchObject({
      realName: '赵丽',
      deptName: '销售一部',
      isCustom: false,
      lineId: null,
      callerNumber: null,
      allowedFrom: '08:00',
      allowedTo: '21:00',
      perNumberDailyLimit: 3,
      dailyLimit: 300,
      recording: true,
      analysis: true,
      seatLines: ['浙江软电话线路'],
      updatedAt: null,
    });
    expect((await rows(admin, { userName: '陈' })).records.map((r) => r.realName)).toEqual(['陈晨']);
  });

  it('offers the lines the enterprise holds seats on, with their numbers and its own', async () => {
    const res = await t.call(routes.callingOptions, {}, admin);
    expect(res.body.data.lines).toEqual([
      {
        id: kit.sipLine.id,
        name: '浙江软电话线路',
        mode: 2,
        callerNumbers: ['057188880001', '057188880002', '057188881001', '057188881002'],
      },
      { id: kit.callbackLine.id, name: '全国回拨线路', mode: 0, callerNumbers: ['02566660001', '02566661001'] },
    ]);
  });

  it('saves one person’s settings, which the dial flow then reads', async () => {
    const agent03 = await kit.userId('agent03');
    const res = await t.call(routes.callingSave, settings(agent03), admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      userId: agent03,
      isCustom: true,
      lineName: '全国回拨线路',
      callerNumber: '02566661001',
      allowedFrom: '09:30',
      allowedTo: '18:00',
      recording: false,
      seatLines: ['全国回拨线路'],
    });
    expect(await callingRulesFor(t.database.db, kit.demoTenantId, agent03)).toEqual({
      lineId: kit.callbackLine.id,
      callerNumber: '02566661001',
      allowedFrom: '09:30',
      allowedTo: '18:00',
      perNumberDailyLimit: 2,
      dailyLimit: 120,
      recording: false,
      analysis: true,
    });
    // Saving again updates the same row; 智能分析 switched off, then kept when a save leaves it out.
    await t.call(routes.callingSave, { ...settings(agent03), dailyLimit: 80, analysis: false }, admin);
    await t.call(routes.callingSave, { ...settings(agent03), dailyLimit: 80 }, admin);
    const stored = await t.database.db.select().from(callingSettings).where(eq(callingSettings.userId, agent03));
    expect(stored.map((s) => [s.dailyLimit, s.analysis])).toEqual([[80, false]]);
    expect((await rows(admin, { userName: '陈' })).records[0]).toMatchObject({ analysis: false });
  });

  it('refuses hours out of order, a number of another line, a line without seats, a number without line', async () => {
    const agent01 = await kit.userId('agent01');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ allowedFrom: '18:00', allowedTo: '09:00' }, 10002, '允许呼叫的开始时间应早于结束时间'],
      [{ allowedFrom: '8:00' }, 10002, '允许呼叫开始时间格式应为 HH:mm'],
      [{ callerNumber: '057188880001' }, 10002, '外显号码不属于所选线路，请重新选择'],
      [{ lineId: kit.appLine.id, callerNumber: null }, 10002, '所选线路不可用，请选择本企业已开通坐席的线路'],
      [{ lineId: null }, 10002, '请先选择线路，再选择该线路的外显号码'],
      [{ dailyLimit: 0 }, 10002, '每日呼叫上限至少为1次'],
      [{ perNumberDailyLimit: 51 }, 10002, '单号码每日呼叫上限最多50次'],
    ];
    for (const [change, code, msg] of cases) {
      const res = await t.call(routes.callingSave, { ...settings(agent01), ...change }, admin);
      expect(res.body.code, msg).toBe(code);
      expect(res.body.msg).toContain(msg);
    }
    expect((await rowOf('agent01')).isCustom).toBe(false);
  });

  it('sets the named fields for many at once, keeping the rest of each person', async () => {
    const [agent01, agent03] = [await kit.userId('agent01'), await kit.userId('agent03')];
    const res = await t.call(routes.callingSaveBatch, { userIds: [agent01, agent03], allowedFrom: '10:00' }, admin);
    expect(res.body.data).toEqual({ updated: 2 });
    expect(await rowOf('agent01')).toMatchObject({
      isCustom: true,
      allowedFrom: '10:00',
      allowedTo: '21:00',
      dailyLimit: 300,
    });
    // agent03 keeps his line, number and limits.
    expect(await rowOf('agent03')).toMatchObject({
      allowedFrom: '10:00',
      allowedTo: '18:00',
      callerNumber: '02566661001',
    });
    // A new line without a number drops the old line's number.
    await t.call(routes.callingSaveBatch, { userIds: [agent03], lineId: kit.sipLine.id }, admin);
    expect(await rowOf('agent03')).toMatchObject({ lineId: kit.sipLine.id, callerNumber: null });
    const empty = await t.call(routes.callingSaveBatch, { userIds: [agent01] }, admin);
    expect(empty.body).toMatchObject({ code: 10002, msg: expect.stringContaining('请至少修改一项设置') });
    const late = await t.call(routes.callingSaveBatch, { userIds: [agent01], allowedFrom: '22:00' }, admin);
    expect(late.body).toMatchObject({
      code: 10002,
      msg: '王强的允许呼叫时间将变为开始晚于结束，请同时修改开始和结束时间',
    });
    expect((await rowOf('agent01')).allowedFrom).toBe('10:00');
  });

  it('resets people to the defaults', async () => {
    const agent01 = await kit.userId('agent01');
    const res = await t.call(routes.callingReset, { userIds: [agent01] }, admin);
    expect(res.body.data).toEqual({ updated: 1 });
    expect((await rowOf('agent01')).isCustom).toBe(false);
    expect(await callingRulesFor(t.database.db, kit.demoTenantId, agent01)).toEqual(defaultCallingRules);
  });

  it("shows a manager his department's staff only, and keeps his changes inside it", async () => {
    const mine = await rows(manager);
    expect(mine.records.map((r) => r.realName).sort()).toEqual([...deptOneNames].sort());
    const denied = await t.call(routes.callingSave, settings(await kit.userId('agent01')), manager);
    expect(denied.body.code).toBe(403);
    await t.database.db
      .update(roles)
      .set({ permissions: sql`array_append(${roles.permissions}, ${Perm.callingUpdate})` })
      .where(eq(roles.name, '主管'));
    const outside = await t.call(routes.callingSave, settings(await kit.userId('agent04')), manager);
    expect(outside.body).toMatchObject({ code: 10056, msg: '员工不存在或已停用，请刷新后重新选择' });
    const batch = await t.call(
      routes.callingSaveBatch,
      { userIds: [await kit.userId('agent01'), await kit.userId('agent05')], recording: false },
      manager,
    );
    expect(batch.body.code).toBe(10056);
    expect((await rowOf('agent01')).recording).toBe(true);
    const inside = await t.call(routes.callingSave, settings(await kit.userId('agent01')), manager);
    expect(inside.body.data).toMatchObject({ realName: '王强', isCustom: true });
  });

  it("keeps enterprises apart: no other enterprise's people, lines or numbers", async () => {
    const theirs = await rows(otherAdmin);
    expect(theirs.records.map((r) => r.username)).toEqual(['seatboss']);
    const foreign = await t.call(routes.callingSave, settings(await kit.userId('agent02')), otherAdmin);
    expect(foreign.body.code).toBe(10056);
    const options = await t.call(routes.callingOptions, {}, otherAdmin);
    expect(options.body.data.lines).toEqual([
      {
        id: kit.sipLine.id,
        name: '浙江软电话线路',
        mode: 2,
        callerNumbers: ['057188880001', '057188880002', '057199990001'],
      },
    ]);
    // The demo's own number is not the other enterprise's to choose.
    const borrowed = await t.call(
      routes.callingSave,
      { ...settings(other.userId), lineId: kit.sipLine.id, callerNumber: '057188881001' },
      otherAdmin,
    );
    expect(borrowed.body.msg).toBe('外显号码不属于所选线路，请重新选择');
  });
});
