import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { parseExposition, sampleOf } from '../modules/metrics/metrics.test-kit.js';
import { startTestApp, type TTestApp } from '../test/harness.js';

/** A connection of its own to the test app's database, outside the server's pool. */
const adminOf = async (t: TTestApp) => {
  const [db] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${db!.name}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  return admin;
};

/**
 * Holds every signed-in request at its first statement: the session look-up waits on this lock
 * until `release`, as requests wait on a database too slow for the load.
 */
const holdSessions = async (admin: pg.Client) => {
  await admin.query('begin');
  await admin.query('lock table sessions in access exclusive mode');
  return () => admin.query('commit');
};

type TAnswer = Awaited<ReturnType<TTestApp['call']>>;

/** Starts each call now and tells which have answered so far. */
const inFlight = (calls: Promise<TAnswer>[]) => {
  const answered: TAnswer[] = [];
  for (const call of calls) void call.then((res) => answered.push(res));
  return { answered, all: () => Promise.all(calls) };
};

const busyEnvelope = { code: 503, msg: '服务繁忙，请稍后重试', data: null, reason: 'common.busy' };

// Locks and a pool are PostgreSQL's; PGlite is one session (its own tests cover its queue).
describe.skipIf(!process.env.TEST_DATABASE_URL)('admission control under a flood', () => {
  let t: TTestApp | undefined;
  let admin: pg.Client | undefined;
  afterEach(async () => {
    await admin?.end();
    await t?.close();
    admin = undefined;
    t = undefined;
  });

  it('refuses what is past the limit at once with 503 服务繁忙, serves the admitted, and never answers 500', async () => {
    const limit = 4;
    const metricsToken = 'admission-metrics-token-0123';
    t = await startTestApp({ env: { HTTP_MAX_IN_FLIGHT: String(limit), METRICS_TOKEN: metricsToken } });
    const token = await t.loginAs.manager();
    admin = await adminOf(t);
    const release = await holdSessions(admin);
    const flood = inFlight(
      Array.from({ length: 3 * limit }, () => t!.call(routeTables.crm.customerPage, { page: 1, limit: 20 }, token)),
    );
    // Everything past the limit is answered while the admitted ones are still held by the lock.
    await expect.poll(() => flood.answered.length, { timeout: 5000 }).toBe(2 * limit);
    for (const res of flood.answered) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toEqual(busyEnvelope);
    }
    // The health check and Kamailio's look-ups are not counted against the users' limit.
    const health = await t.request('GET', '/healthz');
    expect(health.status).toBe(200);
    const ha1 = await t.app.inject({
      method: 'GET',
      url: '/internal/sip/ha1',
      query: { user: 'nobody', realm: 'sip.yunhu.test' },
      headers: { 'x-sip-secret': 'yunhu-dev-sip-secret' },
    });
    expect(ha1.statusCode).toBe(404);
    // Nor is Prometheus's scrape: it shows the held requests' connections in use and the refusals.
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(scrape.statusCode).toBe(200);
    const samples = parseExposition(scrape.body);
    expect(sampleOf(samples, 'yunhu_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(limit);
    const route = routeTables.crm.customerPage.path;
    expect(sampleOf(samples, 'yunhu_http_responses_total', { route, status: '503', envelope: 'busy' })).toBe(2 * limit);
    await release();
    const answers = await flood.all();
    const admitted = answers.filter((res) => res.status === 200);
    expect(admitted).toHaveLength(limit);
    for (const res of admitted) expect(res.body.code).toBe(0);
    expect(answers.some((res) => res.body.code === 500)).toBe(false);
    // Each admitted request gave its place back: as many again are all served.
    const next = await Promise.all(
      Array.from({ length: limit }, () => t!.call(routeTables.crm.customerPage, { page: 1, limit: 20 }, token)),
    );
    expect(next.map((res) => [res.status, res.body.code])).toEqual(Array.from({ length: limit }, () => [200, 0]));
  });

  it('answers a wait for a pool connection that runs out 503 服务繁忙, in a transaction or outside one', async () => {
    const metricsToken = 'admission-metrics-token-0123';
    t = await startTestApp({ dbLimits: { poolMax: 2, connectTimeoutMs: 300 }, env: { METRICS_TOKEN: metricsToken } });
    const token = await t.loginAs.manager();
    admin = await adminOf(t);
    const release = await holdSessions(admin);
    // Two reads hold the pool's two connections, waiting on the lock.
    const holding = inFlight(
      Array.from({ length: 2 }, () => t!.call(routeTables.crm.customerPage, { page: 1, limit: 20 }, token)),
    );
    await expect
      .poll(async () => {
        const { rows } = await admin!.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where relation = 'sessions'::regclass and not granted",
        );
        return rows[0]!.n;
      })
      .toBe(2);
    // A signed-in read waits for a connection for its transaction; a sign-in, for its first statement.
    const reading = t.call(routeTables.crm.customerPage, { page: 1, limit: 20 }, token);
    await expect.poll(() => t!.database.poolStats!().waiting, { interval: 5 }).toBe(1);
    // Prometheus sees it wait: the scrape reads the pool before its own queries (which wait too, and give up).
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    const samples = parseExposition(scrape.body);
    expect(sampleOf(samples, 'yunhu_db_pool_waiting')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(samples, 'yunhu_db_pool_connections', { state: 'in_use' })).toBe(2);
    expect(sampleOf(samples, 'yunhu_metrics_source_up', { source: 'jobs' })).toBe(0);
    const read = await reading;
    expect([read.status, read.body]).toEqual([503, busyEnvelope]);
    const signIn = await t.call(
      routeTables.auth.login,
      { username: 'agent01', password: 'Agent@2026' },
      null,
      t.freshIp(),
    );
    expect([signIn.status, signIn.body]).toEqual([503, busyEnvelope]);
    await release();
    expect((await holding.all()).map((res) => res.body.code)).toEqual([0, 0]);
  });
});
