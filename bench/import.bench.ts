// Import near COPY, against the database made by bench/crm.seed.ts (1,000,000 customers):
// a 100,000-row customer import as an xlsx through the server process (preview, confirm, wait for
// done: time and the server's peak RSS from /proc), and in the same run its floor: PostgreSQL's COPY
// of the same rows (psql's \copy) into a staging-like table and into `customers` itself (the latter
// rolled back). Prints seconds, the ratios and the peak; removes what it imported afterwards. Each
// measured step starts on vacuumed tables (vacuumTouched: autovacuum is off on the bench server).
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench_import node --import tsx bench/crm.seed.ts
//        node --import tsx bench/import.bench.ts   [BENCH_DATABASE_URL=…yunhu_bench_import] [BENCH_IMPORT_ROWS=100000]
//        [BENCH_SERVER_HEAP=128] [BENCH_SERVER=tsx] [BENCH_SERVER_FLAGS='--trace-gc']
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.js';
import { benchServerEnv } from './built-server.js';

const benchUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yunhu_bench_import';
const rowCount = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Every customer this bench makes has this source (and a 15… mobile; the seed's are 17…). */
const source = '压测导入13';
const fileName = 'bench-import-13.xlsx';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-import-bench-'));
const database = await openDatabase({ databaseUrl: benchUrl, dataDir: null, limits: { statementTimeoutMs: 0 } });
const { db } = database;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const [{ n: total, tenant, manager: managerId }] = (await q<{ n: number; tenant: number; manager: number }>(sql`
  select (select count(*)::int from customers) as n,
    (select id::int from tenants where code = 'E100001') as tenant,
    (select u.id::int from users u join tenants t on t.id = u.tenant_id
      where t.code = 'E100001' and u.username = 'manager') as manager`)) as [
  { n: number; tenant: number; manager: number },
];
if (total < 100_000) throw new Error('run bench/crm.seed.ts on this database first (see the usage above)');

/**
 * What this bench imported: the manager's customers with its mobiles (15000000000 + row). Not by
 * source alone: the xlsx reader can garble a character split between two chunks of the sheet.
 */
const mine = sql`c.tenant_id = ${tenant} and c.created_by = ${managerId}
  and c.mobile between '15000000000' and ${`15${String(rowCount - 1).padStart(9, '0')}`}`;
/**
 * The tables a run writes, vacuumed and analysed (autovacuum is off on the bench server): each
 * measured step starts on tables without the dead rows of the step before. Without it the import
 * met the 100,000 dead index entries of the same mobiles left by the floor's rolled-back COPY (and
 * the previous run's clean-up) in the unique index, each checked against the heap, and the server's
 * own maintenance (DB_MAINTENANCE_MINUTES) analysed customers for a second in the middle of the
 * preview.
 */
const vacuumTouched = async () => {
  for (const table of ['customers', 'crm_owner_logs', 'crm_import_rows', 'crm_imports', 'customer_counts']) {
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  }
};
/** Removes what a run imported: the owner log first (no index leads with customer_id), then the customers. */
const cleanUp = async () => {
  await db.execute(sql`delete from crm_owner_logs l using customers c
    where ${mine} and l.tenant_id = c.tenant_id and l.customer_id = c.id`);
  await db.execute(sql`delete from customers c where ${mine}`);
  await db.execute(sql`delete from crm_imports where tenant_id = ${tenant} and file_name = ${fileName}`);
  await db.execute(sql`drop table if exists bench_import_copy`);
  await vacuumTouched();
};
await cleanUp();

// ---- the rows: one xlsx for the import, the same rows as CSV for COPY -----------------------------
const xlsxPath = path.join(dataDir, fileName);
const stagePath = path.join(dataDir, 'stage.csv');
const customersPath = path.join(dataDir, 'customers.csv');
{
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxPath, useStyles: false });
  const sheet = book.addWorksheet('客户');
  sheet.addRow(['客户名称', '手机号', '公司', '来源', '意向等级', '备注']).commit();
  const stage = fs.createWriteStream(stagePath);
  const direct = fs.createWriteStream(customersPath);
  for (let i = 0; i < rowCount; i++) {
    const row = [
      `导入客户${i}`,
      `15${String(i).padStart(9, '0')}`,
      `导入公司${i % 1000}`,
      source,
      'ABCDE'[i % 5]!,
      `第${i}行`,
    ];
    sheet.addRow(row).commit();
    const line = row.join(',');
    if (!stage.write(`${line}\n`)) await new Promise<void>((r) => stage.once('drain', () => r()));
    if (!direct.write(`${tenant},${managerId},${managerId},${line}\n`))
      await new Promise<void>((r) => direct.once('drain', () => r()));
  }
  await book.commit();
  await Promise.all([stage, direct].map((w) => new Promise<void>((r) => w.end(() => r()))));
}

