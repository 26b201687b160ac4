// What an attacker and a chaos test could break, probed from outside, against the real
// server process on PostgreSQL, printing these figures:
// 1. ten customer exports and ten call-record exports cut by the client mid-download, then the time
//    /healthz and a sign-in take and the sessions left `idle in transaction`;
// 2. 1,000 simultaneous wrong SMS-code guesses with the right code among them;
// 3. 60 simultaneous wrong passwords; 30 wrong ones with the right one; 5 wrong ones from a stranger's
//    address, then the real user from his own;
// 4. an audited delete with a NUL byte in an unknown field, and the log rows it left;
// 5. a NUL byte in sign-in, a time no date holds, a malformed upload, a NUL in the path.
// It creates (drops first) the database yunhu_probe (PROBE_DATABASE_URL) with the demo enterprise and
// 50,000 customers (bench/crm.seed.ts), so the exports stream for a while.
// Usage: node --import tsx bench/hardening.probe.ts
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const probeUrl = process.env.PROBE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yunhu_probe';
const name = new URL(probeUrl).pathname.slice(1);
if (!/^yunhu_probe\w*$/.test(name)) throw new Error(`refusing to drop database ${name}`);
const serverUrl = new URL(probeUrl);
serverUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: serverUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
console.log('seeding the demo enterprise and 50,000 customers …');
execFileSync(process.execPath, ['--import', 'tsx', 'bench/crm.seed.ts'], {
  env: { ...process.env, BENCH_DATABASE_URL: probeUrl, BENCH_CUSTOMERS: '50000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-probe-'));
const port = 19000 + Math.floor(Math.random() * 1000);
const startServer = () =>
  spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: probeUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: '',
      SEED_DEMO: '0',
      SIP_AUTOSTART: '0',
      // The stranger and the user come from different addresses (X-Forwarded-For).
      TRUST_PROXY: '1',
      LOG_LEVEL: 'fatal',
      CRM_RELEASE_JOB_MINUTES: '1440',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
let server = startServer();
const base = `http://127.0.0.1:${port}`;
process.on('exit', () => server.kill('SIGKILL'));
const serverUp = async () => {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
};

type TEnvelope = { code: number; msg: string; data: unknown };
const post = async (url: string, body: unknown, opts: { token?: string; ip?: string } = {}) => {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { 'cloud-token': opts.token } : {}),
      'x-forwarded-for': opts.ip ?? '198.51.100.1',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return (await res.json()) as TEnvelope;
};
const timed = async <T>(fn: () => Promise<T>, limitMs = 10_000) => {
  const started = Date.now();
  const result = await Promise.race([fn(), new Promise<'hung'>((r) => setTimeout(() => r('hung'), limitMs).unref())]);
  return { result, ms: Date.now() - started };
};
const login = async (username: string, password: string, ip = '198.51.100.1') =>
  post('/sso/login', { username, password }, { ip });

await serverUp();
const db = new pg.Client({ connectionString: probeUrl });
await db.connect();

