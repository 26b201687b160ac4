import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { registerEnvelope } from '../../http/envelope.js';
import { createJobQueue, type TJobDef, type TJobQueue } from '../../jobs/index.js';
import { secondServerDatabase } from '../../jobs/job-queue.test-kit.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callBinds, sipCalls } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { sipAccounts } from '../call/sip.schema.js';
import { eventually } from '../org/org.test-kit.js';
import { freeNgPort } from '../telephony/sip.gateway.test-kit.js';
import { rtpengineMissing, startRtpengine, type TRtpengine } from '../telephony/sip.kamailio-rtpengine.js';
import { sipRegistrationPath } from '../wallboard/wallboard.routes.js';
import { createMetrics } from './metrics.registry.js';
import { registerMetrics } from './metrics.routes.js';
import { parseExposition, sampleOf } from './metrics.test-kit.js';

const token = 'metrics-test-token-0123456789';
const bearer = { authorization: `Bearer ${token}` };
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
const gatewayMissing = rtpengineMissing();
if (gatewayMissing && isRequired) throw new Error(gatewayMissing);

/** Jobs of one-second leases, which the tests below kill in a run. */
const finished: string[] = [];
const leasedJob = (name: string, retries: number): TJobDef => ({
  name,
  expireSeconds: 1,
  retry: { limit: retries, delaySeconds: 0 },
  run: async () => {
    finished.push(name);
  },
});
const retried = leasedJob('test.metrics-killed', 1);
const lastTry = leasedJob('test.metrics-killed-last', 0);
const waitingJob: TJobDef = { name: 'test.metrics-waiting', run: async () => undefined };

