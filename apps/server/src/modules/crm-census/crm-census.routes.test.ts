import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmKit } from '../crm/crm.test-kit.js';

const { crm } = routeTables;

/** 客户操作记录 and the customer statistics through the API, each inside the caller's data scope. */
describe('crm census', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let agent: string;
  let agent4: string;

  beforeAll(async () => {
    t = await startTestApp();
    const kit = await crmKit(t);
    [admin, manager, agent, agent4] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent04', 'Agent@2026'),
    ]);
    // One customer created today, so the owner log holds a creation whatever the seed wrote.
    await t.call(crm.customerCreate, { name: '统计客户', mobile: kit.mobile() } as never, manager);
  });
  afterAll(() => t.close());

  it('reports the owner log and the census inside the scope', async () => {
    const logs = await t.call(crm.ownerLogPage, { action: 'create', limit: 100 }, manager);
    expect(logs.body.data.total).toBeGreaterThan(0);
    expect(logs.body.data.records.every((r) => r.action === 'create')).toBe(true);
    expect(logs.body.data.records[0]).toHaveProperty('customerName');
    const mine = await t.call(crm.ownerLogPage, { limit: 100 }, agent4);
    expect(mine.body.code).not.toBe(0); // agents hold no log permission

    const to = Date.now();
    const from = to - 6 * 86_400_000;
    const census = (await t.call(crm.census, { from, to }, admin)).body.data;
    expect(census.byLevel.reduce((s, r) => s + r.count, 0)).toBe(census.total);
    expect(census.newPerDay).toHaveLength(7);
    expect(census.followsPerDay.reduce((s, r) => s + r.count, 0)).toBeGreaterThan(0);
    const agentCensus = (await t.call(crm.census, { from, to }, agent)).body.data;
    expect(agentCensus.byOwner.map((r) => r.label)).toEqual(['王强']);
    expect(agentCensus.total).toBeLessThan(census.total);
  });
});
