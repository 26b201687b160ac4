// 找企业 at 1,000,000 companies (模拟企业库), against the database bench/clue.seed.ts makes (created and
// seeded here when absent): a realistic mix of keyword and filter searches, each through HTTP
// (companyPage: sign-in check, the count bounded at 5001, the page, the unlocked and customer marks)
// and as the raw SQL of the same search (the repository's two statements on one connection), rounds
// interleaved so both see the same machine. Prints p50/p95 per search and for the weighted mix, and
// the plans of two searches.
// Usage: node --import tsx bench/clue-search.bench.ts
//        [BENCH_CLUE_DATABASE_URL=postgres://root@127.0.0.1:5432/yunhu_clue_bench] [BENCH_RUNS=30]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clueLimits, routeTables, type TClueQuery } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { rowsOf } from '../apps/server/src/db/client.js';
import { clueRepository } from '../apps/server/src/modules/clue/clue.repository.js';
import { filterOf } from '../apps/server/src/modules/clue/clue.service.js';
import { openClueBench } from './clue.seed.js';
import { postJson } from './http-client.js';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-clue-bench-'));
process.env.LOG_LEVEL = 'warn';
const { database, companies } = await openClueBench();
const { db } = database;
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', PORT: '0', CRM_RELEASE_JOB_MINUTES: '1440' }),
  isProduction: true,
};
const loadAtStart = os.loadavg()[0]!.toFixed(2);
const app = await buildApp(config, database);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await postJson<{ token: string }>(`${base}${routeTables.auth.login.path}`, '', {
  username: 'admin',
  password: 'Admin@2026',
});
const token = login.data.token;

/** The mix: what people type and choose, weighted by how often (pages past the first are rarer). */
const mix: { label: string; weight: number; q: TClueQuery }[] = [
  { label: '关键词 常见（科技）', weight: 10, q: { keyword: '科技' } },
  { label: '关键词 品牌（华信网络）', weight: 10, q: { keyword: '华信网络' } },
  { label: '关键词 经营范围（货物运输）', weight: 8, q: { keyword: '货物运输' } },
  { label: '关键词+省（软件 广东省）', weight: 10, q: { keyword: '软件', province: '广东省' } },
  {
    label: '关键词+市+有手机（物流 杭州市）',
    weight: 8,
    q: { keyword: '物流', province: '浙江省', city: '杭州市', hasMobile: true },
  },
  { label: '行业+省 按成立日期', weight: 10, q: { industry: '制造业', province: '江苏省', sort: 'founded' } },
  { label: '区+成立年限', weight: 6, q: { province: '广东省', city: '深圳市', district: '南山区', ageBand: 1 } },
  {
    label: '状态+资本+有手机 按资本',
    weight: 8,
    q: { status: '存续', capitalBand: 3, hasMobile: true, sort: 'capital' },
  },
  { label: '无条件 默认排序', weight: 6, q: {} },
  { label: '人员规模+关键词 按成立日期', weight: 6, q: { keyword: '餐饮', staffBand: 2, sort: 'founded' } },
  { label: '关键词 第10页', weight: 4, q: { keyword: '科技', page: 10 } },
  {
    label: '关键词+省 第100页（末页附近）',
    weight: 2,
    q: { keyword: '软件', province: '广东省', page: 100, limit: 50 },
  },
  { label: '行业 第250页（第5000条）', weight: 2, q: { industry: '批发和零售业', page: 250 } },
];

const parsed = (q: TClueQuery) => routeTables.clue.companyPage.request.parse(q);
const http = async (q: TClueQuery) => {
  const res = await postJson<{ total: number }>(`${base}${routeTables.clue.companyPage.path}`, token, q);
  if (res.code !== 0) throw new Error(`${res.code} ${res.msg}`);
  return res.data.total;
};
const raw = async (q: TClueQuery) => {
  const p = parsed(q);
  return (await clueRepository.search(db, filterOf(p), p.sort, p, clueLimits.maxRows)).total;
};
const timed = async (fn: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

// Warm both paths once (plans, the pool, the pages of the table the mix reads).
const totals = new Map<string, number>();
for (const m of mix) {
  const [h, r] = [await http(m.q), await raw(m.q)];
  if (h !== r) throw new Error(`${m.label}: HTTP total ${h} ≠ raw ${r}`);
  totals.set(m.label, h);
}
const times = new Map(mix.map((m) => [m.label, { http: [] as number[], raw: [] as number[] }]));
for (let i = 0; i < runs; i++) {
  for (const m of mix) {
    const t = times.get(m.label)!;
    if (i % 2 === 0) {
      t.http.push(await timed(() => http(m.q)));
      t.raw.push(await timed(() => raw(m.q)));
    } else {
      t.raw.push(await timed(() => raw(m.q)));
      t.http.push(await timed(() => http(m.q)));
    }
  }
}
// The mix: each search's times repeated by its weight.
const weighted = (side: 'http' | 'raw') => mix.flatMap((m) => Array(m.weight).fill(times.get(m.label)![side]).flat());

const lines = [
  `companies: ${companies.toLocaleString('en')}; runs per search: ${runs}; load average at start ${loadAtStart}, at end ${os.loadavg()[0]!.toFixed(2)}; ${os.cpus().length} CPUs`,
  '',
  '| search | matches | HTTP p50 | HTTP p95 | raw SQL p50 | raw SQL p95 |',
  '|---|---:|---:|---:|---:|---:|',
  ...mix.map((m) => {
    const t = times.get(m.label)!;
    const n = totals.get(m.label)!;
    return `| ${m.label} (×${m.weight}) | ${n >= clueLimits.maxRows ? `${clueLimits.maxRows}+` : n} | ${pct(t.http, 50).toFixed(1)} | ${pct(t.http, 95).toFixed(1)} | ${pct(t.raw, 50).toFixed(1)} | ${pct(t.raw, 95).toFixed(1)} |`;
  }),
  `| **weighted mix** | | **${pct(weighted('http'), 50).toFixed(1)}** | **${pct(weighted('http'), 95).toFixed(1)}** | **${pct(weighted('raw'), 50).toFixed(1)}** | **${pct(weighted('raw'), 95).toFixed(1)}** |`,
  '',
  '(milliseconds)',
];
console.log(lines.join('\n'));

const plan = async (label: string, q: TClueQuery) => {
  const p = parsed(q);
  const f = filterOf(p);
  // The page statement as the repository sends it for a search under the bound (the pairs' index).
  const text = rowsOf<{ 'QUERY PLAN': string }>(
    await db.execute(sql`explain (analyze, buffers off, costs off) select id from clue_companies
      where grams @> clue_grams(${f.keyword ?? ''}) and (name ilike ${`%${f.keyword}%`} or scope ilike ${`%${f.keyword}%`})
      ${f.province ? sql`and province = ${f.province}` : sql``}
      order by (name ilike ${`%${f.keyword}%`}) desc, capital_wan desc, id desc limit 20`),
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  console.log(`\nplan: ${label}\n${text}`);
};
await plan('关键词 品牌（华信网络）', { keyword: '华信网络' });
await plan('关键词+省（软件 广东省）', { keyword: '软件', province: '广东省' });
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