describe('/metrics', () => {
  let t: TTestApp;
  let gateway: TRtpengine | null = null;
  let gatewayDir = '';
  beforeAll(async () => {
    const ngPort = await freeNgPort();
    if (!gatewayMissing) {
      gatewayDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-metrics-gw-'));
      gateway = await startRtpengine({ dir: gatewayDir, ngPort, portMin: 46000, portMax: 46099 });
    }
    t = await startTestApp({ env: { METRICS_TOKEN: token, MEDIA_NG_PORT: String(ngPort) } });
    // Defined before the queue's first use, which creates their queues.
    for (const def of [retried, lastTry, waitingJob]) t.app.jobs.define(def);
  });
  afterAll(async () => {
    await t.close();
    await gateway?.stop();
    if (gatewayDir) fs.rmSync(gatewayDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    return parseExposition(res.body);
  };

  it('refuses a scrape without the token or with another one (401 and its envelope)', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: token }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ code: 401, reason: 'metrics.tokenRefused', data: null });
      expect(res.body).not.toContain('yunhu_');
    }
  });

  it('answers parseable text with the process metrics and every source answering', async () => {
    const samples = await scrape();
    expect(sampleOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const source of ['jobs', 'board', 'recordings', 'imports']) {
      expect(sampleOf(samples, 'yunhu_metrics_source_up', { source }), source).toBe(1);
    }
    expect(sampleOf(samples, 'yunhu_sip_registrations_online')).toBe(0);
    expect(sampleOf(samples, 'yunhu_calls_live', { kind: 'dial', state: 'talking' })).toBe(0);
    expect(sampleOf(samples, 'yunhu_recordings_pending')).toBe(0);
    expect(sampleOf(samples, 'yunhu_recordings_failed_last_hour')).toBe(0);
    // The pool is the PostgreSQL server's; PGlite has none to report.
    const max = sampleOf(samples, 'yunhu_db_pool_connections', { state: 'max' });
    if (t.database.kind === 'postgres') {
      expect(max).toBe(10);
      expect(sampleOf(samples, 'yunhu_db_pool_waiting')).toBe(0);
    } else expect(max).toBeUndefined();
  });

  it('times a request under its route pattern, never its URL, with its status and envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/base/sys/oss/file/no-such-file-4711.png' });
    expect(res.headers['x-request-id']).toBeTruthy();
    await t.app.inject({ method: 'POST', url: '/base/no/such/route', payload: {} });
    const samples = await scrape();
    const route = '/base/sys/oss/file/:name';
    expect(sampleOf(samples, 'yunhu_http_request_duration_seconds_count', { method: 'GET', route })).toBe(1);
    expect(sampleOf(samples, 'yunhu_http_request_duration_seconds_bucket', { route, le: '+Inf' })).toBe(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('4711')))).toBe(false);
    expect(sampleOf(samples, 'yunhu_http_responses_total', { route, status: '200' })).toBe(1);
    // An unknown address counts as one route, whatever its URL.
    expect(
      sampleOf(samples, 'yunhu_http_responses_total', { route: 'unmatched', envelope: 'notFound', status: '200' }),
    ).toBe(1);
  });

  it('counts a request without a session by its envelope kind', async () => {
    const res = await t.call(routeTables.crm.customerPage, { page: 1, limit: 10 } as never);
    expect(res.body.code).toBe(401);
    const samples = await scrape();
    const route = routeTables.crm.customerPage.path;
    expect(sampleOf(samples, 'yunhu_http_responses_total', { route, status: '200', envelope: 'unauthorized' })).toBe(1);
  });

  it('counts a failed job run, and the queue keeps the failed run', async () => {
    t.app.jobs.define({
      name: 'test.metrics-broken',
      retry: { limit: 0, delaySeconds: 1 },
      run: async () => {
        throw new Error('对账接口超时');
      },
    });
    await t.app.jobs.send('test.metrics-broken');
    await t.app.jobs.runDue();
    const samples = await scrape();
    expect(sampleOf(samples, 'yunhu_job_runs_total', { job: 'test.metrics-broken', outcome: 'failed' })).toBe(1);
    expect(sampleOf(samples, 'yunhu_job_run_duration_seconds_count', { job: 'test.metrics-broken' })).toBe(1);
    expect(sampleOf(samples, 'yunhu_job_queue_runs', { job: 'test.metrics-broken', state: 'failed' })).toBe(1);
    // The jobs at the server's start ran too, and succeeded.
    expect(sampleOf(samples, 'yunhu_job_runs_total', { job: 'crm.release', outcome: 'completed' })).toBeGreaterThan(0);
  });

  it('shows a run whose server was killed: taken again after its lease lapsed, or left failed', async () => {
    // Another server process takes each run and is killed in it: the run never ends, and nothing of
    // that server answers again (its promise hangs; it never completes nor fails the run).
    const dead = await secondServerDatabase(t.database);
    const killed: TJobQueue[] = [];
    let taken = 0;
    for (const def of [retried, lastTry]) {
      const queue = createJobQueue({ database: dead, logger: { error: () => undefined, warn: () => undefined } });
      queue.define({ ...def, run: () => new Promise<never>(() => (taken += 1)) });
      await queue.start({ isWorking: false });
      await queue.send(def.name);
      void queue.runDue();
      killed.push(queue);
    }
    await eventually(
      async () => taken,
      (n) => n === 2,
      10_000,
    );
    const during = await scrape();
    expect(sampleOf(during, 'yunhu_job_queue_runs', { job: retried.name, state: 'active' })).toBe(1);
    // Every job's counters show from 0, so that the first expiry is an increase Prometheus sees.
    expect(sampleOf(during, 'yunhu_job_expired_total', { job: retried.name })).toBe(0);
    expect(sampleOf(during, 'yunhu_job_runs_total', { job: retried.name, outcome: 'failed' })).toBe(0);

    // This server, still alive, expires both once their one-second lease has lapsed (the supervisor
    // of a working queue does every minute) and takes the one with a try left again.
    await new Promise((r) => setTimeout(r, 2_100));
    await t.app.jobs.expireLapsed();
    // Its retry is due a moment later.
    await eventually(
      async () => {
        await t.app.jobs.runDue();
        return finished.length;
      },
      (n) => n > 0,
      10_000,
    );
    expect(finished).toEqual([retried.name]);
    const after = await scrape();
    expect(sampleOf(after, 'yunhu_job_expired_total', { job: retried.name })).toBe(1);
    expect(sampleOf(after, 'yunhu_job_runs_total', { job: retried.name, outcome: 'completed' })).toBe(1);
    // The one without a try left stays failed, and the queue says why: its lease lapsed.
    expect(sampleOf(after, 'yunhu_job_expired_total', { job: lastTry.name })).toBe(0);
    expect(sampleOf(after, 'yunhu_job_queue_runs', { job: lastTry.name, state: 'failed' })).toBe(1);
    expect(sampleOf(after, 'yunhu_job_queue_expired', { job: lastTry.name })).toBe(1);
    expect(sampleOf(after, 'yunhu_job_queue_expired', { job: retried.name })).toBe(0);
    for (const queue of killed) await queue.stop();
    await dead.close();
  });

  it('shows the runs waiting per job and how long the oldest has waited', async () => {
    const { name } = waitingJob;
    await t.app.jobs.send(name);
    // No server took it for ten minutes (none working, or all busy).
    await t.database.db.execute(sql`update pgboss.job set start_after = now() - interval '10 minutes'
      where name = ${name} and state = 'created'`);
    const waiting = await scrape();
    expect(sampleOf(waiting, 'yunhu_metrics_source_up', { source: 'queue' })).toBe(1);
    expect(sampleOf(waiting, 'yunhu_job_queue_waiting', { job: name })).toBe(1);
    expect(sampleOf(waiting, 'yunhu_job_queue_oldest_waiting_seconds', { job: name })).toBeGreaterThanOrEqual(600);
    await t.app.jobs.runDue();
    const taken = await scrape();
    expect(sampleOf(taken, 'yunhu_job_queue_waiting', { job: name })).toBe(0);
    expect(sampleOf(taken, 'yunhu_job_queue_oldest_waiting_seconds', { job: name })).toBe(0);
  });

  it('counts soft-phones registered and calls under way as 实时监控 does', async () => {
    const kit = await callKit(t);
    const userId = await kit.userId('agent01');
    const sipUser = `e100001-${userId}`;
    await t.database.db.insert(sipAccounts).values({ tenantId: kit.tenantId, userId, sipUser, password: 'x' });
    const registered = await t.app.inject({
      method: 'POST',
      url: sipRegistrationPath,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-sip-secret': loadConfig({}).sip.sharedSecret!,
      },
      payload: new URLSearchParams({ event: 'register', user: sipUser, expires: '200' }).toString(),
    });
    expect(registered.statusCode).toBe(200);
    // A colleague's call under way, as Kamailio's call events leave it until the hang-up.
    const callId = `metrics-live-${Date.now()}`;
    await t.database.db
      .insert(sipCalls)
      .values({ tenantId: kit.tenantId, callId, callType: 3, userId, state: 'talking', answeredAt: new Date() });
    const samples = await scrape();
    expect(sampleOf(samples, 'yunhu_sip_registrations_online')).toBe(1);
    expect(sampleOf(samples, 'yunhu_calls_live', { kind: 'sip', state: 'talking' })).toBe(1);
    expect(sampleOf(samples, 'yunhu_calls_live', { kind: 'sip', state: 'ringing' })).toBe(0);
    await t.database.db.delete(sipCalls).where(eq(sipCalls.callId, callId));
    expect(sampleOf(await scrape(), 'yunhu_calls_live', { kind: 'sip', state: 'talking' })).toBe(0);
  });

  it.skipIf(gatewayMissing)('shows a media session the gateway holds without a live call', async () => {
    const before = await scrape();
    expect(sampleOf(before, 'yunhu_metrics_source_up', { source: 'media' })).toBe(1);
    expect(sampleOf(before, 'yunhu_media_sessions')).toBe(0);
    // An offer nobody answered or deleted: what a call leaves behind when its end never reached the gateway.
    const sdp = `v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40000 RTP/AVP 8\r\na=rtpmap:8 PCMA/8000\r\n`;
    const callId = `metrics-left-open-${Date.now()}`;
    expect(await gateway!.command({ command: 'offer', 'call-id': callId, 'from-tag': 'a', sdp })).toMatchObject({
      result: 'ok',
    });
    const open = await scrape();
    expect(sampleOf(open, 'yunhu_media_sessions')).toBe(1);
    // Left open only once it has been so for a minute (the next test).
    expect(sampleOf(open, 'yunhu_media_sessions_orphaned')).toBe(0);
    // It belongs to no call under way.
    const live = open.filter((s) => s.name === 'yunhu_calls_live').reduce((sum, s) => sum + s.value, 0);
    expect(live).toBe(0);
    await gateway!.command({ command: 'delete', 'call-id': callId });
    expect(sampleOf(await scrape(), 'yunhu_media_sessions')).toBe(0);
  });

  it.skipIf(gatewayMissing)('counts a session of no call under way for a minute as left open', async () => {
    // The server's own scrape with its clock moved on at will; the gateway and database are the test's.
    let clock = Date.now();
    const metrics = createMetrics({ database: t.database, mediaNgPort: gateway!.ngPort, now: () => new Date(clock) });
    const read = async () => {
      const samples = parseExposition(await metrics.registry.metrics());
      return {
        sessions: sampleOf(samples, 'yunhu_media_sessions'),
        orphaned: sampleOf(samples, 'yunhu_media_sessions_orphaned'),
      };
    };
    const kit = await callKit(t);
    const userId = await kit.userId('agent01');
    const sdp = `v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40002 RTP/AVP 8\r\na=rtpmap:8 PCMA/8000\r\n`;
    const unknown = `metrics-unknown-${Date.now()}`;
    const talking = `metrics-talking-${Date.now()}`;
    const dialled = `metrics-dialled-${Date.now()}`;
    // A call under way, as Kamailio's call events leave it until the hang-up; a dial request ringing
    // (its INVITE event names its Call-ID); and a call the server never heard of.
    await t.database.db.insert(callBinds).values({
      tenantId: kit.tenantId,
      bindId: `b${crypto.randomBytes(16).toString('hex')}`,
      userId,
      lineId: kit.sipLine.id,
      lineMode: kit.sipLine.mode,
      telB: '13800138000',
      state: 'ringing',
      callId: dialled,
    });
    await t.database.db.insert(sipCalls).values({
      tenantId: kit.tenantId,
      callId: talking,
      callType: 3,
      userId,
      state: 'talking',
      answeredAt: new Date(),
    });
    const held = [unknown, talking, dialled];
    for (const callId of held) {
      expect(await gateway!.command({ command: 'offer', 'call-id': callId, 'from-tag': 'a', sdp })).toMatchObject({
        result: 'ok',
      });
    }
    expect(await read()).toEqual({ sessions: 3, orphaned: 0 });
    clock += 61_000;
    expect(await read()).toEqual({ sessions: 3, orphaned: 1 });
    // Both calls end, and their ends never reach the gateway: left open a minute later.
    await t.database.db.delete(sipCalls).where(eq(sipCalls.callId, talking));
    await t.database.db.update(callBinds).set({ state: 'finished' }).where(eq(callBinds.callId, dialled));
    expect(await read()).toEqual({ sessions: 3, orphaned: 1 });
    clock += 61_000;
    expect(await read()).toEqual({ sessions: 3, orphaned: 3 });
    // What ends them at the gateway (Kamailio's delete, or its own timeout without media).
    for (const callId of held) await gateway!.command({ command: 'delete', 'call-id': callId });
    expect(await read()).toEqual({ sessions: 0, orphaned: 0 });
  });
});

describe('counting what the envelope hides', () => {
  it('counts an internal error answered with HTTP 200 as a serverError envelope', async () => {
    const app = Fastify();
    registerEnvelope(app);
    const database = { poolStats: undefined } as never;
    const metrics = createMetrics({ database, mediaNgPort: null });
    registerMetrics(app, metrics, token);
    app.post('/base/test/broken/:id', async () => {
      throw new Error('a bug');
    });
    const res = await app.inject({ method: 'POST', url: '/base/test/broken/42', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 500 });
    const text = await metrics.registry.getSingleMetricAsString('yunhu_http_responses_total');
    const samples = parseExposition(text);
    expect(
      sampleOf(samples, 'yunhu_http_responses_total', {
        route: '/base/test/broken/:id',
        status: '200',
        envelope: 'serverError',
      }),
    ).toBe(1);
    await app.close();
  });

  it('has no /metrics at all without a token configured', async () => {
    const app = Fastify();
    registerEnvelope(app);
    registerMetrics(app, createMetrics({ database: {} as never, mediaNgPort: null }), null);
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.json()).toMatchObject({ code: 404, reason: 'common.notFound' });
    await app.close();
  });
});
