import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { carrierCallbackPath, carrierSignatureHeader, signCarrierBody } from '../telephony/carrier.js';
import { callErrors } from './call.errors.js';
import { callBinds } from './call.schema.js';
import { callKit } from './call.test-kit.js';
import { carrierProgressPath } from './callback-progress.js';

const { call } = routeTables;
const { carrier } = loadConfig({});

/**
 * A call-back call shows where it stands while it happens (呼叫中 → 振铃 → 通话中 →
 * 已结束) from the carrier's signed progress events, and a second dial while his call is active
 * is refused (spec section 4 Dial flow, step 1).
 */
describe('call-back progress and the second dial', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let agent01: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    [agent01, manager] = await Promise.all([t.loginAs.agent(), t.loginAs.manager()]);
    await kit.setRules('agent01');
    await kit.setRules('manager');
  });
  afterAll(() => t.close());

  // Each test starts with nobody on a call: the calls the simulator held back are ended by hand.
  beforeEach(async () => {
    t.app.call.simulator.cancelCalls();
    await t.database.db.update(callBinds).set({ state: 'failed' }).where(eq(callBinds.tenantId, kit.tenantId));
  });

  const signed = (path: string, payload: object, signature?: string | null) => {
    const body = JSON.stringify(payload);
    const sig = signature === undefined ? signCarrierBody(carrier.callbackSecret!, body) : signature;
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...(sig === null ? {} : { [carrierSignatureHeader]: sig }) },
      payload: body,
    });
  };
  const progress = (bindId: string, event: 'ringing' | 'answered', signature?: string | null) =>
    signed(carrierProgressPath, { callId: `test-${bindId}`, bindId, event, at: Date.now() }, signature);
  const finish = (bindId: string) =>
    signed(carrierCallbackPath, {
      callId: `test-${bindId}`,
      bindId,
      outcome: 'connected',
      telA: '13900000003',
      telB: '13912340000',
      telX: '02566660001',
      startTime: Date.now() - 30_000,
      answerTime: Date.now() - 20_000,
      endTime: Date.now(),
      finishStatus: 2,
      recordingKey: null,
    });
  const stateOf = async (bindId: string, token = agent01) => (await t.call(call.dialState, { bindId }, token)).body;
  const dialCallback = (telB: string, token = agent01) =>
    t.call(call.dial, { telB, interfaceId: kit.callbackLine.id }, token);

  it('shows 呼叫中, 振铃, 通话中 and 已结束 as the carrier reports them', async () => {
    t.app.call.simulator.configure({ timeScale: 1000 });
    const { bindId } = (await dialCallback('13912340001')).body.data;
    expect((await stateOf(bindId)).data).toMatchObject({ progress: 'calling', isOver: false });
    expect((await progress(bindId, 'ringing')).statusCode).toBe(200);
    expect((await stateOf(bindId)).data).toMatchObject({ progress: 'ringing', isOver: false });
    expect((await progress(bindId, 'answered')).statusCode).toBe(200);
    expect((await stateOf(bindId)).data).toMatchObject({ progress: 'talking', state: 'talking', isOver: false });
    expect((await finish(bindId)).statusCode).toBe(200);
    expect((await stateOf(bindId)).data).toMatchObject({ progress: 'ended', isOver: true, callStatus: 1 });
    // A late or repeated event moves nothing back.
    const late = await progress(bindId, 'ringing');
    expect(late.json()).toMatchObject({ code: 0, msg: 'ignored' });
    expect((await stateOf(bindId)).data.progress).toBe('ended');
  });

  it('refuses an unsigned or forged event, a malformed one and an unknown bind, changing nothing', async () => {
    t.app.call.simulator.configure({ timeScale: 1000 });
    const { bindId } = (await dialCallback('13912340002')).body.data;
    expect((await progress(bindId, 'answered', null)).statusCode).toBe(403);
    expect((await progress(bindId, 'answered', '0'.repeat(64))).statusCode).toBe(403);
    expect((await signed(carrierProgressPath, { bindId, event: 'hung' })).statusCode).toBe(400);
    expect((await progress(`b${'0'.repeat(32)}`, 'ringing')).statusCode).toBe(404);
    expect((await stateOf(bindId)).data.progress).toBe('calling');
    // Nobody else reads where his call stands.
    expect((await stateOf(bindId, manager)).msg).toBe(callErrors.noSuchDial().message);
  });

  it('plays the simulator through every state to the record', async () => {
    t.app.call.simulator.configure({ timeScale: 0.02, seed: 3, outcome: 'connected' });
    const { bindId } = (await dialCallback('13912340003')).body.data;
    const seen: string[] = [];
    for (let i = 0; i < 400 && seen.at(-1) !== 'ended'; i++) {
      const p = (await stateOf(bindId)).data.progress;
      if (seen.at(-1) !== p) seen.push(p);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen.at(-1)).toBe('ended');
    // In order, none skipped backwards (a fast phase may pass between two polls).
    const order = ['calling', 'ringing', 'talking', 'ended'];
    expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort());
    expect(seen).toContain('talking');
    await t.app.call.simulator.idle();
  });

  it('accepts one of many parallel dials of one person, refusing the others with a clear message', async () => {
    t.app.call.simulator.configure({ timeScale: 1000 });
    const before = (await t.database.db.select().from(callBinds).where(eq(callBinds.tenantId, kit.tenantId))).length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => dialCallback(`1391235${String(i).padStart(4, '0')}`)),
    );
    const ok = answers.filter((a) => a.body.code === 0);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.code !== 0)) {
      expect(refused.body.msg).toBe(callErrors.callInProgress().message);
    }
    const after = (await t.database.db.select().from(callBinds).where(eq(callBinds.tenantId, kit.tenantId))).length;
    expect(after - before).toBe(1);
    // A colleague is not held up by his call.
    expect((await t.call(call.dial, { telB: '13912359999', interfaceId: kit.sipLine.id }, manager)).body.code).toBe(0);
  });

  it('refuses a second dial while the call is talking, and accepts one once it ended', async () => {
    t.app.call.simulator.configure({ timeScale: 1000 });
    const { bindId } = (await dialCallback('13912340004')).body.data;
    await progress(bindId, 'answered');
    expect((await dialCallback('13912340005')).body.msg).toBe(callErrors.callInProgress().message);
    await finish(bindId);
    expect((await dialCallback('13912340005')).body.code).toBe(0);
  });
});
