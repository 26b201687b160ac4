import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';

const { crm } = routeTables;

/** 客户详情's 上一个 / 下一个 (privateOtherPageV2 for 我的客户, commonOtherPage for 客户公海). */
describe('customers beside the open one', () => {
  let t: TTestApp;
  let agent: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp();
    [agent, manager] = await Promise.all([t.loginAs.agent(), t.loginAs.manager()]);
  });
  afterAll(() => t.close());

  const firstThree = async (route: typeof crm.customerPage | typeof crm.poolPage, token: string) =>
    (await t.call(route, { page: 1, limit: 3, sortField: 'name', sortOrder: 'ascend' }, token)).body.data.records.map(
      (r) => r.id,
    );

  it('answers the customers before and after him in 我的客户, in the list’s order', async () => {
    const [a, b, c] = await firstThree(crm.customerPage, agent);
    const sort = { sortField: 'name', sortOrder: 'ascend' } as const;
    expect((await t.call(crm.privateNeighbours, { id: b!, ...sort }, agent)).body.data).toEqual({
      previousId: a,
      nextId: c,
    });
    expect((await t.call(crm.privateNeighbours, { id: a!, ...sort }, agent)).body.data.previousId).toBeNull();
  });

  it('walks the whole list as its pages order it, whatever the sort, empty values and ties included', async () => {
    const sorts = [
      { sortField: 'createdAt', sortOrder: 'descend' },
      { sortField: 'intentionLevel', sortOrder: 'ascend' },
      { sortField: 'lastCallAt', sortOrder: 'descend' },
      { sortField: 'lastCallAt', sortOrder: 'ascend' },
      { sortField: 'nextFollowAt', sortOrder: 'descend' },
    ] as const;
    for (const sort of sorts) {
      const page = (await t.call(crm.customerPage, { page: 1, limit: 60, ...sort }, manager)).body.data;
      const listed = page.records.map((r) => r.id);
      expect(listed.length).toBeGreaterThan(3);
      for (const [i, id] of listed.entries()) {
        const { data } = (await t.call(crm.privateNeighbours, { id, ...sort }, manager)).body;
        const isLastOnPage = i === listed.length - 1 && page.total > listed.length;
        expect(data, `${sort.sortField} ${sort.sortOrder} #${i}`).toEqual({
          previousId: listed[i - 1] ?? null,
          nextId: isLastOnPage ? expect.any(Number) : (listed[i + 1] ?? null),
        });
      }
    }
  });

  it('answers the same for 客户公海, and nulls once he no longer matches the filter', async () => {
    const [a, b, c] = await firstThree(crm.poolPage, manager);
    const sort = { sortField: 'name', sortOrder: 'ascend' } as const;
    expect((await t.call(crm.poolNeighbours, { id: b!, ...sort }, manager)).body.data).toEqual({
      previousId: a,
      nextId: c,
    });
    const filtered = await t.call(crm.poolNeighbours, { id: b!, ...sort, keyword: '没有这样的客户' }, manager);
    expect(filtered.body.data).toEqual({ previousId: null, nextId: null });
  });

  it('refuses a customer of the other pool, of another enterprise, and those without the permission', async () => {
    const [own] = await firstThree(crm.customerPage, agent);
    const [pooled] = await firstThree(crm.poolPage, manager);
    expect((await t.call(crm.poolNeighbours, { id: own! }, manager)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.privateNeighbours, { id: pooled! }, manager)).body.msg).toBe('客户不存在或已删除');
    const platform = await t.loginAs.platform();
    expect((await t.call(crm.privateNeighbours, { id: own! }, platform)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.poolNeighbours, { id: pooled! }, platform)).body.msg).toBe('客户不存在或已删除');
    const reseller = await t.login('reseller', 'Reseller@2026');
    expect((await t.call(crm.privateNeighbours, { id: own! }, reseller)).body.code).toBe(403);
    expect((await t.call(crm.poolNeighbours, { id: pooled! }, reseller)).body.code).toBe(403);
  });

  it('refuses malformed input with a Chinese message', async () => {
    const bad = await t.call(crm.privateNeighbours, { id: 'x' } as never, agent);
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toMatch(/客户编号/);
    const sort = await t.call(crm.poolNeighbours, { id: 1, sortField: 'mobile' } as never, manager);
    expect(sort.body.msg).toContain('排序字段不正确');
  });
});
