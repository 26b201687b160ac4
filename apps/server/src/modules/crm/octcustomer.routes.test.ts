import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { crmKit } from './crm.test-kit.js';

const { crm } = routeTables;

/** octcustomer/get-info: the card of the customer a call is for, under 客户详情's refusals. */
describe('octcustomer/get-info', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof crmKit>>;
  let admin: string;
  let agent: string;
  let agent4: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await crmKit(t);
    [admin, agent, agent4] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.agent(),
      t.login('agent04', 'Agent@2026'),
    ]);
  });
  afterAll(() => t.close());

  it('answers the card as 客户详情 shows it: masked mobile, owner, level, follow-ups, tags', async () => {
    const m = kit.mobile();
    const next = Date.now() + 86_400_000;
    const created = await t.call(
      crm.customerCreate,
      { name: '通话卡片', mobile: m, company: '卡片科技有限公司', intentionLevel: 'B', nextFollowAt: next } as never,
      agent,
    );
    expect(created.body.msg).toBe('success');
    const { id } = created.body.data;
    const card = await t.call(crm.octCustomerInfo, { id }, agent);
    expect(card.body.msg).toBe('success');
    const detail = (await t.call(crm.customerDetail, { id }, agent)).body.data;
    expect(card.body.data).toEqual({
      id,
      name: '通话卡片',
      mobile: `${m.slice(0, 3)}****${m.slice(7)}`,
      isMobileMasked: true,
      company: '卡片科技有限公司',
      intentionLevel: 'B',
      phoneLabel: detail.phoneLabel,
      tags: detail.tags,
      ownerId: detail.ownerId,
      ownerName: '王强',
      deptName: detail.deptName,
      lastFollowAt: detail.lastFollowAt,
      lastFollowContent: detail.lastFollowContent,
      nextFollowAt: detail.nextFollowAt,
      pool: 'private',
    });
    // The administrator holds the whole-number permission, as in 客户详情.
    const whole = (await t.call(crm.octCustomerInfo, { id }, admin)).body.data;
    expect(whole.mobile).toBe((await t.call(crm.customerDetail, { id }, admin)).body.data.mobile);
  });

  it('answers a public-pool customer too, marked as such', async () => {
    const [id] = await kit.poolIds(1);
    const card = await t.call(crm.octCustomerInfo, { id: id! }, agent);
    expect(card.body.data).toMatchObject({ id, pool: 'public', ownerId: null });
  });

  it('refuses what 客户详情 refuses: another agent’s customer, another tenant’s, a deleted one, bad input', async () => {
    const { id } = (await t.call(crm.customerCreate, { name: '别人的客户', mobile: kit.mobile() }, agent)).body.data;
    expect((await t.call(crm.customerDetail, { id }, agent4)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.octCustomerInfo, { id }, agent4)).body).toMatchObject({
      code: 10056,
      msg: '客户不存在或已删除',
    });
    const stranger = await otherEnterprise(t, { code: 'E9OCT01', username: 'octboss', mobile: '19900000981' });
    expect((await t.call(crm.octCustomerInfo, { id }, stranger.token)).body.msg).toBe('客户不存在或已删除');
    await kit.setCustomer(id, { deletedAt: new Date() });
    expect((await t.call(crm.octCustomerInfo, { id }, agent)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.octCustomerInfo, { id: 'x' } as never, agent)).body.code).toBe(10002);
  });

  it('needs the customer list permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${crm.octCustomerInfo.path}?id=1` });
    expect(res.json().code).toBe(401);
  });
});
