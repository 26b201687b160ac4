import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmKit } from './crm.test-kit.js';

const { crm } = routeTables;

/** 正在拨打 (addRedisByUser / removeRedisByUser) and getCustomerId through the API. */
describe('crm calling claims', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof crmKit>>;
  let admin: string;
  let manager: string;
  let agent: string;
  let agent4: string;
  let agentId: number;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await crmKit(t);
    [admin, manager, agent, agent4] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent04', 'Agent@2026'),
    ]);
    agentId = await kit.userId('agent01');
  });
  afterAll(() => t.close());

  const ownedCustomer = async () => {
    const res = await t.call(crm.customerCreate, { name: '拨打测试', mobile: kit.mobile() }, agent);
    return res.body.data;
  };

  it('claims, renews its own claim, refuses another caller by name and frees on hang-up', async () => {
    const { id } = await ownedCustomer();
    const first = await t.call(crm.callClaim, { customerId: id }, agent);
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ customerId: id, userId: agentId, userName: '王强' });
    expect(first.body.data.expiresAt).toBeGreaterThan(Date.now());
    expect((await t.call(crm.callClaim, { customerId: id }, agent)).body.code).toBe(0);

    const other = await t.call(crm.callClaim, { customerId: id }, manager);
    expect(other.body.code).not.toBe(0);
    expect(other.body.msg).toBe('王强正在拨打该客户，请稍后再试');
    // Someone else's hang-up does not end the agent's claim.
    expect((await t.call(crm.callRelease, { customerId: id }, manager)).body.data).toEqual({ isReleased: false });
    expect((await t.call(crm.callClaim, { customerId: id }, manager)).body.code).not.toBe(0);

    expect((await t.call(crm.callRelease, { customerId: id }, agent)).body.data).toEqual({ isReleased: true });
    expect((await t.call(crm.callClaim, { customerId: id }, manager)).body.data.userName).not.toBe('王强');
  });

  it('lets one of many parallel callers win the same customer', async () => {
    const { id } = await ownedCustomer();
    const tokens = [agent, manager, admin, agent, manager, admin, agent, manager, admin];
    const results = await Promise.all(tokens.map((tk) => t.call(crm.callClaim, { customerId: id }, tk)));
    const won = results.filter((r) => r.body.code === 0).map((r) => r.body.data.userId);
    expect(won.length).toBeGreaterThan(0);
    // Only the winner's own renewals succeed besides his first claim.
    expect(new Set(won).size).toBe(1);
    const lost = results.filter((r) => r.body.code !== 0);
    expect(lost.length).toBe(tokens.length - won.length);
    for (const r of lost) expect(r.body.msg).toMatch(/正在拨打该客户，请稍后再试$/);
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from customer_call_claims where customer_id = ${id}`),
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('lets another caller take a claim once it expired', async () => {
    const { id } = await ownedCustomer();
    await t.call(crm.callClaim, { customerId: id }, agent);
    await t.database.db.execute(
      sql`update customer_call_claims set expires_at = now() - interval '1 second' where customer_id = ${id}`,
    );
    const taken = await t.call(crm.callClaim, { customerId: id }, manager);
    expect(taken.body.code).toBe(0);
    expect(taken.body.data.userId).not.toBe(agentId);
  });

  it('refuses customers outside the data scope as not found', async () => {
    const { id } = await ownedCustomer();
    const res = await t.call(crm.callClaim, { customerId: id }, agent4);
    expect(res.body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.callRelease, { customerId: id }, agent4)).body.msg).toBe('客户不存在或已删除');
    const bad = await t.call(crm.callClaim, { customerId: 'x' } as never, agent);
    expect(bad.body.code).toBe(10002);
  });

  it('answers the customer of a number only to those who may open him, with who is calling', async () => {
    const created = await t.call(crm.customerCreate, { name: '查号客户', mobile: kit.mobile() }, agent);
    const { id } = created.body.data;
    const mobile = (await kit.customer(id)).mobile;
    expect((await t.call(crm.customerIdByMobile, { mobile }, agent)).body.data).toEqual({
      customerId: id,
      pool: 'private',
      callingBy: null,
    });
    expect((await t.call(crm.customerIdByMobile, { mobile }, agent4)).body.data).toEqual({
      customerId: null,
      pool: null,
      callingBy: null,
    });
    await t.call(crm.callClaim, { customerId: id }, agent);
    expect((await t.call(crm.customerIdByMobile, { mobile }, manager)).body.data.callingBy).toBe('王强');
    expect((await t.call(crm.customerIdByMobile, { mobile: '123' }, agent)).body.msg).toBe('手机号格式不正确');
  });
});
