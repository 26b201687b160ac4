import { routeTables, visitResults } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmKit } from '../crm/crm.test-kit.js';

const { crm, crmSettings: s } = routeTables;
const day = 86_400_000;

/** 回访 through the API: who sees which visits, filters, counts, adding by customer or number, deleting. */
describe('crm return visits', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof crmKit>>;
  let admin: string;
  let manager: string;
  let agent: string;
  let agent4: string;
  let platform: string;
  let agentId: number;
  let agent4Id: number;
  /** Customers of agent01 (department 1), agent04 (department 2) and the public pool. */
  const c = { mine: 0, other: 0, pool: 0 };
  const mobiles = { mine: '', other: '', pool: '' };
  const visits = { mine: [] as number[], other: [] as number[], pool: [] as number[] };
  const now = Date.now();

  const add = async (token: string, body: Record<string, unknown>) =>
    t.call(s.visitAdd, { content: '回访内容', visitAt: now, ...body } as never, token);
  const ids = (records: { id: number }[]) => records.map((r) => r.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp();
    kit = await crmKit(t);
    [admin, manager, agent, agent4, platform] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent04', 'Agent@2026'),
      t.loginAs.platform(),
    ]);
    agentId = await kit.userId('agent01');
    agent4Id = await kit.userId('agent04');
    const owners = { mine: agentId, other: agent4Id, pool: null };
    const names = { mine: '回访王五', other: '回访赵六', pool: '回访钱七' };
    for (const k of ['mine', 'other', 'pool'] as const) {
      mobiles[k] = kit.mobile();
      const owner = owners[k];
      const fields = { name: names[k], mobile: mobiles[k] };
      const res =
        owner === null
          ? await t.call(crm.poolCreate, fields, admin)
          : await t.call(crm.customerCreate, { ...fields, ownerId: owner }, admin);
      c[k] = res.body.data.id;
      // Two visits each, a day apart, with different results.
      for (const [i, result] of (['satisfied', 'unreachable'] as const).entries()) {
        const v = await add(admin, {
          customerId: c[k],
          result,
          visitAt: now - i * day,
          content: `${names[k]}第${i}次`,
        });
        expect(v.body.code).toBe(0);
        visits[k].push(v.body.data.id);
      }
    }
  });
  afterAll(() => t.close());

  it('shows each person the visits of the customers he may see', async () => {
    const of = async (token: string) => ids((await t.call(s.visitPage, { limit: 500 }, token)).body.data.records);
    const all = [...visits.mine, ...visits.other, ...visits.pool].sort((a, b) => a - b);
    expect(await of(admin)).toEqual(all);
    // The agent (scope: himself) sees his customer's and the public pool's, not a colleague's.
    expect(await of(agent)).toEqual([...visits.mine, ...visits.pool].sort((a, b) => a - b));
    expect(await of(agent4)).toEqual([...visits.other, ...visits.pool].sort((a, b) => a - b));
    // The manager (department 1 and below) sees agent01's customer but not department 2's.
    expect(await of(manager)).toEqual([...visits.mine, ...visits.pool].sort((a, b) => a - b));
    // Moving the customer moves his visits with him.
    await t.call(crm.transfer, { ids: [c.other], toUserId: agentId, reason: '' } as never, admin);
    expect(await of(agent)).toEqual(all);
    expect(await of(agent4)).toEqual([...visits.pool].sort((a, b) => a - b));
    await t.call(crm.transfer, { ids: [c.other], toUserId: agent4Id, reason: '' } as never, admin);
    expect(await of(agent4)).toEqual([...visits.other, ...visits.pool].sort((a, b) => a - b));
    // Another tenant sees none.
    expect((await t.call(s.visitPage, {}, platform)).body.data.total).toBe(0);
  });

  it('lists newest first with names and the mobile masked per the privacy switch', async () => {
    const page = (await t.call(s.visitPage, { customerId: c.mine }, agent)).body.data;
    expect(page).toMatchObject({ total: 2, size: 20, current: 1, pages: 1 });
    expect(page.records.map((r) => r.id)).toEqual([visits.mine[0], visits.mine[1]]);
    expect(page.records[0]).toMatchObject({
      customerId: c.mine,
      customerName: '回访王五',
      customerMobile: `${mobiles.mine.slice(0, 3)}****${mobiles.mine.slice(7)}`,
      result: 'satisfied',
      userName: '张明',
      visitAt: now,
    });
    // The manager holds the view-number permission.
    const managers = (await t.call(s.visitPage, { customerId: c.mine }, manager)).body.data.records;
    expect(managers[0]!.customerMobile).toBe(mobiles.mine);
    await kit.setRules({ isPrivacyOn: false });
    const open = (await t.call(s.visitPage, { customerId: c.mine }, agent)).body.data.records;
    expect(open[0]!.customerMobile).toBe(mobiles.mine);
    await kit.resetRules();
  });

  it('filters by customer name or pinyin, mobile fragment, result, author and time', async () => {
    const q = async (filter: Record<string, unknown>) =>
      ids((await t.call(s.visitPage, { limit: 500, ...filter } as never, admin)).body.data.records);
    expect(await q({ keyword: '王五' })).toEqual(visits.mine);
    expect(await q({ keyword: 'huifangwangwu' })).toEqual(visits.mine);
    expect(await q({ keyword: 'hfww' })).toEqual(visits.mine);
    expect(await q({ mobile: mobiles.other.slice(4) })).toEqual(visits.other);
    expect(await q({ customerId: c.pool, result: 'unreachable' })).toEqual([visits.pool[1]]);
    expect(await q({ keyword: '回访', range: [now - day / 2, null] })).toEqual(
      [visits.mine[0]!, visits.other[0]!, visits.pool[0]!].sort((a, b) => a - b),
    );
    expect(await q({ keyword: '回访', range: [null, now - day / 2] })).toEqual(
      [visits.mine[1]!, visits.other[1]!, visits.pool[1]!].sort((a, b) => a - b),
    );
    expect(await q({ userId: agentId })).toEqual([]);
    expect((await q({ userId: await kit.userId('admin') })).length).toBeGreaterThanOrEqual(6);
    const bad = await t.call(s.visitPage, { range: [now, now - day] }, admin);
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toContain('开始时间不能晚于结束时间');
  });

  it('page-plus counts each result over the same filter as the list', async () => {
    await add(agent, { customerId: c.mine, result: 'normal' });
    for (const [token, filter] of [
      [agent, {}],
      [manager, { keyword: '回访' }],
      [admin, { customerId: c.pool }],
      [admin, { result: 'satisfied' }],
    ] as const) {
      const plus = (await t.call(s.visitPagePlus, { limit: 2, ...filter }, token)).body.data;
      const list = (await t.call(s.visitPage, { limit: 500, ...filter }, token)).body.data;
      expect(plus.total).toBe(list.total);
      expect(plus.records.map((r) => r.id)).toEqual(list.records.slice(0, 2).map((r) => r.id));
      expect(plus.counts.map((x) => x.result)).toEqual([...visitResults]);
      for (const { result, count } of plus.counts) {
        expect(count).toBe(list.records.filter((r) => r.result === result).length);
      }
      expect(plus.counts.reduce((sum, x) => sum + x.count, 0)).toBe(list.total);
    }
  });

  it('adds a visit by a visible customer or by his number, and the timeline shows it', async () => {
    const byId = await add(agent, { customerId: c.mine, content: '客户满意', result: 'satisfied' });
    expect(byId.body.data).toMatchObject({ customerId: c.mine, userName: '王强', deptName: '销售一部' });
    const m = mobiles.mine;
    const byMobile = await add(agent, {
      mobile: `+86 ${m.slice(0, 3)}-${m.slice(3, 7)} ${m.slice(7)}`,
      content: '按号码',
    });
    expect(byMobile.body.data).toMatchObject({ customerId: c.mine, result: 'normal', content: '按号码' });
    const timeline = (await t.call(crm.timeline, { customerId: c.mine, kinds: ['visit'] }, agent)).body.data;
    expect(timeline.map((x) => x.id)).toEqual(expect.arrayContaining([byId.body.data.id, byMobile.body.data.id]));
    expect(timeline.find((x) => x.id === byId.body.data.id)?.content).toBe('回访（满意）：客户满意');

    expect((await add(agent, { mobile: kit.mobile() })).body.msg).toBe('该号码不是本企业客户');
    expect((await add(agent, { mobile: mobiles.other })).body.msg).toBe('该号码的客户不在您的数据范围内');
    expect((await add(agent, { customerId: c.other })).body.msg).toBe('客户不存在或已删除');
    expect((await add(agent, { customerId: c.mine, mobile: mobiles.pool })).body.msg).toBe('手机号与所选客户不一致');
    const noCustomer = await add(agent, {});
    expect(noCustomer.body.code).toBe(10002);
    expect(noCustomer.body.msg).toContain('请选择回访的客户');
    // A customer in the recycle bin is no customer to visit.
    const binned = (await t.call(crm.customerCreate, { name: '回收客户', mobile: kit.mobile() } as never, agent)).body
      .data;
    await t.call(crm.privateRecycle, { ids: [binned.id], reason: '' }, agent);
    const row = await kit.customer(binned.id);
    expect((await add(agent, { mobile: row.mobile })).body.msg).toBe('该号码不是本企业客户');
    expect((await add(agent, { customerId: binned.id })).body.msg).toBe('客户不存在或已删除');
    // Another tenant reaches neither by id nor by number.
    expect((await add(platform, { customerId: c.mine })).body.msg).toBe('客户不存在或已删除');
    expect((await add(platform, { mobile: mobiles.mine })).body.msg).toBe('该号码不是本企业客户');
    const n = await kit.count(sql`select count(*)::int as n from crm_return_visits where content = '回访内容'
      and customer_id in (${c.other}, ${binned.id})`);
    expect(n).toBe(0);
  });

  it('deletes a batch only when every visit is in scope', async () => {
    const mine = (await add(admin, { customerId: c.mine })).body.data.id;
    const other = (await add(admin, { customerId: c.other })).body.data.id;
    expect((await t.call(s.visitDelete, { ids: [mine] }, agent)).body.code).toBe(403);
    const mixed = await t.call(s.visitDelete, { ids: [mine, other] }, manager);
    expect(mixed.body.msg).toBe('有1条回访记录不存在或不在您的数据范围内，未删除任何记录');
    expect((await t.call(s.visitDelete, { ids: [mine] }, platform)).body.msg).toBe(
      '回访记录不存在或不在您的数据范围内',
    );
    const left = () => kit.count(sql`select count(*)::int as n from crm_return_visits where id in (${mine}, ${other})`);
    expect(await left()).toBe(2);
    expect((await t.call(s.visitDelete, { ids: [mine] }, manager)).body.code).toBe(0);
    expect((await t.call(s.visitDelete, { ids: [other] }, admin)).body.code).toBe(0);
    expect(await left()).toBe(0);
  });
});
