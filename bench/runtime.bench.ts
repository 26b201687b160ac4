// Two builds of the server side by side: warm start and one list request, interleaved in one run.
// "after" is this checkout's built server on the project's Node; "before" is another checkout whose
// server is already built (BENCH_BEFORE=/path/to/checkout), run by BENCH_BEFORE_NODE (default: the
// same Node). Each gets its own PostgreSQL database, migrated and seeded with the demo data by a first
// start that is not counted.
// - warm start: process spawn → first /healthz 200, BENCH_RUNS times each, alternating;
// - a list request: 我的客户 page 1 as the demo manager, one kept-alive connection, sequential,
//   BENCH_REQUESTS each in blocks of 50 alternating between the two servers (both up), after a warm-up.
// Usage: BENCH_BEFORE=/tmp/before [BENCH_BEFORE_NODE=/usr/bin/node] node --import tsx bench/runtime.bench.ts
// (BENCH_PG_SERVER=postgres://root@127.0.0.1:5432; databases yunhu_bench_runtime_* are dropped after).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfStale, serverBundle } from '../scripts/build-server.mjs';
import { freePort } from './built-server.js';
import { postJson } from './http-client.js';

const beforeDir = process.env.BENCH_BEFORE;
if (!beforeDir) throw new Error('BENCH_BEFORE: a checkout whose server is built (apps/server/dist/main.js)');
const runs = Number(process.env.BENCH_RUNS ?? 7);
const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const pgServer = process.env.BENCH_PG_SERVER ?? 'postgres://root@127.0.0.1:5432';

type TVariant = { name: string; node: string; main: string; database: string };
const variants: TVariant[] = [
  {
    name: 'before',
    node: process.env.BENCH_BEFORE_NODE ?? process.execPath,
    main: path.join(beforeDir, 'apps/server/dist/main.js'),
    database: 'yunhu_bench_runtime_before',
  },
  { name: 'after', node: process.execPath, main: serverBundle, database: 'yunhu_bench_runtime_after' },
];

const onServer = async (statement: string) => {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

type TRunning = { child: ChildProcess; base: string; startMs: number };
const start = async (v: TVariant): Promise<TRunning> => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(v.node, [v.main], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `${pgServer}/${v.database}`,
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      SIP_AUTOSTART: '0',
      MEDIA_GATEWAY: '0',
      NODE_ENV: 'production',
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, startMs: performance.now() - startedAt };
    if (child.exitCode !== null) throw new Error(`${v.name} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};
const stop = (r: TRunning) =>
  new Promise<void>((resolve) => {
    r.child.once('exit', () => resolve());
    r.child.kill('SIGTERM');
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(p * xs.length) - 1]!;

const signIn = async (base: string) => {
  const res = await fetch(`${base}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: 'Manager@2026' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
};

await buildServerIfStale();
for (const v of variants) await onServer(`create database ${v.database}`);
try {
  // First starts: migrations and the demo data, not counted.
  for (const v of variants) await stop(await start(v));
  const starts = new Map(variants.map((v) => [v.name, [] as number[]]));
  for (let i = 0; i < runs; i++) {
    for (const v of i % 2 ? [...variants].reverse() : variants) {
      const running = await start(v);
      starts.get(v.name)!.push(running.startMs);
      await stop(running);
    }
  }
  const servers = await Promise.all(variants.map(start));
  const tokens = await Promise.all(servers.map((s) => signIn(s.base)));
  const list = async (i: number) => {
    const t0 = performance.now();
    const out = await postJson(`${servers[i]!.base}/base/crm/user-page`, tokens[i]!, { page: 1, limit: 20 });
    if (out.code !== 0) throw new Error(`${variants[i]!.name}: ${out.msg}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < variants.length; i++) for (let n = 0; n < 200; n++) await list(i);
  const times = variants.map(() => [] as number[]);
  for (let block = 0; block < requests / 50; block++) {
    for (let i = 0; i < variants.length; i++) for (let n = 0; n < 50; n++) times[i]!.push(await list(i));
  }
  await Promise.all(servers.map(stop));

  console.log(`warm start on PostgreSQL (median of ${runs}, ms) and 我的客户 page 1 (ms, ${requests} each)`);
  for (const [i, v] of variants.entries()) {
    const s = starts.get(v.name)!;
    console.log(
      `  ${v.name.padEnd(7)} start ${median(s).toFixed(0)} (min ${Math.min(...s).toFixed(0)})  list p50 ${median(times[i]!).toFixed(2)} p90 ${quantile(times[i]!, 0.9).toFixed(2)}  (${v.node})`,
    );
  }
  const [b, a] = variants.map((v) => median(starts.get(v.name)!));
  const [lb, la] = times.map(median);
  console.log(`  after/before: start ${(a! / b!).toFixed(2)}x, list p50 ${(la! / lb!).toFixed(2)}x`);
} finally {
  for (const v of variants) await onServer(`drop database if exists ${v.database} with (force)`);
}
