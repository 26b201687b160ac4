import { routeTables, type TWebhookSave } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { billingKit } from '../billing/billing.test-kit.js';
import { packetProducts } from '../packet/index.js';
import { webhookDeliveries } from './integration.schema.js';
import { webhookJobName } from './webhook.service.js';
import { signedHeaders } from './webhook.sign.js';
import { startReceiver } from './webhook.test-kit.js';

const r = routeTables.integration;

describe('开放平台 › Webhook', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let kit: Awaited<ReturnType<typeof billingKit>>;
  let lineId: number;
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_RETRY_SECONDS: '0', WEBHOOK_POLL_SECONDS: '0' } });
    [admin, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.agent()]);
    kit = await billingKit(t);
    lineId = (await kit.newLine({ unitPrice: 0, incrementSeconds: 60 })).id;
  });
  afterAll(async () => {
    await Promise.all(receivers.map((x) => x.close()));
    await t.close();
  });

  const receiver = async (answers?: number[]) => {
    const made = await startReceiver(answers);
    receivers.push(made);
    return made;
  };
  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });
    return res.body.data;
  };
  const addEndpoint = async (url: string, more: Partial<TWebhookSave> = {}, token = admin) =>
    ok(await t.call(r.webhookSave, { url, events: ['call.finished'], ...more }, token));
  const runJob = async () => {
    await t.app.jobs.send(webhookJobName);
    await t.app.jobs.runDue();
  };
  /** A call of agent01 that the carrier reports finished: its record written, its event in the outbox. */
  const finishCall = async () => {
    const bindId = await kit.bind(lineId, 'agent01');
    expect(await kit.finish(bindId, 30)).toBe('written');
    return bindId;
  };
  const deliveriesOf = async (endpointId: number) =>
    ok(await t.call(r.deliveryPage, { endpointId, page: 1, limit: 50 }, admin)).records;

  it('refuses a receiver the server must not call, and a person without the permission', async () => {
    const refused = async (url: string) =>
      (await t.call(r.webhookSave, { url, events: ['call.finished'] }, admin)).body;
    expect(await refused('http://93.184.216.34/hooks')).toMatchObject({ reason: 'integration.urlNotHttps' });
    expect(await refused('https://10.1.2.3/hooks')).toMatchObject({ reason: 'integration.urlPrivate' });
    expect(await refused('https://169.254.169.254/latest')).toMatchObject({ reason: 'integration.urlPrivate' });
    expect(await refused('https://[::ffff:192.168.1.1]/x')).toMatchObject({ reason: 'integration.urlPrivate' });
    expect(await refused('ftp://example.com/x')).toMatchObject({ code: 10002 });
    expect((await t.call(r.webhookList, {}, agent)).body.code).toBe(403);
    expect(ok(await t.call(r.webhookList, {}, admin))).toEqual([]);
  });

  it('shows the signing secret on demand and rotates it', async () => {
    const rx = await receiver();
    const endpoint = await addEndpoint(rx.url, { description: '签名' });
    const { secret } = ok(await t.call(r.webhookSecret, { id: endpoint.id }, admin));
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const rotated = ok(await t.call(r.webhookRotate, { id: endpoint.id }, admin)).secret;
    expect(rotated).not.toBe(secret);
    expect(ok(await t.call(r.webhookSecret, { id: endpoint.id }, admin)).secret).toBe(rotated);
    ok(await t.call(r.webhookDelete, { id: endpoint.id }, admin));
  });

  it('delivers 通话结束 through the job queue, signed as Standard Webhooks says, and logs it', async () => {
    const rx = await receiver();
    const endpoint = await addEndpoint(rx.url);
    const bindId = await finishCall();
    // Written with the record, sent only by the job: the call's request never waited on the receiver.
    expect(rx.received).toHaveLength(0);
    await runJob();
    expect(rx.received).toHaveLength(1);
    const [got] = rx.received;
    const { secret } = ok(await t.call(r.webhookSecret, { id: endpoint.id }, admin));
    const payload = new Webhook(secret).verify(got!.body, got!.headers) as {
      type: string;
      data: { bindId: string; duration: number };
    };
    expect(payload.type).toBe('call.finished');
    expect(payload.data).toMatchObject({ bindId, duration: 30 });
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // A changed body, and the same body signed ten minutes ago, are both refused by the verifier.
    expect(() =>
      new Webhook(secret).verify(got!.body.replace('"duration":30', '"duration":31'), got!.headers),
    ).toThrow();
    const old = signedHeaders(secret, {
      id: got!.headers['webhook-id']!,
      timestamp: new Date(Date.now() - 10 * 60_000),
      body: got!.body,
    });
    expect(() => new Webhook(secret).verify(got!.body, old)).toThrow(/timestamp/i);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 1, lastStatus: 200, eventType: 'call.finished' });
    expect(delivery!.messageId).toBe(got!.headers['webhook-id']);
    const attempts = ok(await t.call(r.deliveryAttempts, { id: delivery!.id }, admin));
    expect(attempts).toMatchObject([{ attempt: 1, status: 200, error: '', nextRetryAt: null }]);
    ok(await t.call(r.webhookDelete, { id: endpoint.id }, admin));
  });

  it('retries a failing receiver with back-off until it answers, each attempt in the log', async () => {
    const rx = await receiver([500, 503, 200]);
    const endpoint = await addEndpoint(rx.url);
    await finishCall();
    await runJob();
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 3, lastStatus: 200 });
    const attempts = ok(await t.call(r.deliveryAttempts, { id: delivery!.id }, admin));
    expect(attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(attempts[0]!.error).toContain('HTTP 500');
    expect(attempts[0]!.nextRetryAt).not.toBeNull();
    expect(attempts[2]!.nextRetryAt).toBeNull();
    ok(await t.call(r.webhookDelete, { id: endpoint.id }, admin));
  });

  it('gives up after five attempts; 重新发送 under a double click sends once more', async () => {
    const rx = await receiver([500]);
    const endpoint = await addEndpoint(rx.url);
    await finishCall();
    await runJob();
    expect(rx.received).toHaveLength(5);
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 5, lastStatus: 500, nextAttemptAt: null });
    expect(
      ok(await t.call(r.deliveryPage, { endpointId: endpoint.id, state: 'failed', page: 1, limit: 10 }, admin)).total,
    ).toBe(1);
    expect(
      ok(await t.call(r.deliveryPage, { endpointId: endpoint.id, state: 'succeeded', page: 1, limit: 10 }, admin))
        .total,
    ).toBe(0);
    rx.answer([200]);
    const clicks = await Promise.all([1, 2, 3].map(() => t.call(r.deliveryResend, { id: failed!.id }, admin)));
    for (const c of clicks) expect(c.body.data).toMatchObject({ state: 'pending' });
    await runJob();
    await runJob();
    expect(rx.received).toHaveLength(6);
    expect(rx.received[5]!.headers['webhook-id']).toBe(failed!.messageId);
    const [sent] = await deliveriesOf(endpoint.id);
    expect(sent).toMatchObject({ state: 'succeeded', attempts: 6, lastStatus: 200 });
    ok(await t.call(r.webhookDelete, { id: endpoint.id }, admin));
  });

  it('测试 sends a signed ping now and answers how it went', async () => {
    const rx = await receiver([200]);
    const endpoint = await addEndpoint(rx.url);
    const ping = ok(await t.call(r.webhookTest, { id: endpoint.id }, admin));
    expect(ping).toMatchObject({ eventType: 'ping', state: 'succeeded', lastStatus: 200, attempts: 1 });
    const { secret } = ok(await t.call(r.webhookSecret, { id: endpoint.id }, admin));
    expect(new Webhook(secret).verify(rx.received[0]!.body, rx.received[0]!.headers)).toMatchObject({ type: 'ping' });
    rx.answer([500]);
    expect(ok(await t.call(r.webhookTest, { id: endpoint.id }, admin))).toMatchObject({
      state: 'failed',
      lastStatus: 500,
    });
    // A ping is never sent again by the job.
    await runJob();
    expect(rx.received).toHaveLength(2);
    ok(await t.call(r.webhookDelete, { id: endpoint.id }, admin));
  });

  it('sends nothing to a disabled endpoint or one that did not choose the event', async () => {
    const rx = await receiver();
    const off = await addEndpoint(rx.url, { isEnabled: false });
    const other = await addEndpoint(rx.url, { events: ['order.paid'] });
    await finishCall();
    await runJob();
    expect(rx.received).toHaveLength(0);
    expect(await deliveriesOf(off.id)).toEqual([]);
    expect(await deliveriesOf(other.id)).toEqual([]);
    ok(await t.call(r.webhookDelete, { id: off.id }, admin));
    ok(await t.call(r.webhookDelete, { id: other.id }, admin));
  });

  it('sends 录音就绪 with 通话结束 when the carrier hands the recording with its callback', async () => {
    const rx = await receiver();
    const endpoint = await addEndpoint(rx.url, { events: ['call.finished', 'recording.ready'] });
    const bindId = await kit.bind(lineId, 'agent01');
    const key = t.app.call.store.keyOf(kit.tenantId, `hook-${bindId}`);
    await t.app.call.store.write(key, Buffer.from('RIFF----WAVEfmt '));
    const end = Date.now();
    await t.app.call.callbacks.ingestCarrier({
      callId: `cb-${bindId}`,
      bindId,
      outcome: 'connected',
      telA: '13800000002',
      telB: '13900000000',
      telX: '02566660001',
      startTime: end - 20_000,
      answerTime: end - 15_000,
      endTime: end,
      finishStatus: 2,
      recordingKey: key,
    } as Parameters<typeof t.app.call.callbacks.ingestCarrier>[0]);
    await runJob();
    const { secret } = ok(await t.call(r.webhookSecret, { id: endpoint.id }, admin));
    const events = rx.received.map(
      (x) => new Webhook(secret).verify(x.body, x.headers) as { type: string; data: Record<string, unknown> },
    );
    const byType = new Map(events.map((e) => [e.type, e.data]));
    expect([...byType.keys()].sort()).toEqual(['call.finished', 'recording.ready']);
    expect(byType.get('call.finished')).toMatchObject({ bindId, hasRecording: true });
    expect(byType.get('recording.ready')).toMatchObject({
      bindId,
      callRecordId: byType.get('call.finished')!.callRecordId,
    });
    ok(await t.call(r.webhookDelete, { id: endpoint.id }, admin));
  });

  it('sends 客户新增, 客户修改, 跟进新增 and 订单支付, each written with its change', async () => {
    const rx = await receiver();
    const endpoint = await addEndpoint(rx.url, {
      events: ['customer.created', 'customer.updated', 'followup.created', 'order.paid'],
    });
    const customer = ok(
      await t.call(routeTables.crm.customerCreate, { name: '推送测试客户', mobile: '13811112222' }, admin),
    );
    ok(await t.call(routeTables.crm.customerUpdate, { id: customer.id, company: '推送测试公司' }, admin));
    // An edit that changes nothing is no event.
    ok(await t.call(routeTables.crm.customerUpdate, { id: customer.id, company: '推送测试公司' }, admin));
    ok(await t.call(routeTables.crm.followAdd, { customerId: customer.id, content: '约了下周演示' }, admin));
    // A refused change writes no event: a second customer with the same mobile.
    expect(
      (await t.call(routeTables.crm.customerCreate, { name: '重复', mobile: '13811112222' }, admin)).body.code,
    ).not.toBe(0);
    const [product] = await t.database.db.select().from(packetProducts).where(eq(packetProducts.isEnabled, true));
    const order = ok(await t.call(routeTables.trade.buy, { items: [{ productId: product!.id, quantity: 1 }] }, admin));
    const qr = ok(await t.call(routeTables.trade.generateQrCode, { orderNo: order.orderNo }, admin));
    await t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } });
    await runJob();
    const { secret } = ok(await t.call(r.webhookSecret, { id: endpoint.id }, admin));
    const events = rx.received.map(
      (x) => new Webhook(secret).verify(x.body, x.headers) as { type: string; data: Record<string, unknown> },
    );
    // One batch is sent in parallel: the receiver may take them in any order.
    const byType = new Map(events.map((e) => [e.type, e.data]));
    expect(events.map((e) => e.type).sort()).toEqual([
      'customer.created',
      'customer.updated',
      'followup.created',
      'order.paid',
    ]);
    expect(byType.get('customer.created')).toMatchObject({
      customerId: customer.id,
      name: '推送测试客户',
      mobile: '13811112222',
    });
    expect(byType.get('customer.updated')).toMatchObject({
      customerId: customer.id,
      changes: [expect.objectContaining({ to: '推送测试公司' })],
    });
    expect(byType.get('followup.created')).toMatchObject({ customerId: customer.id, content: '约了下周演示' });
    expect(byType.get('order.paid')).toMatchObject({
      orderNo: order.orderNo,
      amount: order.amount,
      channel: 'sandbox',
    });
    ok(await t.call(r.webhookDelete, { id: endpoint.id }, admin));
  });

  it("keeps one enterprise's endpoints, deliveries and secrets from another", async () => {
    const rx = await receiver();
    const mine = await addEndpoint(rx.url);
    await finishCall();
    await runJob();
    const [delivery] = await deliveriesOf(mine.id);
    const other = await otherEnterprise(t, { code: 'E9WH01', username: 'whboss', mobile: '13700009901' });
    expect(ok(await t.call(r.webhookList, {}, other.token))).toEqual([]);
    for (const res of [
      await t.call(r.webhookSecret, { id: mine.id }, other.token),
      await t.call(r.webhookRotate, { id: mine.id }, other.token),
      await t.call(r.webhookTest, { id: mine.id }, other.token),
      await t.call(r.webhookDelete, { id: mine.id }, other.token),
      await t.call(r.deliveryPage, { endpointId: mine.id, page: 1, limit: 10 }, other.token),
    ]) {
      expect(res.body).toMatchObject({ reason: 'integration.endpointMissing' });
    }
    for (const res of [
      await t.call(r.deliveryAttempts, { id: delivery!.id }, other.token),
      await t.call(r.deliveryResend, { id: delivery!.id }, other.token),
    ]) {
      expect(res.body).toMatchObject({ reason: 'integration.deliveryMissing' });
    }
    // The other enterprise's call reaches only its own endpoints (none): nothing for ours.
    const otherLine = await kit.newLine({ unitPrice: 0, incrementSeconds: 60 });
    const theirBind = await kit.bind(otherLine.id, 'whboss', other.tenantId);
    await kit.finish(theirBind, 10);
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, mine.id));
    expect(rows).toHaveLength(1);
    ok(await t.call(r.webhookDelete, { id: mine.id }, admin));
  });
});