// ---- the floor: COPY through psql (\timing gives the statement's own time) -----------------------
const psqlTimed = (script: string) => {
  const out = spawnSync('psql', [benchUrl, '-v', 'ON_ERROR_STOP=1', '-X', '-q'], { input: script, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  const times = [...out.stdout.matchAll(/Time: ([\d.]+) ms/g)].map((m) => Number(m[1]));
  return times[times.length - 1]!;
};
// Staging-like: the rows of the file with their row number as key, in a logged table like crm_import_rows.
// BENCH_COPY=0 skips the floor (diagnosis only: no ratio without it).
const isFloorRun = process.env.BENCH_COPY !== '0';
const copyStageMs = !isFloorRun
  ? Number.NaN
  : psqlTimed(`create table bench_import_copy (row_no serial primary key, name text, mobile text,
  company text, source text, intention_level text, remark text);
\\timing on
\\copy bench_import_copy (name, mobile, company, source, intention_level, remark) from '${stagePath}' csv
`);
// Into customers itself (its indexes, its trigger-free unique check), then rolled back.
const copyCustomersMs = !isFloorRun
  ? Number.NaN
  : psqlTimed(`begin;
\\timing on
\\copy customers (tenant_id, owner_id, created_by, name, mobile, company, source, intention_level, remark) from '${customersPath}' csv
\\timing off
rollback;
`);
await db.execute(sql`drop table if exists bench_import_copy`);
// The rolled-back COPY left 100,000 dead rows (and their index entries) with the import's very mobiles.
await vacuumTouched();

// ---- the import through the server process ------------------------------------------------------
const port = 18000 + Math.floor(Math.random() * 1000);
const heap = [
  ...(process.env.BENCH_SERVER_HEAP ? [`--max-old-space-size=${process.env.BENCH_SERVER_HEAP}`] : []),
  // Node flags for the server process only, e.g. --trace-gc or --heap-prof (space-separated).
  ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
];
// The built server (scripts/build-server.mjs, rebuilt when stale) as in production; BENCH_SERVER=tsx
// runs the TypeScript through tsx instead (its transpiler stays in the process: ~70 MB more RSS).
const isBuilt = process.env.BENCH_SERVER !== 'tsx';
if (isBuilt) await (await import('../scripts/build-server.mjs')).buildServerIfStale();
const entry = isBuilt ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
const server = spawn(process.execPath, [...heap, ...entry], {
  env: { ...process.env, ...benchServerEnv(benchUrl, port, dataDir) },
  // With BENCH_SERVER_FLAGS (--trace-gc…) the server's output is shown.
  stdio: ['ignore', process.env.BENCH_SERVER_FLAGS ? 'inherit' : 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const memory = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};
const token = (
  (await (
    await fetch(`${base}/sso/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'Manager@2026' }),
    })
  ).json()) as { data: { token: string } }
).data.token;

fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
const rssBefore = memory().rss;
const started = Date.now();
const form = new FormData();
form.append('target', 'private');
form.append('duplicateMode', 'skip');
form.append('file', await fs.openAsBlob(xlsxPath), fileName);
const preview = (await (
  await fetch(`${base}${routeTables.crmImport.importPreview.path}`, {
    method: 'POST',
    headers: { 'cloud-token': token },
    body: form,
  })
).json()) as { code: number; msg: string; data: { batchId: string; validCount: number } };
if (preview.code !== 0) throw new Error(preview.msg);
const previewMs = Date.now() - started;
/** The peak so far: the preview's (the confirm's rows stay in the database). */
const previewPeak = memory().peak;
const confirmed = (await (
  await fetch(`${base}${routeTables.crmImport.importConfirm.path}`, {
    method: 'POST',
    headers: { 'cloud-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ batchId: preview.data.batchId }),
  })
).json()) as { code: number; msg: string };
if (confirmed.code !== 0) throw new Error(confirmed.msg);
let state: { status: string; inserted: number; skipped: number };
for (;;) {
  await new Promise((r) => setTimeout(r, 100));
  state = (
    (await (
      await fetch(`${base}${routeTables.crmImport.importState.path}?batchId=${preview.data.batchId}`, {
        headers: { 'cloud-token': token },
      })
    ).json()) as { data: typeof state }
  ).data;
  if (state.status !== 'running') break;
}
const importMs = Date.now() - started;
const { peak } = memory();
const [staged] = await q<{ n: number }>(
  sql`select count(*)::int as n from crm_import_rows where import_id = ${preview.data.batchId}`,
);

console.log(`database: ${total} customers; node ${process.version}, ${os.cpus().length} cores; ${rowCount} rows`);
console.log(
  `xlsx ${mb(fs.statSync(xlsxPath).size)}; server ${isBuilt ? 'built' : 'tsx'}, RSS ${mb(rssBefore)} before the import\n`,
);
console.log('| what | seconds | ratio to COPY (staging) | ratio to COPY (customers) |');
console.log('|---|---|---|---|');
console.log(`| COPY into a staging-like table | ${s(copyStageMs)} | 1.00x | |`);
console.log(`| COPY into customers (rolled back) | ${s(copyCustomersMs)} | | 1.00x |`);
console.log(
  `| import preview (upload, read, check, stage) | ${s(previewMs)} | ${(previewMs / copyStageMs).toFixed(2)}x | ${(previewMs / copyCustomersMs).toFixed(2)}x |`,
);
console.log(
  `| import confirm until done | ${s(importMs - previewMs)} | ${((importMs - previewMs) / copyStageMs).toFixed(2)}x | ${((importMs - previewMs) / copyCustomersMs).toFixed(2)}x |`,
);
console.log(
  `| import total (preview + confirm) | ${s(importMs)} | ${(importMs / copyStageMs).toFixed(2)}x | ${(importMs / copyCustomersMs).toFixed(2)}x |`,
);
const [garbled] = await q<{ n: number }>(
  sql`select count(*)::int as n from customers c where ${mine} and (c.source <> ${source} or c.name not like '导入客户%')`,
);
console.log(
  `\nstatus ${state.status}, inserted ${state.inserted}, skipped ${state.skipped}; server peak RSS ${mb(peak)} ` +
    `(${mb(previewPeak)} by the end of the preview) ` +
    `(floor: < 300 MB); staged rows left after the import: ${staged!.n}; rows whose text arrived garbled: ${garbled!.n}`,
);

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await cleanUp();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
