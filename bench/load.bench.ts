// The server under a load of signed-in people, against the database made by bench/crm.seed.ts and
// bench/calls.seed.ts (1,000,000 customers, 10,000,000 call records): an open-loop load (Poisson
// arrivals, each request's latency counted from its scheduled time) of the mix people make —
// 我的客户 pages 30 %, 客户详情 25 %, a month of 通话记录 (page 1 with its total) 20 %, the home page's
// call figures (base-census, 近7天) 15 %, a mobile-number search in 我的客户 10 % — spread over the
// administrator, a manager and an agent (a kind a person may not open goes to the others). The floor
// answers the same requests: a bare Fastify with a pg pool (bare-http.ts) running each request's own
// statements, captured from the handler as it runs them; its BEGIN and tenant settings stand in for
// the session check. Product and floor run in alternating blocks of the same requests at the same
// offsets (ABBA), so the shared machine weighs on both alike.
// Runs: the steps of BENCH_RATES; saturation (closed loop, 50 connections); the mix with 5 % of the
// home page's 客户统计 (getCustomerCensus, 近30天) taken from the list's share; on demand a CPU profile of
// the server (--cpu-prof) at 50 req/s, its self time by package and per request.
// Usage: node --import tsx bench/crm.seed.ts && node --import tsx bench/calls.seed.ts
//        node --import tsx bench/load.bench.ts   [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench]
//        [BENCH_SECTIONS=steps,saturation,census,profile] [BENCH_RATES=50,100,150,200] [BENCH_STEP_S=40]
//        [BENCH_BLOCK_S=10] [BENCH_SATURATION_S=30] [BENCH_CONNECTIONS=50] [BENCH_CENSUS_RATE=100]
//        [BENCH_WARMUP_S=10] [BENCH_PROFILE_RATE=50] [BENCH_PROFILE_S=30] [BENCH_VARIANTS=40]
//        [BENCH_TIMEOUT_MS=30000] [BENCH_MAX_SOCKETS=512] [BENCH_PROFILE_KEEP=/path/to/copy.cpuprofile]
// Every duration is per target: a step of BENCH_STEP_S=40 runs 40 s of product and 40 s of floor.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables, shanghaiDayStart } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, rowsOf, type TDb } from '../apps/server/src/db/client.js';
import { isInScope } from '../apps/server/src/db/scope.js';
import type { TRequestContext } from '../apps/server/src/http/context.js';
import { createCallCensusService } from '../apps/server/src/modules/call-record/call-census.service.js';
import { createCallRecordService } from '../apps/server/src/modules/call-record/call-record.service.js';
import { createCensusService } from '../apps/server/src/modules/crm-census/crm-census.service.js';
import { createRecordingStore } from '../apps/server/src/modules/telephony/recording.store.js';
import { createLocalStore } from '../apps/server/src/storage/index.js';
import { startBareServer, statementCapture } from './bare-http.js';
import { benchUrl } from './bench-db.js';
import { benchServerEnv, freePort, root, spawnServer, stopServer } from './built-server.js';
import { mainThreadProfileIn, selfTime } from './cpu-profile.js';
import { postJson } from './http-client.js';
import {
  closedLoop,
  loadAverage,
  merged,
  openLoop,
  poissonOffsets,
  quantile,
  seededRandom,
  send,
  type TBlockResult,
  type TRequestSpec,
} from './load-driver.js';
import { metricsWatcher, type TMetricsWatch } from './metrics-watch.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sections = new Set((process.env.BENCH_SECTIONS ?? 'steps,saturation,census').split(','));
const rates = (process.env.BENCH_RATES ?? '50,100,150,200').split(',').map(Number);
const stepSeconds = env('BENCH_STEP_S', 40);
const blockSeconds = env('BENCH_BLOCK_S', 10);
const saturationSeconds = env('BENCH_SATURATION_S', 30);
const connections = env('BENCH_CONNECTIONS', 50);
const censusRate = env('BENCH_CENSUS_RATE', 100);
const warmupSeconds = env('BENCH_WARMUP_S', 10);
const profileRate = env('BENCH_PROFILE_RATE', 50);
const profileSeconds = env('BENCH_PROFILE_S', 30);
const variantsPerPerson = env('BENCH_VARIANTS', 40);

