import { Perm, routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { roles } from '../org/org.schema.js';
import { seatKit } from '../seat/seat.test-kit.js';
import { cmccWorkNumbers, tenantNumbers } from './line.schema.js';

const { line: routes, seat: seatRoutes } = routeTables;

/** 线路展示, 号码池, 移动工作号 and 外显号码 (spec section 7 "Number pools and black-list"). */
describe('line and number routes', () => {
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

  const pool = async (token: string, q: Record<string, unknown> = {}) => {
    const res = await t.call(routes.numberPage, { limit: 100, ...q }, token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const numberRow = async (number: string) => (await pool(admin)).records.find((n) => n.number === number)!;
  const works = async (token: string, q: Record<string, unknown> = {}) => {
    const res = await t.call(routes.workNumberList, { limit: 100, ...q }, token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const grantManager = (...perms: string[]) =>
    t.database.db
      .update(roles)
      .set({ permissions: sql`array_cat(${roles.permissions}, ${`{${perms.join(',')}}`}::text[])` })
      .where(eq(roles.name, '主管'));

  describe('线路展示', () => {
    it("shows every active line with its mode, price, numbers and the enterprise's seats on it", async () => {
      const res = await t.call(routes.lineList, {}, admin);
      expect(res.body.data).toEqual([
        {
          id: kit.sipLine.id,
          name: '浙江软电话线路',
          mode: 2,
          modeLabel: '软电话',
          pricePerMinute: 12,
          area: '浙江杭州',
          callerNumbers: ['057188880001', '057188880002', '057188881001', '057188881002'],
          seatCount: 6,
          freeSeatCount: 2,
          scriptId: null,
          scriptTitle: null,
        },
        expect.objectContaining({ name: '全国回拨线路', modeLabel: '回拨', seatCount: 5, freeSeatCount: 2 }),
        expect.objectContaining({ name: 'APP 外呼线路', modeLabel: 'APP', seatCount: 0, freeSeatCount: 0 }),
      ]);
      const theirs = await t.call(routes.lineList, {}, otherAdmin);
      expect(theirs.body.data[0]).toMatchObject({
        seatCount: 1,
        callerNumbers: ['057188880001', '057188880002', '057199990001'],
      });
      expect(theirs.body.data[1]).toMatchObject({ seatCount: 0 });
    });

    it('offers only the lines the enterprise holds seats on', async () => {
      const res = await t.call(routes.lineOptions, {}, manager);
      expect(res.body.data.map((l) => l.name)).toEqual(['浙江软电话线路', '全国回拨线路']);
      expect((await t.call(routes.lineOptions, {}, otherAdmin)).body.data.map((l) => l.id)).toEqual([kit.sipLine.id]);
    });
  });

  describe('号码池', () => {
    it('lists the numbers with their holder, filtered by state, line and number', async () => {
      const all = await pool(admin);
      expect(all.total).toBe(3);
      const held = await pool(admin, { state: 'distributed' });
      expect(held.records).toEqual([
        expect.objectContaining({
          number: '057188881001',
          userName: '赵丽',
          deptName: '销售一部',
          lineName: '浙江软电话线路',
        }),
      ]);
      expect((await pool(admin, { lineId: kit.callbackLine.id })).records.map((n) => n.number)).toEqual([
        '02566661001',
      ]);
      expect((await pool(admin, { number: '1002' })).records.map((n) => n.number)).toEqual(['057188881002']);
      expect((await pool(otherAdmin)).records.map((n) => n.id)).toEqual([other.numberId]);
    });

    it('distributes a number to a person and takes it back', async () => {
      const n = await numberRow('057188881002');
      const agent03 = await kit.userId('agent03');
      const res = await t.call(routes.distribute, { id: n.id, userId: agent03 }, admin);
      expect(res.body.data).toMatchObject({
        id: n.id,
        userId: agent03,
        userName: '陈晨',
        distributedAt: expect.any(Number),
      });
      const back = await t.call(routes.distribute, { id: n.id, userId: null }, admin);
      expect(back.body.data).toMatchObject({ userId: null, userName: null, distributedAt: null });
    });

    it("distributes in batch, all or nothing, never another enterprise's numbers or people", async () => {
      const ids = (await pool(admin, { state: 'free' })).records.map((n) => n.id);
      const agent04 = await kit.userId('agent04');
      const mixed = await t.call(routes.distributeBatch, { ids: [...ids, other.numberId], userId: agent04 }, admin);
      expect(mixed.body).toMatchObject({ code: 10056, msg: '号码不存在或已删除，请刷新后重试' });
      expect((await pool(admin, { state: 'free' })).total).toBe(ids.length);
      const foreignPerson = await t.call(routes.distributeBatch, { ids, userId: other.userId }, admin);
      expect(foreignPerson.body.msg).toBe('员工不存在或已停用，请刷新后重新选择');
      const res = await t.call(routes.distributeBatch, { ids, userId: agent04 }, admin);
      expect(res.body.data).toEqual({ updated: ids.length });
      expect((await pool(admin, { userName: 'agent04' })).total).toBe(ids.length);
      expect((await pool(admin, { state: 'free' })).total).toBe(0);
      const [theirs] = await t.database.db.select().from(tenantNumbers).where(eq(tenantNumbers.id, other.numberId));
      expect(theirs!.userId).toBeNull();
    });

    it('shows a limited scope the free numbers and those its people hold, and distributes inside it', async () => {
      await grantManager(Perm.numberPoolList, Perm.numberPoolDistribute);
      // agent04 (销售二部) holds two numbers now, agent02 (销售一部) one.
      const seen = await pool(manager);
      expect(seen.records.map((n) => n.userName)).toEqual(['赵丽']);
      const outside = await numberRow('057188881002');
      const take = await t.call(routes.distribute, { id: outside.id, userId: null }, manager);
      expect(take.body.code).toBe(10056);
      const mine = await numberRow('057188881001');
      const toOutside = await t.call(routes.distribute, { id: mine.id, userId: await kit.userId('agent05') }, manager);
      expect(toOutside.body.msg).toBe('员工不存在或已停用，请刷新后重新选择');
      const toInside = await t.call(routes.distribute, { id: mine.id, userId: await kit.userId('agent01') }, manager);
      expect(toInside.body.data).toMatchObject({ userName: '王强' });
    });
  });

  describe('移动工作号', () => {
    it('lists the work numbers with their holders', async () => {
      const all = await works(admin);
      expect(all.total).toBe(5);
      expect((await works(admin, { state: 'bound' })).records).toEqual([
        expect.objectContaining({ workNumber: '14700000001', userName: '王强', remark: '中国移动 浙江' }),
      ]);
      expect((await works(admin, { number: '0003' })).records.map((w) => w.workNumber)).toEqual(['14700000003']);
      expect((await works(otherAdmin)).records.map((w) => w.id)).toEqual([other.workNumberId]);
    });

    it('binds one work number per person and one person per work number, and unbinds', async () => {
      const [, second, third] = (await works(admin)).records;
      const agent03 = await kit.userId('agent03');
      const bound = await t.call(routes.workNumberBind, { id: second!.id, userId: agent03 }, admin);
      expect(bound.body.data).toMatchObject({ userId: agent03, userName: '陈晨', boundAt: expect.any(Number) });
      const twice = await t.call(routes.workNumberBind, { id: third!.id, userId: agent03 }, admin);
      expect(twice.body).toMatchObject({ code: 10056, msg: '该员工已绑定工作号，请先解绑原工作号' });
      const taken = await t.call(routes.workNumberBind, { id: second!.id, userId: await kit.userId('agent04') }, admin);
      expect(taken.body.msg).toBe('该工作号已绑定其他员工，请先解绑');
      const unbound = await t.call(routes.workNumberUnbind, { id: second!.id }, admin);
      expect(unbound.body.data).toMatchObject({ userId: null, boundAt: null });
      expect((await t.call(routes.workNumberUnbind, { id: second!.id }, admin)).body.msg).toBe(
        '该工作号未绑定员工，无需解绑',
      );
    });

    it("never binds another enterprise's work number or person", async () => {
      const foreign = await t.call(
        routes.workNumberBind,
        { id: other.workNumberId, userId: await kit.userId('agent05') },
        admin,
      );
      expect(foreign.body).toMatchObject({ code: 10056, msg: '工作号不存在，请刷新后重试' });
      const [, second] = (await works(admin)).records;
      const person = await t.call(routes.workNumberBind, { id: second!.id, userId: other.userId }, admin);
      expect(person.body.code).toBe(10056);
      const [theirs] = await t.database.db
        .select()
        .from(cmccWorkNumbers)
        .where(eq(cmccWorkNumbers.id, other.workNumberId));
      expect(theirs!.userId).toBeNull();
    });

    it("keeps a limited scope's unbinding to its own people", async () => {
      const [first] = (await works(admin, { state: 'bound' })).records;
      const agent04 = await kit.userId('agent04');
      const [, second] = (await works(admin, { state: 'free' })).records;
      await t.call(routes.workNumberBind, { id: second!.id, userId: agent04 }, admin);
      const outside = await t.call(routes.workNumberUnbind, { id: second!.id }, manager);
      expect(outside.body).toMatchObject({ code: 10056, msg: '工作号不存在，请刷新后重试' });
      const inside = await t.call(routes.workNumberUnbind, { id: first!.id }, manager);
      expect(inside.body.data).toMatchObject({ userId: null });
    });
  });

  describe('外显号码', () => {
    it('adds a number to a line the enterprise holds seats on, normalised and checked', async () => {
      const res = await t.call(
        routes.callerNumberAdd,
        { lineId: kit.sipLine.id, number: '0571-8888 2001', remark: '前台' },
        admin,
      );
      expect(res.body.data).toMatchObject({
        number: '057188882001',
        remark: '前台',
        lineName: '浙江软电话线路',
        userId: null,
      });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ number: '057188882001' }, 10056, '该号码已存在，请勿重复添加'],
        [{ number: '057188880001' }, 10056, '该号码是线路自带的外显号码，无需添加'],
        [{ number: '12345' }, 10002, '号码格式不正确'],
        [{ lineId: kit.appLine.id }, 10002, '请选择本企业已开通坐席的线路'],
      ];
      for (const [change, code, msg] of cases) {
        const bad = await t.call(
          routes.callerNumberAdd,
          { lineId: kit.sipLine.id, number: '057188882002', ...change },
          admin,
        );
        expect(bad.body.code, msg).toBe(code);
        expect(bad.body.msg).toContain(msg);
      }
      // Another enterprise may hold the same digits as its own number.
      const theirs = await t.call(
        routes.callerNumberAdd,
        { lineId: kit.sipLine.id, number: '057188882001' },
        otherAdmin,
      );
      expect(theirs.body.code).toBe(0);
    });

    it('lists, reads and edits numbers of the enterprise only', async () => {
      const list = await t.call(routes.callerNumberList, { limit: 100, lineId: kit.sipLine.id }, admin);
      expect(list.body.data.records.map((n) => n.number).sort()).toEqual([
        '057188881001',
        '057188881002',
        '057188882001',
      ]);
      const added = list.body.data.records.find((n) => n.number === '057188882001')!;
      const read = await t.call(routes.callerNumberQuery, { id: added.id }, admin);
      expect(read.body.data).toMatchObject({ number: '057188882001', remark: '前台' });
      expect((await t.call(routes.callerNumberQuery, { id: other.numberId }, admin)).body.code).toBe(10056);
      const edited = await t.call(
        routes.callerNumberEdit,
        { id: added.id, lineId: kit.callbackLine.id, number: '02566661002', remark: '改到回拨' },
        admin,
      );
      expect(edited.body.data).toMatchObject({ number: '02566661002', lineName: '全国回拨线路', remark: '改到回拨' });
      const foreign = await t.call(
        routes.callerNumberEdit,
        { id: other.numberId, lineId: kit.sipLine.id, number: '057199990009' },
        admin,
      );
      expect(foreign.body.code).toBe(10056);
      const [theirs] = await t.database.db.select().from(tenantNumbers).where(eq(tenantNumbers.id, other.numberId));
      expect(theirs!.number).toBe('057199990001');
    });

    it('keeps a number that someone shows on calls until his setting changes', async () => {
      const n = (await t.call(routes.callerNumberList, { number: '02566661002' }, admin)).body.data.records[0]!;
      await t.call(
        seatRoutes.callingSave,
        {
          userId: await kit.userId('agent05'),
          lineId: kit.callbackLine.id,
          callerNumber: '02566661002',
          allowedFrom: '08:00',
          allowedTo: '21:00',
          perNumberDailyLimit: 3,
          dailyLimit: 300,
          recording: true,
        },
        admin,
      );
      const del = await t.call(routes.callerNumberDelete, { ids: [n.id] }, admin);
      expect(del.body).toMatchObject({ code: 10056, msg: '该号码正被员工用作外显号码，请先在呼叫管理中更换后再操作' });
      const edit = await t.call(
        routes.callerNumberEdit,
        { id: n.id, lineId: kit.callbackLine.id, number: '02566661003' },
        admin,
      );
      expect(edit.body.code).toBe(10056);
      // A remark alone may change.
      const remark = await t.call(
        routes.callerNumberEdit,
        { id: n.id, lineId: kit.callbackLine.id, number: '02566661002', remark: '在用' },
        admin,
      );
      expect(remark.body.data).toMatchObject({ remark: '在用' });
      await t.call(seatRoutes.callingReset, { userIds: [await kit.userId('agent05')] }, admin);
      expect((await t.call(routes.callerNumberDelete, { ids: [n.id] }, admin)).body.data).toEqual({ deleted: 1 });
    });

    it("deletes nothing when a batch names another enterprise's number", async () => {
      const free = await numberRow('057188881002');
      const res = await t.call(routes.callerNumberDelete, { ids: [free.id, other.numberId] }, admin);
      expect(res.body.code).toBe(10056);
      expect(await numberRow('057188881002')).toBeDefined();
    });
  });
});
