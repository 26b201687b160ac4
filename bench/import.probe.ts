// What a crash and a hostile file do to an import, probed from outside, against the real server
// process on PostgreSQL, printing these figures:
// 1. a 20,000-row customer import killed (kill -9) once 6,000 rows are written; the server started
//    again: what the batch says at once, after its lease ran out, and after confirming it again;
// 2. a 1.55 MB xlsx whose sheet unpacks to 1.5 GB sent to the customer import: the answer and the
//    server's resident memory before and at its peak (VmHWM).
// It creates (drops first) the database yunhu_probe_import (PROBE_DATABASE_URL) with the demo data.
// Usage: node --import tsx bench/import.probe.ts   (about four minutes: the lease is two)
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hostileWorkbook, sheetXml } from '../apps/server/src/http/spreadsheet.test-kit.js';

const probeUrl = process.env.PROBE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yunhu_probe_import';
const name = new URL(probeUrl).pathname.slice(1);
if (!/^yunhu_probe\w*$/.test(name)) throw new Error(`refusing to drop database ${name}`);
const serverUrl = new URL(probeUrl);
serverUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: serverUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
const db = new pg.Client({ connectionString: probeUrl });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-probe-'));
const port = 19000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess = spawn(process.execPath, ['--version']);
const startServer = async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: probeUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: '',
      SIP_AUTOSTART: '0',
      LOG_LEVEL: 'fatal',
      CRM_RELEASE_JOB_MINUTES: '1440',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    const isUp = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((r) => setTimeout(r, 200));
  }
};
process.on('exit', () => server.kill('SIGKILL'));

type TState = { status: string; processed: number; inserted: number; skipped: number; message: string };
type TEnvelope<T = unknown> = { code: number; msg: string; data: T };
const post = async <T>(url: string, body: unknown, token?: string) =>
  (await (
    await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'cloud-token': token } : {}) },
      body: JSON.stringify(body),
    })
  ).json()) as TEnvelope<T>;
const state = async (batchId: string, token: string) =>
  (
    (await (
      await fetch(`${base}/base/crm/import-state?batchId=${batchId}`, { headers: { 'cloud-token': token } })
    ).json()) as TEnvelope<TState>
  ).data;
const upload = async (token: string, fileName: string, content: Buffer) => {
  const form = new FormData();
  form.append('target', 'public');
  form.append('file', new Blob([content]), fileName);
  const res = await fetch(`${base}/base/crm/import`, { method: 'POST', headers: { 'cloud-token': token }, body: form });
  return (await res.json()) as TEnvelope<{ batchId: string }>;
};
const rssMb = (field: 'VmRSS' | 'VmHWM') => {
  const line = fs
    .readFileSync(`/proc/${server.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field))!;
  return Math.round(Number(line.replace(/\D/g, '')) / 1024);
};

await startServer();
await db.connect();
const login = await post<{ token: string }>('/sso/login', { username: 'admin', password: 'Admin@2026' });
const token = login.data.token;

console.log('— 6. a 20,000-row import killed after 6,000 rows —');
const rows = Array.from({ length: 20_000 }, (_, i) => `探针${i},1396${String(i).padStart(7, '0')}`);
const preview = await upload(token, '探针.csv', Buffer.from(['客户名称,手机号', ...rows].join('\r\n')));
if (preview.code !== 0) throw new Error(preview.msg);
const { batchId } = preview.data;
await post('/base/crm/confirm-import', { batchId }, token);
for (;;) {
  if ((await state(batchId, token)).processed >= 6_000) break;
  await new Promise((r) => setTimeout(r, 10));
}
server.kill('SIGKILL');
await new Promise((r) => server.once('exit', r));
const written = async () =>
  (await db.query(`select count(*)::int as n from customers where mobile like '1396%'`)).rows[0].n as number;
console.log(`killed: ${await written()} customers written`);
const killedAt = Date.now();
await startServer();
const atStart = await state(batchId, token);
const early = await post('/base/crm/confirm-import', { batchId }, token);
console.log(`restarted: ${atStart.status}, ${atStart.processed} processed; confirm → ${early.code} ${early.msg}`);
let after = atStart;
while (after.status === 'running') {
  await new Promise((r) => setTimeout(r, 2_000));
  after = await state(batchId, token);
}
console.log(`after ${Math.round((Date.now() - killedAt) / 1000)} s: ${after.status}: ${after.message}`);
const again = await post('/base/crm/confirm-import', { batchId }, token);
console.log(`confirm again → ${again.code} ${again.msg}`);
let final = await state(batchId, token);
while (final.status === 'running') {
  await new Promise((r) => setTimeout(r, 500));
  final = await state(batchId, token);
}
const logs = (
  await db.query(`select count(*)::int as n from crm_owner_logs l join customers c on c.id = l.customer_id
    where c.mobile like '1396%' and l.action = 'import'`)
).rows[0].n;
console.log(
  `final: ${final.status}, processed ${final.processed}, inserted ${final.inserted}, skipped ${final.skipped}; ` +
    `${await written()} customers, ${logs} import log rows`,
);

console.log('— 7. a 1.5 GB sheet in a small xlsx —');
// A fresh process, so its peak is the bomb's alone.
server.kill('SIGKILL');
await new Promise((r) => server.once('exit', r));
await startServer();
const token2 = (await post<{ token: string }>('/sso/login', { username: 'admin', password: 'Admin@2026' })).data.token;
const bomb = await hostileWorkbook([
  {
    name: 'xl/worksheets/sheet1.xml',
    head: sheetXml.head,
    repeat: '<row r="2"><c r="A2"/></row>',
    times: 53_571_428,
    tail: sheetXml.tail,
  },
]);
const before = rssMb('VmRSS');
const started = Date.now();
const refused = await upload(token2, '炸弹.xlsx', bomb);
console.log(
  `${(bomb.length / 2 ** 20).toFixed(2)} MB file → ${refused.code} ${refused.msg} in ${Date.now() - started} ms; ` +
    `server RSS ${before} MB → peak ${rssMb('VmHWM')} MB`,
);
await db.end();
server.kill('SIGKILL');
process.exit(0);