// ---- the database, the server, the floor ------------------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-load-bench-'));
process.env.LOG_LEVEL = 'warn';
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', PORT: '0', CRM_RELEASE_JOB_MINUTES: '1440' }),
  isProduction: true,
};
const database = await openDatabase({ databaseUrl: benchUrl, dataDir: null });
const count = async (table: 'customers' | 'call_records') =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const customerCount = await count('customers');
const callCount = await count('call_records');
if (customerCount < 100_000 || callCount < 1_000_000) {
  throw new Error('run bench/crm.seed.ts and bench/calls.seed.ts first');
}
// This process's app resolves sessions and data scopes and runs the handlers whose statements the
// floor replays; the load goes to the server process.
const app = await buildApp(config, database);
/** The product's /metrics, scraped while its blocks run (metrics-watch.ts). */
const metricsToken = 'load-bench-metrics-token';
const startProductServer = async (nodeArgs: string[] = []) =>
  spawnServer({
    env: {
      ...benchServerEnv(benchUrl, await freePort(), dataDir),
      SIP_AUTOSTART: '0',
      METRICS_TOKEN: metricsToken,
    },
    nodeArgs,
    stdio: 'ignore',
  });
let product = await startProductServer();
const role = database.hasAppRole ? 'yunhu_app' : 'none';
const bare = await startBareServer(benchUrl, config.databaseLimits.poolMax);
const capture = statementCapture(benchUrl, role);

// ---- who signs in, and what each kind of request is ---------------------------------------------------
const people = [
  { label: 'admin', username: 'admin', password: 'Admin@2026' },
  { label: 'manager', username: 'manager', password: 'Manager@2026' },
  { label: 'agent', username: 'agent01', password: 'Agent@2026' },
];
const signIn = async (p: (typeof people)[number]) => {
  const login = await postJson<{ token: string }>(`${product.baseUrl}${routeTables.auth.login.path}`, '', p);
  if (login.code !== 0) throw new Error(`sign-in of ${p.username}: ${login.msg}`);
  const auth = (await app.services.auth.authenticate(login.data.token))!;
  return { label: p.label, token: login.data.token, auth, scope: await app.services.org.dataScopeOf(auth) };
};
type TPerson = Awaited<ReturnType<typeof signIn>>;
const sessions = await Promise.all(people.map(signIn));

const DAY = 86_400_000;
/** The web's ranges: Shanghai midnight of the first of the last `days` days to the end of today. */
const lastDays = (days: number): [number, number] => {
  const todayStart = shanghaiDayStart(new Date()).getTime();
  return [todayStart - (days - 1) * DAY, todayStart + DAY - 1];
};

type TKind = 'list' | 'detail' | 'calls' | 'callFigures' | 'mobileSearch' | 'census';
const kindLabel: Record<TKind, string> = {
  list: '我的客户 pages 1-3',
  detail: '客户详情',
  calls: '通话记录, a month, page 1 + total',
  callFigures: '首页 call figures (base-census, 近7天)',
  mobileSearch: '我的客户 mobile search',
  census: '首页 客户统计 (近30天)',
};
const mainMix: Partial<Record<TKind, number>> = { list: 30, detail: 25, calls: 20, callFigures: 15, mobileSearch: 10 };
const censusMix: Partial<Record<TKind, number>> = { ...mainMix, list: 25, census: 5 };

/** One request of the mix: what the product is sent, and the handler whose statements the floor replays. */
type TRequestPlan = {
  method: 'GET' | 'POST';
  path: string;
  body: Record<string, unknown>;
  handle: (ctx: TRequestContext) => Promise<unknown>;
};

const callRecords = createCallRecordService({
  database,
  isMasked: async (tx, auth) => (await app.services.crm.viewContext(tx, auth)).isMasked,
  store: createRecordingStore({ objects: createLocalStore(dataDir), secret: 'load-bench' }),
});
const callCensus = createCallCensusService({ database });
const customerCensus = createCensusService();
const routes = routeTables;

