// Server start and footprint, each figure against a floor measured in the same run:
// a bare Fastify answering /healthz with one `select 1` on the same database (PGlite on the same
// data folder, or a pg pool), written by this bench to a temporary file and run by plain node.
// - warm start: process spawn → first /healthz 200, on a data folder (or database) already migrated
//   and seeded; the built server as `npm start` runs it (node dist/main.js: the bundle from V8's code
//   cache, no source maps), the same with --enable-source-maps (the end-to-end harness: Node's own
//   loader, no code cache), and its sources run by tsx (the old way);
// - first start on an empty data folder (PGlite): the floor's PGlite runs initdb there too (any server
//   on the embedded database pays it), but no migrations and no seed;
// - RSS of the process (and its children: tsx's esbuild) when /healthz first answers, 3 s later,
//   and after the throughput run;
// - /healthz req/s (autocannon, 10 connections): one process on PGlite and on PostgreSQL, the built
//   server at LOG_LEVEL=info and warn; two processes on PostgreSQL (two ports, two clients at once).
// Usage: node --import tsx bench/server.bench.ts   (BENCH_RUNS=7 warm starts, BENCH_COLD_RUNS=3,
// BENCH_SECONDS=5 per throughput run, BENCH_THROUGHPUT=0 starts and memory only, BENCH_BEFORE=/tmp/base
// adds that checkout's sources run by tsx, BENCH_PG_SERVER=postgres://postgres@127.0.0.1:5432, whose
// database yunhu_bench_server is created and dropped by the run; BENCH_PG_SERVER= skips PostgreSQL)
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer, serverBundle } from '../scripts/build-server.mjs';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const isThroughput = process.env.BENCH_THROUGHPUT !== '0';
const before = process.env.BENCH_BEFORE || null;
const pgServer = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const pgUrl = pgServer ? `${pgServer}/yunhu_bench_server` : null;

type TVariant = { name: string; args: string[]; cwd: string };
const floorFile = path.join(root, '.tmp', `bench-server-floor-${process.pid}.mjs`);
const floor: TVariant = { name: 'floor: bare Fastify + pool', args: [floorFile], cwd: root };
const built: TVariant = { name: 'built: node dist/main.js', args: [serverBundle], cwd: root };
const mapped: TVariant = {
  name: 'built, --enable-source-maps',
  args: ['--enable-source-maps', serverBundle],
  cwd: root,
};
const sources: TVariant = {
  name: 'sources run by tsx',
  args: ['--import', 'tsx', 'apps/server/src/main.ts'],
  cwd: root,
};
const old: TVariant | null = before
  ? { name: `before (${before}, tsx)`, args: ['--import', 'tsx', 'apps/server/src/main.ts'], cwd: before }
  : null;
const servers = [built, mapped, sources, ...(old ? [old] : [])];

fs.mkdirSync(path.dirname(floorFile), { recursive: true });
fs.writeFileSync(
  floorFile,
  `import path from 'node:path';
import Fastify from 'fastify';
let ping;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query('select 1');
  ping = () => pool.query('select 1');
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(process.env.DATA_DIR, 'pgdata'));
  await db.waitReady;
  ping = () => db.query('select 1');
}
const app = Fastify();
app.get('/healthz', async () => {
  await ping();
  return { code: 0, msg: 'ok', data: { isUp: true } };
});
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`,
);

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Resident memory of a process and its descendants, in MB. */
const rssOf = (pid: number): number => {
  const own = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      return fs
        .readdirSync(`/proc/${p}/task`)
        .flatMap((t) => fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/))
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const walk = (p: number): number => own(p) + children(p).reduce((sum, c) => sum + walk(c), 0);
  return walk(pid);
};

type TRunning = { child: ChildProcess; base: string; startMs: number; rssAtUp: number };

