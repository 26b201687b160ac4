import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { routeTables, type TRouteDef } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { createTestAgent } from '../modules/agent/agent.test-kit.js';
import { readXlsx } from '../modules/org/org.test-kit.js';
import { startTestApp, type TTestApp } from '../test/harness.js';

type TAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; isComplete: boolean };

/**
 * One request over a real connection (inject has no socket to cut). `cutAfterFirstChunk` closes
 * the connection as soon as the first bytes of the body arrive, as a browser tab closed mid-download.
 */
const fetchRaw = (
  base: string,
  route: { method: string; path: string },
  opts: {
    token?: string;
    input?: Record<string, unknown>;
    cutAfterFirstChunk?: boolean;
    /** Stops reading for this long after each 32 KB: a slow client. */
    pauseMs?: number;
    timeoutMs?: number;
  },
) =>
  new Promise<TAnswer>((resolve, reject) => {
    const rest: Record<string, unknown> = { ...opts.input };
    let path = route.path.replace(/:(\w+)/g, (_m, name: string) => {
      const v = String(rest[name]);
      delete rest[name];
      return encodeURIComponent(v);
    });
    if (route.method === 'GET' && Object.keys(rest).length) {
      path += `?${new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    }
    const payload = route.method === 'POST' ? JSON.stringify(rest) : undefined;
    const req = http.request(`${base}${path}`, {
      method: route.method,
      headers: {
        ...(opts.token ? { 'cloud-token': opts.token } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${route.path}: no answer within ${opts.timeoutMs ?? 10_000} ms`));
    }, opts.timeoutMs ?? 10_000);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let unpaused = 0;
      const done = (isComplete: boolean) => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), isComplete });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        unpaused += chunk.length;
        if (opts.pauseMs && unpaused >= 32 * 1024) {
          unpaused = 0;
          res.pause();
          setTimeout(() => res.resume(), opts.pauseMs);
        }
        if (opts.cutAfterFirstChunk) {
          req.destroy();
          done(false);
        }
      });
      res.on('end', () => done(true));
      res.on('error', () => done(false));
      res.on('aborted', () => done(false));
    });
    req.end(payload);
  });

const day = 86_400_000;