const listPlan = (body: Record<string, unknown>): TRequestPlan => ({
  method: 'POST',
  path: routes.crm.customerPage.path,
  body,
  handle: (ctx) => app.services.crm.customer.page(ctx, 'private', routes.crm.customerPage.request.parse(body)),
});
const detailPlan = (id: number): TRequestPlan => ({
  method: 'GET',
  path: `${routes.crm.customerDetail.path}?id=${id}`,
  body: {},
  handle: (ctx) => app.services.crm.customer.detail(ctx, id, 'private'),
});
const callsPlan = (): TRequestPlan => {
  const body = { page: 1, limit: 20, startRange: lastDays(30) };
  return {
    method: 'POST',
    path: routes.callRecord.getPage.path,
    body,
    handle: (ctx) => callRecords.page(ctx, routes.callRecord.getPage.request.parse(body)),
  };
};
const callFiguresPlan = (): TRequestPlan => {
  const body = { startRange: lastDays(7) };
  return {
    method: 'POST',
    path: routes.callCensus.baseCensus.path,
    body,
    handle: (ctx) => callCensus.totals(ctx, routes.callCensus.baseCensus.request.parse(body)),
  };
};
const censusPlan = (): TRequestPlan => {
  const [from, to] = lastDays(30);
  const body = { from, to };
  return {
    method: 'POST',
    path: routes.crm.census.path,
    body,
    handle: (ctx) => customerCensus.census(ctx, routes.crm.census.request.parse(body)),
  };
};

/**
 * Customers of the private pool this person sees, spread over the table: a repeatable sample of
 * the table's pages, kept when in his data scope (the detail's capture refuses any he may not open).
 */
const sampledCustomers = rowsOf<{ id: number; mobile: string; ownerId: number; deptId: number | null }>(
  await database.db.execute(sql`
    select id::int, mobile, owner_id::int as "ownerId", dept_id::int as "deptId"
    from customers tablesample system (5) repeatable (7)
    where tenant_id = ${sessions[0]!.auth.tenantId} and owner_id is not null and deleted_at is null`),
);
const customersOf = (who: TPerson) => {
  const visible = sampledCustomers.filter((c) => isInScope(who.scope, c));
  const step = Math.max(1, Math.floor(visible.length / variantsPerPerson));
  return visible.filter((_c, i) => i % step === 0).slice(0, variantsPerPerson);
};

const plansOf = (kind: TKind, who: TPerson): TRequestPlan[] => {
  if (kind === 'list') return [1, 2, 3].map((page) => listPlan({ page, limit: 20 }));
  if (kind === 'mobileSearch') return customersOf(who).map((c) => listPlan({ page: 1, limit: 20, mobile: c.mobile }));
  if (kind === 'detail') return customersOf(who).map((c) => detailPlan(c.id));
  if (kind === 'calls') return [callsPlan()];
  if (kind === 'callFigures') return [callFiguresPlan()];
  return [censusPlan()];
};

// ---- the cases: each plan of each person, with its product request and its floor request -------------
type TCase = { kind: TKind; who: string; product: TRequestSpec; floor: TRequestSpec };

const productSpec = (who: TPerson, plan: TRequestPlan): TRequestSpec => ({
  method: plan.method,
  url: new URL(`${product.baseUrl}${plan.path}`),
  token: who.token,
  body: JSON.stringify(plan.body),
});
/** The floor's request: the handler's statements, captured as it runs them for this person. */
const floorSpec = async (who: TPerson, plan: TRequestPlan): Promise<TRequestSpec | null> => {
  const ctx = (tx: TDb): TRequestContext => ({ auth: who.auth, tx, scope: who.scope });
  const statements = await capture.capture(who.auth.tenantId, (tx) => plan.handle(ctx(tx))).catch(() => null);
  if (!statements) return null;
  const run = await bare.prepare(who.auth.tenantId, role, statements);
  return { method: 'POST', url: new URL(run.url), token: '', body: '{}' };
};