const start = async (v: TVariant, env: Record<string, string>): Promise<TRunning> => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, v.args, {
    cwd: v.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      SIP_AUTOSTART: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${v.name} exited:\n${output}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > 120_000) throw new Error(`${v.name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return { child, base, startMs, rssAtUp: child.pid ? rssOf(child.pid) : 0 };
};

const rssNow = (r: TRunning) => (r.child.pid ? rssOf(r.child.pid) : 0);

const stop = async ({ child }: TRunning) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hammer = async (bases: string[]) => {
  const results = await Promise.all(
    bases.map((b) => autocannon({ url: `${b}/healthz`, connections: 10, duration: seconds })),
  );
  return results.reduce((sum, r) => sum + r.requests.average, 0);
};

const add = (into: Record<string, number[]>, key: string, value: number) => {
  const list = into[key] ?? [];
  list.push(value);
  into[key] = list;
};

/** Leaves the rest of a section out (BENCH_THROUGHPUT=0). */
class Skip extends Error {}

type TRow = { what: string; values: number[]; floor: number[]; unit: string };
const rows: TRow[] = [];
const report = (what: string, values: number[], floorValues: number[], unit: string) =>
  rows.push({ what, values, floor: floorValues, unit });

await buildServer();
const dataDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `yunhu-bench-server-${name}-`));

// PGlite: first starts on empty folders (floor and servers interleaved); the first one's folder is
// then the warm folder of every warm start.
const warmDir = dataDir('warm');
// Migrates and seeds the warm folder (and writes the new bundle's code cache) when no first start does.
if (coldRuns === 0) await stop(await start(built, { DATA_DIR: warmDir }));
{
  const cold: Record<string, number[]> = {};
  const coldRss: Record<string, number[]> = {};
  for (let i = 0; i < coldRuns; i++) {
    for (const v of [floor, ...servers]) {
      const dir = i === 0 && v === built ? warmDir : dataDir('cold');
      const r = await start(v, { DATA_DIR: dir });
      await sleep(3000);
      add(cold, v.name, r.startMs);
      add(coldRss, v.name, rssNow(r));
      await stop(r);
      if (dir !== warmDir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const v of coldRuns > 0 ? servers : []) {
    report(`PGlite first start: ${v.name}`, cold[v.name] ?? [], cold[floor.name] ?? [], 'ms');
    report(`PGlite first start, RSS 3 s after: ${v.name}`, coldRss[v.name] ?? [], coldRss[floor.name] ?? [], 'MB');
  }
}

/** Warm starts, RSS and one-process throughput of every variant on one database, interleaved. */
const warmRound = async (dbName: string, env: Record<string, string>) => {
  const startMs: Record<string, number[]> = {};
  const rssUp: Record<string, number[]> = {};
  const rssLater: Record<string, number[]> = {};
  const rssLoaded: Record<string, number[]> = {};
  const rps: Record<string, number[]> = {};
  const variants = [floor, ...servers];
  for (let i = 0; i < runs; i++) {
    for (const v of variants) {
      const r = await start(v, env);
      add(startMs, v.name, r.startMs);
      add(rssUp, v.name, r.rssAtUp);
      await sleep(3000);
      add(rssLater, v.name, rssNow(r));
      // Throughput on the first three runs only (each costs BENCH_SECONDS).
      if (i < 3 && isThroughput) {
        add(rps, v.name, await hammer([r.base]));
        add(rssLoaded, v.name, rssNow(r));
      }
      await stop(r);
    }
  }
  for (const v of servers) {
    report(`${dbName} warm start: ${v.name}`, startMs[v.name] ?? [], startMs[floor.name] ?? [], 'ms');
    report(`${dbName} RSS at first 200: ${v.name}`, rssUp[v.name] ?? [], rssUp[floor.name] ?? [], 'MB');
    report(`${dbName} RSS 3 s later: ${v.name}`, rssLater[v.name] ?? [], rssLater[floor.name] ?? [], 'MB');
    if (!isThroughput) continue;
    report(
      `${dbName} RSS after ${seconds} s of /healthz: ${v.name}`,
      rssLoaded[v.name] ?? [],
      rssLoaded[floor.name] ?? [],
      'MB',
    );
    report(`${dbName} /healthz req/s, LOG_LEVEL=info: ${v.name}`, rps[v.name] ?? [], rps[floor.name] ?? [], 'req/s');
  }
  // The request log's cost: a server at warn (no request lines at all) against info.
  for (const v of isThroughput ? [built, ...(old ? [old] : [])] : []) {
    const quiet: number[] = [];
    const loud: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (const [level, into] of [
        ['warn', quiet],
        ['info', loud],
      ] as const) {
        const r = await start(v, { ...env, LOG_LEVEL: level });
        into.push(await hammer([r.base]));
        await stop(r);
      }
    }
    report(`${dbName} /healthz req/s, LOG_LEVEL=info against warn: ${v.name}`, loud, quiet, 'req/s');
  }
};

await warmRound('PGlite', { DATA_DIR: warmDir });
fs.rmSync(warmDir, { recursive: true, force: true });

if (pgUrl && pgServer) {
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await admin.connect();
  await admin.query('drop database if exists yunhu_bench_server');
  await admin.query('create database yunhu_bench_server');
  try {
    const env = { DATABASE_URL: pgUrl, DATA_DIR: dataDir('pg') };
    // Migrates and seeds the database: every start after it is warm.
    await stop(await start(built, env));
    await warmRound('PostgreSQL', env);
    // Two processes on two cores, each hammered by its own client at the same time.
    if (!isThroughput) throw new Skip();
    const two: number[] = [];
    const twoFloor: number[] = [];
    const one: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (const [v, into] of [
        [floor, twoFloor],
        [built, two],
      ] as const) {
        const a = await start(v, env);
        const b = await start(v, env);
        into.push(await hammer([a.base, b.base]));
        await Promise.all([stop(a), stop(b)]);
      }
      const a = await start(built, env);
      one.push(await hammer([a.base]));
      await stop(a);
    }
    report('PostgreSQL /healthz req/s, two built processes against the floor', two, twoFloor, 'req/s');
    report('PostgreSQL /healthz req/s, two built processes against one', two, one, 'req/s');
  } catch (error) {
    if (!(error instanceof Skip)) throw error;
  } finally {
    await admin.query('drop database if exists yunhu_bench_server with (force)');
    await admin.end();
  }
}
fs.rmSync(floorFile, { force: true });

console.log(
  `\n${os.cpus().length} cores, node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; medians of ${runs} warm / ${coldRuns} cold starts${isThroughput ? `, 3 × ${seconds} s of load` : ''}`,
);
console.log('| what | median | floor (same run) | ratio |');
console.log('|---|---|---|---|');
for (const r of rows) {
  const v = median(r.values);
  const f = median(r.floor);
  console.log(`| ${r.what} | ${v.toFixed(0)} ${r.unit} | ${f.toFixed(0)} ${r.unit} | ${(v / f).toFixed(2)}x |`);
}
