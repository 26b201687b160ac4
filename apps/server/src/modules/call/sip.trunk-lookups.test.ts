import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callBinds } from './call.schema.js';
import { callKit } from './call.test-kit.js';
import { sipCallerIdPath, sipInboundPath, sipSecretHeader } from './sip.routes.js';
import { sipKit } from './sip.test-kit.js';

const { call } = routeTables;
const { sip } = loadConfig({});

/**
 * Kamailio's trunk look-ups (decision 0016): the caller ID (外显号码) of a dial request, for the key
 * that made it only; and which agent an inbound call to a seat's number rings.
 */
describe('SIP trunk look-ups', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let sipTest: Awaited<ReturnType<typeof sipKit>>;
  let manager: string;
  let managerKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    sipTest = await sipKit(t);
    manager = await t.loginAs.manager();
    await kit.setRules('manager');
    managerKey = (await t.call(call.lineConfig, { lineId: 2 }, manager)).body.data.key;
  });
  afterAll(() => t.close());

  const get = (url: string, query: Record<string, string>, secret: string | null = sip.sharedSecret) =>
    t.app.inject({ method: 'GET', url, query, headers: secret === null ? {} : { [sipSecretHeader]: secret } });
  const dial = async (telB: string) => {
    const res = await t.call(call.dial, { telB, interfaceId: kit.sipLine.id }, manager);
    expect(res.body.code).toBe(0);
    return res.body.data as { bindId: string; telX: string };
  };

  it('answers the caller ID of a fresh dial request to the key that made it, and to no one else', async () => {
    const { bindId, telX } = await dial('13955550001');
    expect(telX).toMatch(/^\d+$/);
    const ok = await get(sipCallerIdPath, { bind: bindId, from: managerKey });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe(telX);
    expect((await get(sipCallerIdPath, { bind: bindId, from: 'e100001-999' })).statusCode).toBe(404);
    expect((await get(sipCallerIdPath, { bind: `b${'0'.repeat(32)}`, from: managerKey })).statusCode).toBe(404);
    expect((await get(sipCallerIdPath, { bind: 'nonsense', from: managerKey })).statusCode).toBe(400);
    expect((await get(sipCallerIdPath, { bind: bindId, from: managerKey }, null)).statusCode).toBe(403);
    expect((await get(sipCallerIdPath, { bind: bindId, from: managerKey }, 'wrong')).statusCode).toBe(403);
    // An old request no longer lends its caller ID.
    await t.database.db
      .update(callBinds)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(callBinds.bindId, bindId));
    expect((await get(sipCallerIdPath, { bind: bindId, from: managerKey })).statusCode).toBe(404);
  });

  it('rings the agent who last called out from the number; nobody for an unknown number or a lapsed seat', async () => {
    const { telX } = await dial('13955550002');
    const found = await get(sipInboundPath, { number: telX });
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe(managerKey);
    expect((await get(sipInboundPath, { number: '02500000000' })).statusCode).toBe(404);
    expect((await get(sipInboundPath, { number: 'abc' })).statusCode).toBe(400);
    expect((await get(sipInboundPath, { number: telX }, null)).statusCode).toBe(403);
    // Without a valid soft-phone seat he cannot be rung.
    await sipTest.setSeat('manager', { expireAt: new Date(Date.now() - 1000) });
    expect((await get(sipInboundPath, { number: telX })).statusCode).toBe(404);
    await sipTest.setSeat('manager', { expireAt: new Date(Date.now() + 30 * 86_400_000) });
  });

  it('falls back to the agent whose calling settings name the number', async () => {
    await kit.setRules('agent02', { callerNumber: '02566669999' });
    const agentKey = (await t.call(call.lineConfig, { lineId: 2 }, await t.login('agent02', 'Agent@2026'))).body.data
      .key;
    const res = await get(sipInboundPath, { number: '02566669999' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(agentKey);
  });
});
