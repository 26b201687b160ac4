import { shanghaiClock, shanghaiDayStart } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import type { TCarrier, TCarrierBind } from '../telephony/carrier.js';
import { callKit } from './call.test-kit.js';
import { isWithinHours } from './dial.rules.js';
import { createDialService } from './dial.service.js';

describe('dial rules', () => {
  it('compares Asia/Shanghai clock times, the end excluded, windows over midnight wrapping', () => {
    expect(shanghaiClock(new Date('2026-11-23T00:30:00Z'))).toBe('08:30');
    expect(isWithinHours('08:00', '08:00', '21:00')).toBe(true);
    expect(isWithinHours('20:59', '08:00', '21:00')).toBe(true);
    expect(isWithinHours('21:00', '08:00', '21:00')).toBe(false);
    expect(isWithinHours('07:59', '08:00', '21:00')).toBe(false);
    expect(isWithinHours('23:00', '22:00', '06:00')).toBe(true);
    expect(isWithinHours('05:59', '22:00', '06:00')).toBe(true);
    expect(isWithinHours('12:00', '22:00', '06:00')).toBe(false);
  });

  it('counts the day from Asia/Shanghai midnight', () => {
    expect(shanghaiDayStart(new Date('2026-11-23T15:59:00Z')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(shanghaiDayStart(new Date('2026-11-23T16:00:00Z')).toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });
});

/** The dial service with its clock and carrier in the test's hands. */
describe('dial service', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  const placed: TCarrierBind[] = [];
  const carrier: TCarrier = { isAvailable: true, placeCall: (b) => placed.push(b), idle: async () => undefined };
  const serviceAt = (iso: string, c: TCarrier = carrier) =>
    createDialService({
      database: t.database,
      customerGuard: (tx, auth, scope, id) => t.app.services.crm.customer.visible(tx, auth, scope, id),
      // These tests dial without a task item (task-card.routes.test.ts covers those).
      taskItemGuard: async () => {
        throw new Error('no task item is dialled here');
      },
      isMasked: async () => true,
      carrier: c,
      now: () => new Date(iso),
    });
  /** What the binder hands the detached dial route: who asks and his data scope. */
  const contextOf = async (username: string) => {
    const auth = (await t.app.services.auth.authenticate(await t.login(username, 'Agent@2026')))!;
    return { auth, scope: await t.app.services.org.dataScopeOf(auth) };
  };

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
  });
  afterAll(() => t.close());

  it('refuses before 08:00 and from 21:00 under the default rules, dials in between', async () => {
    const ctx = await contextOf('agent01');
    const input = { telB: '13922220001', interfaceId: kit.callbackLine.id };
    // 21:00 and 07:59 in Asia/Shanghai.
    await expect(serviceAt('2026-11-23T13:00:00Z').dial(ctx, input)).rejects.toThrow(
      '当前不在允许的呼叫时段（08:00-21:00）',
    );
    await expect(serviceAt('2026-11-22T23:59:00Z').dial(ctx, input)).rejects.toThrow('当前不在允许的呼叫时段');
    const ok = await serviceAt('2026-11-23T12:59:00Z').dial(ctx, input);
    expect(ok).toMatchObject({ lineMode: 0, status: 1 });
    // The carrier got the order with the agent's own number to ring first, after the commit.
    expect(placed.at(-1)).toMatchObject({
      bindId: ok.bindId,
      telB: '13922220001',
      telA: '13900000003',
      isRecorded: true,
    });
  });

  it('refuses a call-back line when no carrier is configured, and writes nothing', async () => {
    const ctx = await contextOf('agent01');
    const none: TCarrier = { isAvailable: false, placeCall: () => undefined, idle: async () => undefined };
    await expect(
      serviceAt('2026-11-23T04:00:00Z', none).dial(ctx, { telB: '13922220002', interfaceId: kit.callbackLine.id }),
    ).rejects.toThrow('该线路暂未接通运营商');
  });
});
