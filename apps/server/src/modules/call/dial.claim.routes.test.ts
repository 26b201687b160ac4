import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmKit } from '../crm/crm.test-kit.js';
import { seats } from '../seat/seat.schema.js';
import { callBinds } from './call.schema.js';
import { callKit } from './call.test-kit.js';
import { sipCallEventPath } from './callback.routes.js';

const { call, crm } = routeTables;
const { sip } = loadConfig({});
const busy = /^(.+)正在拨打该客户，请稍后再试$/;

/** A dial to a customer takes his 正在拨打 claim: one agent at a time calls him. */
describe('dialling a customer claims him', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let customers: Awaited<ReturnType<typeof crmKit>>;
  let admin: string;
  // Seven people with a soft-phone seat: the demo's (manager, agent02, 04, 06) and three given one here.
  let dialers: string[];

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    customers = await crmKit(t);
    const now = Date.now();
    for (const u of ['agent01', 'agent03', 'agent05']) {
      await t.database.db.insert(seats).values({
        tenantId: kit.tenantId,
        userId: await kit.userId(u),
        lineId: kit.sipLine.id,
        startAt: new Date(now - 86_400_000),
        expireAt: new Date(now + 86_400_000),
      });
    }
    const names = ['manager', 'agent01', 'agent02', 'agent03', 'agent04', 'agent05', 'agent06'];
    admin = await t.loginAs.admin();
    dialers = await Promise.all(names.map((u) => t.login(u, u === 'manager' ? 'Manager@2026' : 'Agent@2026')));
    for (const u of names) await kit.setRules(u);
  });
  afterAll(() => t.close());

  /** A public-pool customer: every dialler may see him. */
  const poolCustomer = async () => {
    const res = await t.call(crm.poolCreate, { name: '抢拨客户', mobile: customers.mobile() }, admin);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const dial = (token: string, c: { id: number; mobile: string }) =>
    t.call(call.dial, { telB: c.mobile, interfaceId: kit.sipLine.id, octCustomerId: c.id }, token);
  const bindsOf = (customerId: number) =>
    t.database.db.select().from(callBinds).where(eq(callBinds.customerId, customerId));
  const endCall = (bindId: string, event: 'failed' | 'ended') =>
    t.app.inject({
      method: 'POST',
      url: sipCallEventPath,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(sip.sharedSecret ? { 'x-sip-secret': sip.sharedSecret } : {}),
      },
      payload: new URLSearchParams({ event, callId: `claim-${bindId}`, bindId, code: '486' }).toString(),
    });

  it('lets exactly one of parallel dials to one customer through; the others are told who calls him', async () => {
    const customer = await poolCustomer();
    const results = await Promise.all(dialers.map((tk) => dial(tk, customer)));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    const refused = results.filter((r) => r.body.code !== 0).map((r) => r.body.msg);
    expect(refused).toHaveLength(dialers.length - 1);
    const names = refused.map((m) => busy.exec(m)?.[1]);
    expect(names.every((n) => n !== undefined)).toBe(true);
    expect(new Set(names).size).toBe(1);
    expect(await bindsOf(customer.id)).toHaveLength(1);
  });

  it('frees the customer when the call ends: its record written, another agent may dial him', async () => {
    const customer = await poolCustomer();
    const [first, second] = dialers as [string, string];
    const bindId = (await dial(first, customer)).body.data.bindId;
    expect((await dial(second, customer)).body.msg).toMatch(busy);
    expect((await endCall(bindId, 'failed')).statusCode).toBe(200);
    expect((await dial(second, customer)).body.code).toBe(0);
  });

  it('frees the customer when the page withdraws a soft-phone request it never placed', async () => {
    const customer = await poolCustomer();
    const [, , third, fourth] = dialers as [string, string, string, string];
    const bindId = (await dial(third, customer)).body.data.bindId;
    expect((await dial(fourth, customer)).body.msg).toMatch(busy);
    expect((await t.call(call.dialCancel, { bindId }, third)).body.code).toBe(0);
    expect((await dial(fourth, customer)).body.code).toBe(0);
  });

  it('leaves no claim behind a refused dial', async () => {
    const customer = await poolCustomer();
    const [first, second] = dialers as [string, string];
    await kit.setRules('manager', { perNumberDailyLimit: 1 });
    await t.call(call.dial, { telB: customer.mobile, interfaceId: kit.sipLine.id }, first);
    expect((await dial(first, customer)).body.code).not.toBe(0);
    expect((await dial(second, customer)).body.code).toBe(0);
    await kit.setRules('manager');
  });
});