/** A person's cases of one kind: none when his role may not open it (the product answers 403). */
const casesOf = async (kind: TKind, who: TPerson): Promise<TCase[]> => {
  const cases: TCase[] = [];
  for (const plan of plansOf(kind, who)) {
    const productRequest = productSpec(who, plan);
    const answer = await send(productRequest);
    if (answer.error?.startsWith('code 403')) return [];
    // A sampled customer in his data scope that the CRM's own rule hides from him: not a case.
    if (answer.error?.includes('客户不存在')) continue;
    if (answer.error) throw new Error(`${kindLabel[kind]} as ${who.label}: ${answer.error}`);
    const floorRequest = await floorSpec(who, plan);
    if (!floorRequest) continue;
    const floorAnswer = await send(floorRequest);
    if (floorAnswer.error) throw new Error(`floor of ${kindLabel[kind]} as ${who.label}: ${floorAnswer.error}`);
    cases.push({ kind, who: who.label, product: productRequest, floor: floorRequest });
  }
  return cases;
};

const allKinds: TKind[] = ['list', 'detail', 'calls', 'callFigures', 'mobileSearch', 'census'];
/** Per kind, per person who may open it, his cases. */
const casesByKind = new Map<TKind, TCase[][]>();
for (const kind of allKinds) {
  const perPerson: TCase[][] = [];
  for (const who of sessions) {
    const cases = await casesOf(kind, who);
    if (cases.length > 0) perPerson.push(cases);
  }
  if (perPerson.length === 0) throw new Error(`nobody may open ${kindLabel[kind]}`);
  casesByKind.set(kind, perPerson);
}

/** Draws a case: the kind by its weight in the mix, then a person who may open it, then a variant. */
const caseDrawer = (mix: Partial<Record<TKind, number>>) => {
  let cumulative = 0;
  const bands = (Object.entries(mix) as [TKind, number][]).map(([kind, weight]) => {
    cumulative += weight;
    return { kind, upTo: cumulative };
  });
  return (random: () => number): TCase => {
    const r = random() * cumulative;
    const { kind } = bands.find((b) => r < b.upTo) ?? bands.at(-1)!;
    const perPerson = casesByKind.get(kind)!;
    const cases = perPerson[Math.floor(random() * perPerson.length)]!;
    return cases[Math.floor(random() * cases.length)]!;
  };
};

// ---- runs: blocks of product and floor, alternating ------------------------------------------------------
type TTargetName = 'product' | 'floor';
const pidOf = (target: TTargetName) => (target === 'product' ? product.child.pid! : bare.pid);
const requestOf = (target: TTargetName, cases: TCase[]) => (k: number) => {
  const c = cases[k % cases.length]!;
  return { spec: target === 'product' ? c.product : c.floor, tag: c.kind };
};

/** An open-loop block: the requests and their offsets follow from the seed alone. */
const openBlock = (mix: Partial<Record<TKind, number>>, rate: number, seconds: number) => {
  const draw = caseDrawer(mix);
  return (target: TTargetName, seed: number) => {
    const random = seededRandom(seed);
    const offsets = poissonOffsets(rate, seconds, random);
    const cases = offsets.map(() => draw(random));
    return openLoop(pidOf(target), offsets, requestOf(target, cases));
  };
};
const closedBlock = (mix: Partial<Record<TKind, number>>, seconds: number) => {
  const draw = caseDrawer(mix);
  return (target: TTargetName, seed: number) => {
    const random = seededRandom(seed);
    const cases = Array.from({ length: 100_000 }, () => draw(random));
    return closedLoop(pidOf(target), connections, seconds, requestOf(target, cases));
  };
};

type TRun = {
  label: string;
  offered: number | null;
  loadBefore: number;
  loadDuring: number;
  /** What the product's own /metrics said over its blocks. */
  seen: TMetricsWatch;
} & Record<TTargetName, TBlockResult>;
const runs: TRun[] = [];
let seedBase = 1;