describe('downloads the client abandons', () => {
  let t: TTestApp;
  let base: string;
  let admin: string;
  let platform: string;
  let reseller: string;
  let batchId: string;
  let blackBatchId: string;
  let clueBatchId: string;
  let staffBatchId: string;
  let platformBatchId: string;
  let uploadName: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await t.loginAs.admin();
    platform = await t.loginAs.platform();
    // A reseller (代理商) for its own downloads (利润明细).
    reseller = (
      await createTestAgent(t, platform, { name: '下载代理有限公司', username: 'dlagent', mobile: '13822229901' })
    ).token;
    const [me] = await q<{ id: number; tenant_id: number; dept_id: number | null }>(
      sql`select id::int, tenant_id::int, dept_id::int from users where username = 'admin'`,
    );
    const [line] = await q<{ id: number }>(sql`select id::int from lines order by id limit 1`);
    const { id: adminId, tenant_id: tenantId, dept_id: deptId } = me!;
    // Enough rows that every list export is still streaming when the client goes away.
    await t.database.db.execute(sql`insert into customers (tenant_id, name, mobile, owner_id, dept_id, company, remark)
      select ${tenantId}, '批量客户' || g, '166' || lpad(g::text, 8, '0'), ${adminId}, ${deptId},
        '某某科技有限公司第' || g || '分公司', repeat('备注', 20)
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`insert into call_records (tenant_id, user_id, dept_id, line_id, bind_id, tel_a, tel_b,
        call_status, finish_status, start_time, end_time, duration)
      select ${tenantId}, ${adminId}, ${deptId}, ${line!.id}, 'bulk-' || g, '13900000001', '166' || lpad(g::text, 8, '0'),
        1, 1, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '30 seconds', 30
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`insert into operation_logs (tenant_id, user_name, real_name, route, module, summary,
        result, message, ip)
      select ${tenantId}, 'admin', '管理员', '/base/crm/delete', 'crm', '删除客户', 'success', repeat('说明', 20), '10.0.0.1'
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`insert into users (tenant_id, username, real_name, mobile, password_hash, job_number,
        dept_id, status)
      select ${tenantId}, 'bulk' || g, '批量员工' || g, '177' || lpad(g::text, 8, '0'), 'x', lpad(g::text, 6, '0'),
        ${deptId}, 'active'
      from generate_series(1, 3000) g`);
    await t.database.db.execute(sql`insert into seats (tenant_id, line_id, start_at, expire_at)
      select ${tenantId}, ${line!.id}, now(), now() + interval '30 days' from generate_series(1, 8000) g`);
    await t.database.db.execute(sql`insert into number_blacklist (tenant_id, number, source, reason)
      select ${tenantId}, '155' || lpad(g::text, 8, '0'), 'import', repeat('原因', 10) from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`insert into platform_number_blacklist (number, source, reason)
      select '155' || lpad(g::text, 8, '0'), 'import', repeat('原因', 10) from generate_series(1, 20000) g`);
    batchId = crypto.randomUUID();
    await t.database.db.execute(sql`insert into crm_imports (id, tenant_id, user_id, kind, status, file_name)
      values (${batchId}, ${tenantId}, ${adminId}, 'customer', 'previewed', '批量.xlsx')`);
    await t.database.db.execute(sql`insert into crm_import_rows (import_id, tenant_id, row_no, data)
      select ${batchId}, ${tenantId}, g, jsonb_build_object('name', '导入客户' || g, 'mobile', '188' || lpad(g::text, 8, '0'))
      from generate_series(1, 20000) g`);
    staffBatchId = crypto.randomUUID();
    await t.database.db.execute(sql`insert into crm_imports (id, tenant_id, user_id, kind, status, file_name)
      values (${staffBatchId}, ${tenantId}, ${adminId}, 'staff', 'previewed', '员工.xlsx')`);
    await t.database.db.execute(sql`insert into crm_import_rows (import_id, tenant_id, row_no, data)
      select ${staffBatchId}, ${tenantId}, g, jsonb_build_object('username', 'imp' || g, 'realName', '导入员工' || g,
        'mobile', '178' || lpad(g::text, 8, '0'), 'deptId', ${deptId}::bigint, 'roleIds', '[]'::jsonb)
      from generate_series(1, 20000) g`);
    const [operator] = await q<{ id: number; tenant_id: number }>(
      sql`select id::int, tenant_id::int from users where username = 'platform'`,
    );
    platformBatchId = crypto.randomUUID();
    await t.database.db.execute(sql`insert into crm_imports (id, tenant_id, user_id, kind, status, file_name)
      values (${platformBatchId}, ${operator!.tenant_id}, ${operator!.id}, 'blacklist-platform', 'previewed', '平台.xlsx')`);
    await t.database.db.execute(sql`insert into crm_import_rows (import_id, tenant_id, row_no, data)
      select ${platformBatchId}, ${operator!.tenant_id}, g, jsonb_build_object('number', '158' || lpad(g::text, 8, '0'))
      from generate_series(1, 20000) g`);
    // 批量匹配's result of a confirmed batch (its file lists what the batch holds: here nothing).
    clueBatchId = crypto.randomUUID();
    await t.database.db.execute(sql`insert into crm_imports (id, tenant_id, user_id, kind, status, file_name)
      values (${clueBatchId}, ${tenantId}, ${adminId}, 'clue-match', 'done', '企业名单.xlsx')`);
    blackBatchId = crypto.randomUUID();
    await t.database.db.execute(sql`insert into crm_imports (id, tenant_id, user_id, kind, status, file_name)
      values (${blackBatchId}, ${tenantId}, ${adminId}, 'blacklist', 'previewed', '黑名单.xlsx')`);
    await t.database.db.execute(sql`insert into crm_import_rows (import_id, tenant_id, row_no, data)
      select ${blackBatchId}, ${tenantId}, g, jsonb_build_object('number', '157' || lpad(g::text, 8, '0'), 'reason', '导入')
      from generate_series(1, 20000) g`);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200_000)]);
    const boundary = '----download-test';
    /** The stored file's name of a PNG sent to an upload route. */
    const uploadPng = async (path: string) => {
      const uploaded = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'cloud-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const url = (uploaded.json() as { data: { url: string } }).data.url;
      return url.slice(url.lastIndexOf('/') + 1);
    };
    uploadName = await uploadPng(routeTables.system.upload.path);
  }, 180_000);

  let isClosed = false;
  afterAll(() => (isClosed ? undefined : t.close()));

  const range = () => [Date.now() - 7 * day, Date.now() + 60_000];
  /** Who downloads and with what, by path; any download route not named here is tried as the administrator with {}. */
  const cases: Record<string, () => { token: string; input: Record<string, unknown> }> = {
    [routeTables.crmImport.importReport.path]: () => ({ token: admin, input: { batchId } }),
    [routeTables.blacklist.importReport.path]: () => ({ token: admin, input: { batchId: blackBatchId } }),
    [routeTables.blacklist.platformImportReport.path]: () => ({
      token: platform,
      input: { batchId: platformBatchId },
    }),
    [routeTables.orgStaff.staffImportReport.path]: () => ({ token: admin, input: { batchId: staffBatchId } }),
    rankListDownload: () => ({ token: admin, input: { from: Date.now() - 30 * day, to: Date.now() } }),
    censusDetailDownload: () => ({ token: admin, input: { startRange: range() } }),
    statisticsUserExport: () => ({ token: admin, input: { startRange: range() } }),
    exportRecords: () => ({ token: admin, input: { startRange: range() } }),
    seatSummaryExport: () => ({ token: admin, input: { startRange: range() } }),
    matchReport: () => ({ token: admin, input: { batchId: clueBatchId } }),
    platformExportExcel: () => ({ token: platform, input: {} }),
    statementExport: () => ({ token: reseller, input: {} }),
    jxsUnlockExport: () => ({ token: reseller, input: {} }),
    jxsMonthUseExport: () => ({ token: reseller, input: {} }),
    packetDownload: () => ({ token: reseller, input: {} }),
    uploadFile: () => ({ token: admin, input: { name: uploadName } }),
    // 账单 is one month's (the billing issue): this month's, in Beijing time.
    billExport: () => ({
      token: admin,
      input: { month: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7) },
    }),
  };

  /** No session of this test's database is left inside a transaction (PostgreSQL only). */
  const idleInTransaction = async () => {
    if (!process.env.TEST_DATABASE_URL) return 0;
    const [db] = await q<{ name: string }>(sql`select current_database() as name`);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const res = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and state like 'idle in transaction%'`,
        [db!.name],
      );
      return res.rows[0]!.n;
    } finally {
      await admin.end();
    }
  };

  /** The pool is whole: no session left in a transaction, /healthz and 20 parallel requests answer promptly. */
  const expectPoolWhole = async () => {
    const until = Date.now() + 3000;
    while ((await idleInTransaction()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await idleInTransaction()).toBe(0);
    const health = await fetchRaw(base, { method: 'GET', path: '/healthz' }, { timeoutMs: 3000 });
    expect(health.status).toBe(200);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetchRaw(base, routeTables.crm.customerPage, {
          token: admin,
          input: { page: 1, limit: 10 },
          timeoutMs: 10_000,
        }),
      ),
    );
    expect(answers.map((a) => (JSON.parse(a.body.toString()) as { code: number }).code)).toEqual(answers.map(() => 0));
    expect(Date.now() - started).toBeLessThan(10_000);
  };

  it('releases the cursor, connection and stream of every download route cut mid-stream', async () => {
    const downloads = Object.values(routeTables)
      .flatMap((table) => Object.entries(table as Record<string, TRouteDef>))
      .filter(([, route]) => route.result === 'blob');
    expect(downloads.length).toBeGreaterThanOrEqual(15);
    for (const [name, route] of downloads) {
      const { token, input } = (cases[route.path] ?? cases[name])?.() ?? { token: admin, input: {} };
      const answer = await fetchRaw(base, route, { token, input, cutAfterFirstChunk: true });
      // It was a file (not an envelope refusing the request), cut before its end where it is large.
      expect(answer.headers['content-type'], `${name}: ${answer.body.toString().slice(0, 200)}`).not.toMatch(/json/);
      expect(answer.status, name).toBe(200);
    }
    // A call recording (outside the route table, a file stream): its file is closed when the client goes.
    const [record] = await q<{ id: number; tenant_id: number }>(
      sql`select id::int, tenant_id::int from call_records where bind_id = 'bulk-1'`,
    );
    const key = t.app.call.store.keyOf(record!.tenant_id, 'cut-download');
    await t.app.call.store.write(key, Buffer.alloc(8 * 1024 * 1024));
    await t.database.db.execute(sql`update call_records set pre_record_url = ${key} where id = ${record!.id}`);
    const recording = await fetchRaw(
      base,
      { method: 'GET', path: t.app.call.store.signedUrl(record!.tenant_id, record!.id).url },
      { cutAfterFirstChunk: true },
    );
    expect(recording.headers['content-type']).toBe('audio/wav');
    expect(recording.isComplete).toBe(false);
    const file = path.join(t.dataDir, key);
    const openOnFile = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    for (let i = 0; i < 40 && openOnFile() > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(openOnFile()).toBe(0);
    // The probe: ten customer exports cut by the client (a pool holds ten connections).
    for (let i = 0; i < 10; i++) {
      const answer = await fetchRaw(base, routeTables.crmImport.exportCustomers, {
        token: admin,
        input: {},
        cutAfterFirstChunk: true,
      });
      expect(answer.isComplete).toBe(false);
    }
    await expectPoolWhole();
  }, 180_000);

  it('gives a slow reader the whole file, at his pace, over a real connection and through inject', async () => {
    const page = await t.call(routeTables.crm.customerPage, { page: 1, limit: 1 }, admin);
    const total = page.body.data.total;
    expect(total).toBeGreaterThan(20_000);
    // The client stops for 50 ms after every 32 KB; the server's reader waits for it meanwhile.
    const slow = await fetchRaw(base, routeTables.crmImport.exportCustomers, {
      token: admin,
      input: {},
      pauseMs: 50,
      timeoutMs: 120_000,
    });
    expect(slow.isComplete).toBe(true);
    expect((await readXlsx(slow.body)).length).toBe(total + 1);
    const injected = await t.app.inject({
      method: 'POST',
      url: routeTables.crmImport.exportCustomers.path,
      payload: {},
      headers: { 'cloud-token': admin },
    });
    expect((await readXlsx(injected.rawPayload)).length).toBe(total + 1);
    await expectPoolWhole();
  }, 150_000);

  it('answers refused download requests in the envelope, never under a file header', async () => {
    const refused: [TRouteDef, Record<string, unknown>][] = [
      [routeTables.crmImport.exportCustomers, { keyword: '\u0000' }],
      [routeTables.system.logExport, { startTime: 9007199254740991 }],
      [routeTables.system.logExport, { userName: 'a\u0000' }],
      [routeTables.seat.seatDownload, { expireFrom: 9007199254740991 }],
      [routeTables.seat.seatDownload, { userName: '\u0000' }],
    ];
    for (const [route, input] of refused) {
      const res = await t.app.inject({
        method: 'POST',
        url: route.path,
        payload: input,
        headers: { 'cloud-token': admin },
      });
      expect(res.headers['content-type'], route.path).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toMatchObject({ code: 10002, data: null });
    }
  });

  it('answers a download that fails in its first rows in the envelope; a later failure breaks the connection', async () => {
    // 'infinity' is a timestamp PostgreSQL keeps but no JavaScript date holds: showing it throws.
    const [bad] = await q<{ id: number }>(sql`insert into customers (tenant_id, name, mobile, owner_id, last_follow_at,
        created_at)
      select tenant_id, '时间坏了', '16599999999', id, 'infinity', '2001-01-01' from users where username = 'admin'
      returning id::int`);
    try {
      const first = await t.app.inject({
        method: 'POST',
        url: routeTables.crmImport.exportCustomers.path,
        payload: { ids: [bad!.id] },
        headers: { 'cloud-token': admin },
      });
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['content-disposition']).toBeUndefined();
      expect(first.json()).toMatchObject({ code: 500, data: null });
      // Oldest last: the bad row comes after the first batch, when the file is already on its way.
      const others = await q<{ id: number }>(sql`select id::int from customers where name like '批量客户%' limit 3000`);
      const later = await fetchRaw(base, routeTables.crmImport.exportCustomers, {
        token: admin,
        input: { ids: [...others.map((o) => o.id), bad!.id] },
      });
      expect(later.headers['content-disposition']).toMatch(/attachment/);
      expect(later.isComplete).toBe(false);
      await expectPoolWhole();
    } finally {
      await t.database.db.execute(sql`delete from customers where id = ${bad!.id}`);
    }
  }, 60_000);

  it('answers /healthz 503 within its bound while every connection is taken, 200 once they are back', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    // The pool's ten connections (PGlite's one session) held by transactions that wait.
    const holders = Array.from({ length: t.database.kind === 'postgres' ? 10 : 1 }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    try {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 500, data: { isUp: false } });
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 30_000);

  it('closes promptly after the downloads cut above, as on SIGTERM', async () => {
    const started = Date.now();
    isClosed = true;
    await Promise.race([
      t.close(),
      new Promise((_, fail) => setTimeout(() => fail(new Error('the server did not close within 10 s')), 10_000)),
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);
});