// ---- 1. aborted downloads ----------------------------------------------------------------------
let adminToken = ((await login('admin', 'Admin@2026')).data as { token: string }).token;
/** Starts a download, reads its first chunk and hangs up; 'hung' when no answer came in 10 s. */
const abortedDownload = async (url: string, body: unknown) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cloud-token': adminToken },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    await res.body!.getReader().read();
    return res.headers.get('content-type');
  } catch {
    return 'hung';
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
};
const month = [Date.now() - 30 * 86_400_000, Date.now()];
const answers: string[] = [];
for (let i = 0; i < 10; i++) {
  answers.push(`${await abortedDownload('/base/crm/exportCus', { pool: 'private' })}`);
  answers.push(`${await abortedDownload('/base/call/detail/export', { startRange: month })}`);
}
const types = new Map<string, number>();
for (const a of answers) types.set(a, (types.get(a) ?? 0) + 1);
await new Promise((r) => setTimeout(r, 500));
const health = await timed(() =>
  fetch(`${base}/healthz`).then(
    (r) => r.status,
    () => 'failed',
  ),
);
const signIn = await timed(() =>
  login('manager', 'Manager@2026').then(
    (r) => r.code,
    () => 'failed',
  ),
);
const idle = await db.query(
  `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'idle in transaction'`,
  [name],
);
console.log('\n1. ten customer exports and ten call-record exports cut by the client');
console.log(`   answered as: ${[...types].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
console.log(
  `   /healthz afterwards: ${health.result} in ${health.ms} ms; sign-in: code ${signIn.result} in ${signIn.ms} ms`,
);
console.log(`   sessions idle in transaction: ${idle.rows[0].n}`);
if (health.result !== 200) {
  // The rest needs a server that answers: a new process on the same database.
  console.log('   (the server no longer answers: killed and started again for the probes below)');
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  server = startServer();
  await serverUp();
}

adminToken = ((await login('admin', 'Admin@2026')).data as { token: string }).token;

// ---- 2. SMS-code guesses -----------------------------------------------------------------------
const mobile = '13900000003';
await post('/sso/code', { mobile, type: 'login' }, { ip: '198.51.100.7' });
const sms = await fetch(`${base}/dev/sms/last?mobile=${mobile}`).then((r) => r.json() as Promise<TEnvelope>);
const rightCode = (sms.data as { code: string } | null)?.code ?? '';
const wrongCode = (i: number) => String((Number(rightCode) + 1 + i) % 1_000_000).padStart(6, '0');
const guesses = await Promise.all(
  Array.from({ length: 1001 }, (_, i) =>
    post(
      '/sso/login-by-sms',
      { mobile, code: i === 500 ? rightCode : wrongCode(i) },
      { ip: `203.0.113.${1 + (i % 250)}` },
    ),
  ),
);
const byMsg = (answers: TEnvelope[]) =>
  Object.entries(
    answers.reduce<Record<string, number>>((acc, a) => {
      const key = a.code === 0 ? '已登录' : a.msg;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([k, v]) => `${k} ×${v}`)
    .join('; ');
console.log('\n2. 1,000 simultaneous wrong SMS codes, the right one sent 501st, from 250 addresses');
console.log(`   answers: ${byMsg(guesses)}`);
console.log(`   the right code signed in: ${guesses[500]!.code === 0 ? 'YES' : 'no'}`);

// ---- 3. passwords --------------------------------------------------------------------------------
const sixty = await Promise.all(Array.from({ length: 60 }, () => login('agent02', 'Wrong@2026', '203.0.113.77')));
console.log('\n3. 60 simultaneous wrong passwords for agent02 from one address');
console.log(`   answers: ${byMsg(sixty)}`);
const withRight = await Promise.all(
  Array.from({ length: 31 }, (_, i) => login('agent03', i === 15 ? 'Agent@2026' : 'Wrong@2026', '203.0.113.78')),
);
console.log('   30 wrong passwords for agent03 with the right one among them, one address:');
console.log(`   answers: ${byMsg(withRight)}; the right one signed in: ${withRight[15]!.code === 0 ? 'YES' : 'no'}`);
const stranger = await Promise.all(Array.from({ length: 5 }, () => login('agent04', 'Wrong@2026', '192.0.2.66')));
const realUser = await login('agent04', 'Agent@2026', '198.51.100.44');
console.log('   5 wrong passwords for agent04 from a stranger, then agent04 from his own address:');
console.log(`   stranger: ${byMsg(stranger)}; agent04: ${realUser.code === 0 ? 'signed in' : realUser.msg}`);

// ---- 4. audited action with a NUL byte -------------------------------------------------------------
const logsBefore = await db.query('select count(*)::int as n from operation_logs');
const customersBefore = await db.query('select count(*)::int as n from customers where deleted_at is null');
const nulDelete = await post('/base/crm/delete', '{"ids":[5],"x":"\\u0000"}', { token: adminToken });
const customersAfter = await db.query('select count(*)::int as n from customers where deleted_at is null');
const logsAfter = await db.query('select count(*)::int as n from operation_logs');
console.log('\n4. POST /base/crm/delete {"ids":[5],"x":"\\u0000"}');
console.log(
  `   answer: ${nulDelete.code} ${nulDelete.msg}; customers deleted: ${customersBefore.rows[0].n - customersAfter.rows[0].n}; log rows added: ${logsAfter.rows[0].n - logsBefore.rows[0].n}`,
);

// ---- 5. code 500 where 10002 belongs ---------------------------------------------------------------
const nulLogin = await post('/sso/login', { username: '\u0000', password: 'x' });
const hugeTime = await post(
  '/base/sys/log/page',
  { page: 1, limit: 10, startTime: 9007199254740991 },
  { token: adminToken },
);
const badForm = await fetch(`${base}/base/sys/oss/upload`, {
  method: 'POST',
  headers: { 'cloud-token': adminToken, 'content-type': 'multipart/form-data; boundary=XyZ' },
  body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
}).then((r) => r.json() as Promise<TEnvelope>);
const nulPath = await fetch(`${base}/abc%00def`).then((r) => r.json() as Promise<TEnvelope>);
console.log('\n5. bad input');
for (const [what, a] of [
  ['/sso/login {"username":"\\u0000"}', nulLogin],
  ['log page startTime 9007199254740991', hugeTime],
  ['a multipart upload cut short', badForm],
  ['GET /abc%00def', nulPath],
] as const) {
  console.log(`   ${what}: ${a.code} ${a.msg}`);
}

// ---- SIGTERM still completes --------------------------------------------------------------------------
const stopped = await timed(
  () =>
    new Promise<number | null>((resolve) => {
      server.once('exit', (code) => resolve(code));
      server.kill('SIGTERM');
    }),
  15_000,
);
console.log(`\nSIGTERM after all this: exit ${stopped.result} in ${stopped.ms} ms`);
await db.end();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