/** Runs `blocks` pairs of blocks, ABBA, the same seed for both targets of a pair. */
const paired = async (
  label: string,
  offered: number | null,
  blocks: number,
  block: (target: TTargetName, seed: number) => Promise<TBlockResult>,
) => {
  const loadBefore = loadAverage();
  const loads: number[] = [];
  const results: Record<TTargetName, TBlockResult[]> = { product: [], floor: [] };
  const seen = metricsWatcher(product.baseUrl, metricsToken);
  for (let j = 0; j < blocks; j++) {
    const seed = seedBase++ * 7919;
    const order: TTargetName[] = j % 2 === 0 ? ['product', 'floor'] : ['floor', 'product'];
    for (const target of order) {
      const stopWatching = target === 'product' ? await seen.watch() : null;
      results[target].push(await block(target, seed));
      await stopWatching?.();
      loads.push(loadAverage());
    }
  }
  const run: TRun = {
    label,
    offered,
    loadBefore,
    loadDuring: loads.reduce((s, l) => s + l, 0) / loads.length,
    product: merged(results.product),
    floor: merged(results.floor),
    seen: seen.result(),
  };
  runs.push(run);
  console.log(`${label}: ${summaryLine(run)}`);
  return run;
};

// ---- what a run prints ---------------------------------------------------------------------------------
const ms = (x: number) => (Number.isNaN(x) ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const achieved = (r: TBlockResult) => r.succeeded / (r.elapsedMs / 1000);
const errorsOf = (r: TBlockResult) => {
  const total = [...r.errors.values()].reduce((s, n) => s + n, 0);
  if (total === 0) return '0';
  return `${total} (${[...r.errors].map(([why, n]) => `${why} ×${n}`).join('; ')})`;
};
const summaryLine = (run: TRun) =>
  (['product', 'floor'] as const)
    .map((t) => `${t} ${achieved(run[t]).toFixed(0)} req/s p99 ${ms(quantile(run[t].latencies, 0.99))} ms`)
    .join(', ');
/** CPU per answer with code 0: the refusals' cost is charged to the requests served. */
const perSuccess = (cpuMs: number, r: TBlockResult) => (r.succeeded ? (cpuMs / r.succeeded).toFixed(2) : '-');
const resultRow = (run: TRun, target: TTargetName) => {
  const r = run[target];
  const q = (p: number) => ms(quantile(r.latencies, p));
  return `| ${run.label} | ${target} | ${achieved(r).toFixed(1)} | ${q(0.5)} | ${q(0.9)} | ${q(0.99)} | ${q(1)} | ${errorsOf(r)} | ${run.loadBefore.toFixed(2)} / ${run.loadDuring.toFixed(2)} | ${perSuccess(r.cpuMs, r)} | ${perSuccess(r.postgresCpuMs, r)} | ${ms(quantile(r.sendLagMs, 0.99))} |`;
};
const printRuns = (title: string, list: TRun[]) => {
  console.log(`\n${title}\n`);
  console.log(
    '| load | target | achieved req/s | p50 ms | p90 ms | p99 ms | max ms | errors | load avg 1 min before / during | server CPU ms/req | PostgreSQL CPU ms/req | send lag p99 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const run of list) for (const t of ['product', 'floor'] as const) console.log(resultRow(run, t));
};
const printSeen = (list: TRun[]) => {
  console.log(
    "\nThe product's own /metrics, scraped every second while its blocks ran (the latency histogram's increase, quantiles interpolated in its buckets as histogram_quantile does; the pool's highest sample):\n",
  );
  console.log(
    '| load | requests counted | answered by the bench | server p50 / p99 ms | bench p50 / p99 ms | pool in use, most | pool waiting, most | 503 | scrapes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const run of list) {
    const { seen } = run;
    const answered = run.product.succeeded + [...run.product.errors.values()].reduce((a, n) => a + n, 0);
    const server = (x: number | null) => (x === null ? '-' : ms(x));
    const bench = (p: number) => ms(quantile(run.product.latencies, p));
    console.log(
      `| ${run.label} | ${seen.requests} | ${answered} | ${server(seen.p50Ms)} / ${server(seen.p99Ms)} | ${bench(0.5)} / ${bench(0.99)} | ${seen.inUseMax} | ${seen.waitingMax} | ${seen.busy} | ${seen.scrapes} |`,
    );
  }
};
const printKinds = (list: TRun[]) => {
  console.log('\nPer kind of request, p50 / p99 ms (product | floor):\n');
  console.log('| load | kind | n | product p50 / p99 | floor p50 / p99 | p50 ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const run of list) {
    for (const kind of allKinds) {
      const p = run.product.latenciesByTag.get(kind);
      const f = run.floor.latenciesByTag.get(kind);
      if (!p || !f) continue;
      const cell = (xs: number[]) => `${ms(quantile(xs, 0.5))} / ${ms(quantile(xs, 0.99))}`;
      const ratio = quantile(p, 0.5) / quantile(f, 0.5);
      console.log(
        `| ${run.label} | ${kindLabel[kind]} | ${p.length} | ${cell(p)} | ${cell(f)} | ${ratio.toFixed(2)}x |`,
      );
    }
  }
};
const verdict = (isMet: boolean) => (isMet ? 'yes' : 'no');
const heldAt = (run: TRun | undefined, rate: number) =>
  run !== undefined &&
  achieved(run.product) >= 0.95 * rate &&
  quantile(run.product.latencies, 0.99) < 500 &&
  run.product.errors.size === 0;

// ---- the bench ------------------------------------------------------------------------------------------
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps', 'packages'], { cwd: root }).toString().trim();
console.log(
  `load bench: commit ${commit}${dirty ? ' (+ uncommitted changes under apps/ or packages/)' : ''}; node ${process.version}, ${os.cpus().length} cores`,
);
console.log(
  `database ${database.kind}: ${customerCount} customers, ${callCount} call records; pool ${config.databaseLimits.poolMax} (server and floor)`,
);
for (const kind of allKinds) {
  const perPerson = casesByKind.get(kind)!;
  console.log(`  ${kindLabel[kind]}: ${perPerson.map((cs) => `${cs[0]!.who} ${cs.length}`).join(', ')} variant(s)`);
}
const blocksOf = (seconds: number) => Math.max(1, Math.round(seconds / blockSeconds));
const blockLength = (seconds: number) => seconds / blocksOf(seconds);

if (warmupSeconds > 0) {
  // The server's first requests compile its code paths; not counted.
  const warm = openBlock(mainMix, 50, warmupSeconds);
  await warm('product', 0);
  await warm('floor', 0);
  console.log(`warmed up: ${warmupSeconds} s at 50 req/s each; load average ${loadAverage().toFixed(2)}`);
}

if (sections.has('steps')) {
  for (const rate of rates) {
    await paired(`${rate} req/s`, rate, blocksOf(stepSeconds), openBlock(mainMix, rate, blockLength(stepSeconds)));
  }
}
if (sections.has('saturation')) {
  const length = blockLength(saturationSeconds);
  await paired(
    `saturation, ${connections} connections`,
    null,
    blocksOf(saturationSeconds),
    closedBlock(mainMix, length),
  );
}
if (sections.has('census')) {
  const length = blockLength(stepSeconds);
  await paired(
    `${censusRate} req/s with 5 % 客户统计`,
    censusRate,
    blocksOf(stepSeconds),
    openBlock(censusMix, censusRate, length),
  );
}

const stepRuns = runs.filter((r) => r.offered !== null && !r.label.includes('客户统计'));
const saturation = runs.find((r) => r.offered === null);
const censusRun = runs.find((r) => r.label.includes('客户统计'));
if (runs.length > 0) {
  console.log(
    `\nOpen loop: Poisson arrivals, latency from each request's scheduled time; blocks of ${blockSeconds} s, product and floor alternating (ABBA) on the same requests.`,
  );
  console.log(
    'achieved = answers with code 0 per second; an error is HTTP status ≠ 200, body code ≠ 0, a transport failure or no answer in BENCH_TIMEOUT_MS.',
  );
  console.log(
    'Latencies of the answers with code 0 only (errors counted apart). CPU from /proc (utime + stime) per answer with code 0; PostgreSQL = every postgres process of the machine.',
  );
  printRuns('Load steps, saturation and the census mix:', runs);
  printSeen(runs);
  printKinds(runs);
  console.log('\nTargets (product):');
  const at100 = stepRuns.find((r) => r.offered === 100);
  if (at100) {
    const p99 = quantile(at100.product.latencies, 0.99);
    console.log(`- 100 req/s with p99 < 150 ms: ${verdict(p99 < 150)} (p99 ${ms(p99)} ms)`);
  }
  const at200 = stepRuns.find((r) => r.offered === 200);
  if (at200) {
    console.log(
      `- 200 req/s held (≥ 95 % achieved) with p99 < 500 ms and 0 errors: ${verdict(heldAt(at200, 200))} (${achieved(at200.product).toFixed(1)} req/s, p99 ${ms(quantile(at200.product.latencies, 0.99))} ms, errors ${errorsOf(at200.product)})`,
    );
  }
  if (saturation) {
    const ratio = achieved(saturation.product) / achieved(saturation.floor);
    console.log(
      `- saturation ≥ 0.85x the floor: ${verdict(ratio >= 0.85)} (${achieved(saturation.product).toFixed(0)} against ${achieved(saturation.floor).toFixed(0)} req/s, ${ratio.toFixed(2)}x)`,
    );
  }
  if (censusRun) {
    console.log(
      `- ${censusRun.label} held with p99 < 500 ms and 0 errors: ${verdict(heldAt(censusRun, censusRate))} (${achieved(censusRun.product).toFixed(1)} req/s, p99 ${ms(quantile(censusRun.product.latencies, 0.99))} ms)`,
    );
  }
}

// ---- the CPU profile ---------------------------------------------------------------------------------------
if (sections.has('profile')) {
  // A server of its own with --cpu-prof (the profile is written when it exits), the one above stopped
  // so that only it runs; the sessions are the database's and stay valid.
  await stopServer(product.child);
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-load-profile-'));
  product = await startProductServer(['--cpu-prof', '--cpu-prof-dir', profileDir]);
  for (const cases of casesByKind.values()) {
    for (const c of cases.flat())
      c.product.url = new URL(c.product.url.pathname + c.product.url.search, product.baseUrl);
  }
  const load = openBlock(mainMix, profileRate, profileSeconds);
  await openBlock(mainMix, profileRate, warmupSeconds || 10)('product', 0);
  const loadBefore = loadAverage();
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  const fromUs = nowUs();
  const result = await load('product', 424242);
  const toUs = nowUs();
  await stopServer(product.child);
  const { groups, functions } = selfTime(mainThreadProfileIn(profileDir), root, fromUs, toUs);
  const busy = groups.filter((g) => g.name !== '(idle)').reduce((s, g) => s + g.ms, 0);
  const perRequest = (x: number) => (x / result.succeeded).toFixed(2);
  console.log(
    `\nCPU profile of the server (--cpu-prof, main thread), ${profileRate} req/s open loop for ${profileSeconds} s: ${result.answered} requests, achieved ${achieved(result).toFixed(1)} req/s, p50 / p99 ${ms(quantile(result.latencies, 0.5))} / ${ms(quantile(result.latencies, 0.99))} ms, errors ${errorsOf(result)}; load average ${loadBefore.toFixed(2)} before, ${loadAverage().toFixed(2)} after`,
  );
  console.log(
    `main thread busy ${perRequest(busy)} ms a request (profiled, not idle); the process's CPU from /proc ${perRequest(result.cpuMs)} ms a request (all threads, profiler included)\n`,
  );
  console.log('| where | self ms | share of busy | ms / request |');
  console.log('|---|---|---|---|');
  for (const g of groups.filter((x) => x.name !== '(idle)')) {
    console.log(`| ${g.name} | ${g.ms.toFixed(0)} | ${((100 * g.ms) / busy).toFixed(1)} % | ${perRequest(g.ms)} |`);
  }
  console.log('\nThe functions with most self time:\n');
  console.log('| function | self ms | share of busy |');
  console.log('|---|---|---|');
  for (const f of functions.filter((x) => x.name !== '(idle)').slice(0, 15)) {
    console.log(`| ${f.name.replace(/\|/g, '\\|')} | ${f.ms.toFixed(0)} | ${((100 * f.ms) / busy).toFixed(1)} % |`);
  }
  // BENCH_PROFILE_KEEP=file keeps the profile, to open in a profiler's view.
  if (process.env.BENCH_PROFILE_KEEP) fs.copyFileSync(mainThreadProfileIn(profileDir), process.env.BENCH_PROFILE_KEEP);
  fs.rmSync(profileDir, { recursive: true, force: true });
}

await capture.end();
await bare.stop();
await stopServer(product.child);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
// The kept-alive sockets of the load would hold the process open.
process.exit(0);
