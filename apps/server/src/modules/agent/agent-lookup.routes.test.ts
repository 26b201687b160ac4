import { routeTables, type TRouteDef } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { refundApplications } from '../trade/trade.schema.js';
import { createTestAgent } from './agent.test-kit.js';

const { agent: r } = routeTables;

/**
 * packet-download, getBaseLinePage, getAgentMobile, get-industry and GET apply/unsubscribe (decision
 * 0020): what each party sees, and the walls — another agent's objects never reached, an
 * enterprise and the platform refused the agent's routes. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
describe('agent look-ups', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  let lineA: number;
  let lineB: number;
  let agentA: { id: number; token: string };
  let agentB: { id: number; token: string };
  let ofA: { tenantId: number; token: string };
  let ofB: { tenantId: number; token: string };
  let tag = 0;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const enterpriseOf = async (agentId: number) => {
    tag += 1;
    const e = await otherEnterprise(t, {
      code: `L${700 + tag}`,
      username: `lookup${tag}`,
      mobile: `1370001${String(tag).padStart(4, '0')}`,
    });
    await t.database.db.update(tenants).set({ agentId }).where(eq(tenants.id, e.tenantId));
    return e;
  };
  const apply = (tenantId: number, applyNo: string, state = 'pending') =>
    t.database.db.insert(refundApplications).values({
      tenantId,
      applyNo,
      kind: 'package',
      subject: '1000分钟包',
      amount: 4200,
      parts: [],
      reason: '业务调整',
      state,
    });

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    const made = await t.database.db
      .insert(lines)
      .values([
        { name: '底价测试线路甲', mode: 0, pricePerMinute: 12, seatPricePerMonth: 6000 },
        { name: '底价测试线路乙', mode: 1, pricePerMinute: 9, seatPricePerMonth: 4000 },
      ])
      .returning();
    [lineA, lineB] = [made[0]!.id, made[1]!.id];
    agentA = await createTestAgent(t, platform, { name: '查询甲代理', username: 'lookupa', mobile: '13822227001' });
    agentB = await createTestAgent(t, platform, { name: '查询乙代理', username: 'lookupb', mobile: '13822227002' });
    // A sells line 甲 only; B every line (a new agent starts with every active line).
    ok(await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [lineA] }, platform));
    ofA = await enterpriseOf(agentA.id);
    ofB = await enterpriseOf(agentB.id);
  });
  afterAll(() => t.close());

  it('getBaseLinePage: the platform sees every line with its agents, an agent its opened lines only', async () => {
    const all = ok(await t.call(r.baseLinePage, { page: 1, limit: 500, name: '底价测试' }, platform));
    expect(all.records.map((l) => l.lineId).sort()).toEqual([lineA, lineB].sort());
    expect(all.records.find((l) => l.lineId === lineA)).toMatchObject({
      lineName: '底价测试线路甲',
      pricePerMinute: 12,
      seatPricePerMonth: 6000,
      agentCount: 2,
    });
    expect(all.records.find((l) => l.lineId === lineB)!.agentCount).toBe(1);
    const mineA = ok(await t.call(r.baseLinePage, { page: 1, limit: 500 }, agentA.token));
    expect(mineA.records.map((l) => l.lineId)).toEqual([lineA]);
    expect(mineA.records[0]!.agentCount).toBeNull();
    const mineB = ok(await t.call(r.baseLinePage, { page: 1, limit: 500, mode: 1, name: '底价' }, agentB.token));
    expect(mineB.records.map((l) => l.lineId)).toEqual([lineB]);
    // Paging holds its total.
    const paged = ok(await t.call(r.baseLinePage, { page: 2, limit: 1, name: '底价测试' }, platform));
    expect(paged).toMatchObject({ total: 2, current: 2 });
    expect(paged.records).toHaveLength(1);
    expect((await t.call(r.baseLinePage, { page: 1, limit: 10 }, admin)).body.code).toBe(403);
  });

  it('getAgentMobile: an enterprise sees its own agent, a direct one nothing; an agent is refused', async () => {
    expect(ok(await t.call(r.agentMobile, {}, ofA.token))).toEqual({
      agentName: '查询甲代理',
      contactName: '代理人',
      mobile: '13822227001',
    });
    expect(ok(await t.call(r.agentMobile, {}, ofB.token))!.agentName).toBe('查询乙代理');
    expect(ok(await t.call(r.agentMobile, {}, admin))).toBeNull();
    expect((await t.call(r.agentMobile, {}, agentA.token)).body.code).toBe(403);
  });

  it('get-industry: the dictionary of migration 0057, to agents only', async () => {
    const industries = ok(await t.call(r.industry, {}, agentA.token));
    expect(industries.length).toBeGreaterThanOrEqual(10);
    expect(industries[0]).toEqual({ label: '教育培训', value: 'education' });
    expect(industries.at(-1)).toEqual({ label: '其他', value: 'other' });
    for (const token of [admin, platform]) expect((await t.call(r.industry, {}, token)).body.code).toBe(403);
  });

  it("apply/unsubscribe: an agent sees its enterprises' applications only, filtered; it cannot examine them", async () => {
    await apply(ofA.tenantId, 'TDLOOKUP0001');
    await apply(ofA.tenantId, 'TDLOOKUP0002', 'approved');
    await apply(ofB.tenantId, 'TDLOOKUP0003');
    const seenA = ok(await t.call(r.unsubscribePage, { page: 1, limit: 10 }, agentA.token));
    expect(seenA.records.map((a) => a.applyNo).sort()).toEqual(['TDLOOKUP0001', 'TDLOOKUP0002']);
    expect(seenA.records[0]).toMatchObject({ enterpriseId: ofA.tenantId, kind: 'package', amount: 4200 });
    const pendingA = ok(await t.call(r.unsubscribePage, { page: 1, limit: 10, state: 'pending' }, agentA.token));
    expect(pendingA.records.map((a) => a.applyNo)).toEqual(['TDLOOKUP0001']);
    // Another agent's enterprise named: nothing.
    const foreign = ok(
      await t.call(r.unsubscribePage, { page: 1, limit: 10, enterpriseId: ofB.tenantId }, agentA.token),
    );
    expect(foreign.total).toBe(0);
    expect(
      ok(await t.call(r.unsubscribePage, { page: 1, limit: 10 }, agentB.token)).records.map((a) => a.applyNo),
    ).toEqual(['TDLOOKUP0003']);
    // The platform's examine route stays the platform's.
    const examine = await t.call(
      routeTables.trade.examine as TRouteDef,
      { id: 1, approve: true } as never,
      agentA.token,
    );
    expect(examine.body.code).toBe(403);
    for (const token of [admin, platform, ofA.token]) {
      expect((await t.call(r.unsubscribePage, { page: 1, limit: 10 }, token)).body.code).toBe(403);
    }
  });

  it("packet-download: the agent's own packages with the page's filters, a Chinese file name; others refused", async () => {
    ok(
      await t.call(
        r.packetSave,
        { lineId: lineA, name: '甲代理导出包', minutes: 100, validityDays: 30, price: 99_900 },
        agentA.token,
      ),
    );
    ok(
      await t.call(
        r.packetSave,
        { lineId: lineA, name: '甲代理另一包', minutes: 200, validityDays: 30, price: 199_900 },
        agentA.token,
      ),
    );
    ok(
      await t.call(
        r.packetSave,
        { lineId: lineA, name: '乙代理的包', minutes: 100, validityDays: 30, price: 99_900 },
        agentB.token,
      ),
    );
    const download = async (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: r.packetDownload.path, headers: { 'cloud-token': token }, payload });
    const res = await download(agentA.token, { name: '导出' });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('代理商套餐'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('套餐名称');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('甲代理导出包');
    expect(sheet.getRow(2).getCell(5).value).toBe('999.00');
    // Unfiltered: both of A's, none of B's.
    const whole = new ExcelJS.Workbook();
    await whole.xlsx.load((await download(agentA.token, {})).rawPayload as unknown as ArrayBuffer);
    const names: string[] = [];
    for (let i = 2; i <= whole.worksheets[0]!.rowCount; i++)
      names.push(String(whole.worksheets[0]!.getRow(i).getCell(2).value));
    expect(names.sort()).toEqual(['甲代理另一包', '甲代理导出包'].sort());
    for (const token of [admin, platform]) {
      const refused = await download(token, {});
      expect(refused.headers['content-type']).toContain('json');
      expect(JSON.parse(refused.body).code).toBe(403);
    }
  });
});
