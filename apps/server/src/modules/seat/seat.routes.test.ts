import { Perm, routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { roles } from '../org/org.schema.js';
import { operationLogs } from '../system/system.schema.js';
import { seats } from './seat.schema.js';
import { seatKit } from './seat.test-kit.js';

const { seat: routes } = routeTables;
const day = 86_400_000;
const deptOneNames = ['李娜', '王强', '赵丽', '陈晨'];

/** 坐席管理 (spec section 7 "Seats"): counts, list, assign, hand over, renew, release, delete, export. */
describe('seat routes', () => {
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

  const list = async (token: string, q: Parameters<typeof t.call<typeof routes.list>>[1] = {}) => {
    const res = await t.call(routes.list, { limit: 100, ...q }, token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const seatOf = async (username: string, lineId: number) =>
    (await list(admin, { lineId })).records.find((s) => s.username === username)!;
  /** The manager's role with extra permissions, to check his data scope on changes too. */
  const grantManager = async (...perms: string[]) =>
    t.database.db
      .update(roles)
      .set({ permissions: sql`array_cat(${roles.permissions}, ${`{${perms.join(',')}}`}::text[])` })
      .where(eq(roles.name, '主管'));

  describe('counts and list', () => {
    it('counts the seats of the enterprise by state and by line', async () => {
      const res = await t.call(routes.countMap, {}, admin);
      expect(res.body.code).toBe(0);
      // Seven holders (the manager's seat expires in 10 days) and four free seats (seed/calling.ts).
      expect(res.body.data).toEqual({
        total: 11,
        byState: { inUse: 6, free: 4, expiring: 1, expired: 0, disabled: 0 },
        byLine: [
          { lineId: kit.sipLine.id, lineName: '浙江软电话线路', lineMode: 2, total: 6, free: 2 },
          { lineId: kit.callbackLine.id, lineName: '全国回拨线路', lineMode: 0, total: 5, free: 2 },
        ],
      });
    });

    it('lists with filters by state, line, holder name and expiry', async () => {
      const all = await list(admin);
      expect(all.total).toBe(11);
      expect((await list(admin, { state: 'free' })).records.every((s) => s.userId === null)).toBe(true);
      expect((await list(admin, { state: 'expiring' })).records.map((s) => s.userName)).toEqual(['李娜']);
      const byName = await list(admin, { userName: '王强' });
      expect(byName.records).toHaveLength(1);
      expect(byName.records[0]).toMatchObject({ lineId: kit.callbackLine.id, lineMode: 0, deptName: '销售一部' });
      expect((await list(admin, { lineId: kit.sipLine.id })).total).toBe(6);
      const soon = await list(admin, { expireFrom: Date.now(), expireTo: Date.now() + 20 * day });
      expect(soon.records.map((s) => s.userName)).toEqual(['李娜']);
      const paged = await list(admin, { page: 2, limit: 5, sortField: 'expireAt', sortOrder: 'ascend' });
      expect(paged).toMatchObject({ total: 11, size: 5, current: 2, pages: 3 });
      expect(paged.records).toHaveLength(5);
    });

    it("shows a manager only his department's seats, and another enterprise only its own", async () => {
      const mine = await list(manager);
      expect(mine.total).toBe(4);
      expect(mine.records.map((s) => s.userName).sort()).toEqual([...deptOneNames].sort());
      const counts = await t.call(routes.countMap, {}, manager);
      expect(counts.body.data.total).toBe(4);
      expect(counts.body.data.byState.free).toBe(0);
      const theirs = await list(otherAdmin);
      expect(theirs.records.map((s) => s.id)).toEqual([other.seatId]);
    });

    it('offers the staff of the scope and the seat prices of the lines', async () => {
      const staff = await t.call(routes.staffOptions, {}, manager);
      expect(staff.body.data.map((s) => s.realName).sort()).toEqual([...deptOneNames].sort());
      const found = await t.call(routes.staffOptions, { keyword: 'agent04' }, admin);
      expect(found.body.data.map((s) => s.username)).toEqual(['agent04']);
      const prices = await t.call(routes.seatPriceList, {}, manager);
      expect(prices.body.data).toHaveLength(3);
      expect(prices.body.data[0]).toEqual({
        lineId: kit.sipLine.id,
        lineName: '浙江软电话线路',
        lineMode: 2,
        seatPricePerMonth: 5000,
        pricePerMinute: 12,
      });
    });
  });

  describe('assign and hand over', () => {
    it('assigns a free seat of the line, once per person and line, and logs it', async () => {
      const agent02 = await kit.userId('agent02');
      const res = await t.call(routes.addSeat, { lineId: kit.callbackLine.id, userId: agent02 }, admin);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({ userId: agent02, userName: '赵丽', state: 'inUse', lineMode: 0 });
      const again = await t.call(routes.addSeat, { lineId: kit.callbackLine.id, userId: agent02 }, admin);
      expect(again.body).toMatchObject({ code: 10056, msg: '该员工在此线路上已有坐席，无需重复分配' });
      const [log] = await t.database.db
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.summary, routes.addSeat.summary))
        .limit(1);
      expect(log).toMatchObject({ module: 'seat', result: 'success', userName: 'admin' });
    });

    it('refuses when the line has no free seat left, or the chosen seat is taken', async () => {
      const taken = await seatOf('agent01', kit.callbackLine.id);
      const adminId = await kit.userId('admin');
      const chosen = await t.call(
        routes.addSeat,
        { lineId: kit.callbackLine.id, userId: adminId, seatId: taken.id },
        admin,
      );
      expect(chosen.body).toMatchObject({ code: 10056, msg: '该坐席已被占用或已过期，请选择空闲坐席' });
      expect((await t.call(routes.addSeat, { lineId: kit.callbackLine.id, userId: adminId }, admin)).body.code).toBe(0);
      const none = await t.call(
        routes.addSeat,
        { lineId: kit.callbackLine.id, userId: await kit.userId('agent04') },
        admin,
      );
      expect(none.body).toMatchObject({ code: 10056, msg: '该线路没有空闲坐席，请先释放或购买坐席' });
    });

    it("refuses another enterprise's person, seat or a line that is not active", async () => {
      const res = await t.call(routes.addSeat, { lineId: kit.sipLine.id, userId: other.userId }, admin);
      expect(res.body).toMatchObject({ code: 10056, msg: '员工不存在或已停用，请刷新后重新选择' });
      const theirSeat = await t.call(
        routes.addSeat,
        { lineId: kit.sipLine.id, userId: await kit.userId('agent03'), seatId: other.seatId },
        admin,
      );
      expect(theirSeat.body.code).toBe(10056);
      const [theirs] = await t.database.db.select().from(seats).where(eq(seats.id, other.seatId));
      expect(theirs!.userId).toBe(other.userId);
      const missing = await t.call(routes.addSeat, { lineId: 999999, userId: await kit.userId('agent03') }, admin);
      expect(missing.body).toMatchObject({ code: 10056, msg: '线路不存在或已停用，请刷新后重新选择' });
    });

    it('hands a seat over to another person', async () => {
      const seat = await seatOf('admin', kit.callbackLine.id);
      const agent06 = await kit.userId('agent06');
      const res = await t.call(routes.updateSeat, { id: seat.id, userId: agent06 }, admin);
      expect(res.body.data).toMatchObject({ id: seat.id, userId: agent06, userName: expect.any(String) });
      // agent02 already holds a call-back seat.
      const twice = await t.call(routes.updateSeat, { id: seat.id, userId: await kit.userId('agent02') }, admin);
      expect(twice.body.msg).toBe('该员工在此线路上已有坐席，无需重复分配');
      const foreign = await t.call(routes.updateSeat, { id: other.seatId, userId: agent06 }, admin);
      expect(foreign.body).toMatchObject({ code: 10056, msg: '坐席不存在或已删除，请刷新后重试' });
    });
  });

  describe('renewal', () => {
    it('switches auto-renewal of several seats, all or nothing', async () => {
      const a = await seatOf('agent03', kit.callbackLine.id);
      const b = await seatOf('agent04', kit.sipLine.id);
      const on = await t.call(routes.autoRenewalSwitch, { ids: [a.id, b.id], autoRenewal: true }, admin);
      expect(on.body.data).toEqual({ updated: 2 });
      const off = await t.call(routes.autoRenewalSwitch, { ids: [a.id], autoRenewal: false }, admin);
      expect(off.body.data).toEqual({ updated: 1 });
      expect((await seatOf('agent03', kit.callbackLine.id)).autoRenewal).toBe(false);
      expect((await seatOf('agent04', kit.sipLine.id)).autoRenewal).toBe(true);
      const mixed = await t.call(routes.autoRenewalSwitch, { ids: [a.id, other.seatId], autoRenewal: true }, admin);
      expect(mixed.body.code).toBe(10056);
      expect((await seatOf('agent03', kit.callbackLine.id)).autoRenewal).toBe(false);
    });
  });

  describe('release and delete', () => {
    it('releases a held seat, then deletes it once free and expired', async () => {
      const seat = await seatOf('agent06', kit.callbackLine.id);
      const held = await t.call(routes.deleteSeat, { id: seat.id }, admin);
      expect(held.body).toMatchObject({ code: 10056, msg: '坐席正在使用中，请先释放坐席再删除' });
      const released = await t.call(routes.releaseSeat, { id: seat.id }, admin);
      expect(released.body.data).toMatchObject({ id: seat.id, userId: null, userName: null, state: 'free' });
      const twice = await t.call(routes.releaseSeat, { id: seat.id }, admin);
      expect(twice.body.msg).toBe('该坐席未分配给任何员工，无需释放');
      const unexpired = await t.call(routes.deleteSeat, { id: seat.id }, admin);
      expect(unexpired.body).toMatchObject({ code: 10056, msg: expect.stringContaining('尚未到期，不能删除') });
      await t.database.db
        .update(seats)
        .set({ expireAt: new Date(Date.now() - 1000) })
        .where(eq(seats.id, seat.id));
      expect((await t.call(routes.deleteSeat, { id: seat.id }, admin)).body.data).toEqual({ deleted: 1 });
      expect((await t.call(routes.deleteSeat, { id: seat.id }, admin)).body.msg).toBe(
        '坐席不存在或已删除，请刷新后重试',
      );
    });

    it("never releases or deletes another enterprise's seat", async () => {
      expect((await t.call(routes.releaseSeat, { id: other.seatId }, admin)).body.code).toBe(10056);
      expect((await t.call(routes.deleteSeat, { id: other.seatId }, admin)).body.code).toBe(10056);
      const [theirs] = await t.database.db.select().from(seats).where(eq(seats.id, other.seatId));
      expect(theirs!.userId).toBe(other.userId);
    });

    it("keeps a manager with the change permission inside his department's seats and staff", async () => {
      await grantManager(Perm.seatUpdate);
      const outside = await seatOf('agent04', kit.sipLine.id);
      const release = await t.call(routes.releaseSeat, { id: outside.id }, manager);
      expect(release.body).toMatchObject({ code: 10056, msg: '坐席不存在或已删除，请刷新后重试' });
      expect((await seatOf('agent04', kit.sipLine.id)).userId).not.toBeNull();
      const assign = await t.call(
        routes.addSeat,
        { lineId: kit.sipLine.id, userId: await kit.userId('agent05') },
        manager,
      );
      expect(assign.body.msg).toBe('员工不存在或已停用，请刷新后重新选择');
      const inside = await t.call(
        routes.addSeat,
        { lineId: kit.sipLine.id, userId: await kit.userId('agent03') },
        manager,
      );
      expect(inside.body.data).toMatchObject({ userName: '陈晨', lineMode: 2 });
    });
  });

  describe('export', () => {
    const sheetRows = async (token: string, filter: Record<string, unknown> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: routes.seatDownload.path,
        headers: { 'cloud-token': token },
        payload: filter,
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return rows;
    };

    it('streams the filtered seats as xlsx with Chinese headers', async () => {
      const rows = await sheetRows(admin, { lineId: kit.sipLine.id });
      expect(rows[0]).toEqual([
        '坐席编号',
        '线路',
        '线路类型',
        '员工',
        '账号',
        '部门',
        '状态',
        '开始时间',
        '到期时间',
        '自动续费',
      ]);
      const sipCount = (await list(admin, { lineId: kit.sipLine.id })).total;
      expect(rows.length - 1).toBe(sipCount);
      expect(rows.slice(1).every((r) => r[1] === '浙江软电话线路' && r[2] === '软电话')).toBe(true);
    });

    it("exports only the seats of the person's scope", async () => {
      await grantManager(Perm.seatExport);
      const rows = await sheetRows(manager);
      expect(rows.length - 1).toBe((await list(manager)).total);
      expect(rows.slice(1).every((r) => deptOneNames.includes(r[3]!))).toBe(true);
      const theirs = await sheetRows(otherAdmin);
      expect(theirs.slice(1).map((r) => Number(r[0]))).toEqual([other.seatId]);
    });
  });
});
