// Lighthouse 12 on the login page (goal ≥ 95, mobile and desktop), performance
// category, against the built server in Debian's Chromium. Builds nothing: run `npm run build` first.
//
// Floor in the same run: a second server serving the same build without its .br/.gz copies (identity,
// as a server without precompression sends it). Runs are interleaved (compressed, uncompressed, per
// preset, three rounds) so a busy machine weighs on both alike; each run starts its own Chromium
// (empty profile, no cache). Median of 3 per preset and server: score, FCP, LCP, TBT, CLS, Speed
// Index, and Lighthouse's benchmark index of the machine (its CPU speed; ~1,000+ on an idle desktop,
// lower when other work shares the cores: TBT and the simulated timings grow with it).
// Usage: npm run build && node --import tsx bench/lighthouse.bench.ts  (BENCH_RUNS=3; BENCH_LHR_DIR=dir
// keeps each run's report)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import {
  chromiumFlags,
  chromiumPath,
  requireBuiltWeb,
  startBuiltServer,
  type TBuiltServer,
  uncompressedCopy,
} from './built-server.js';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const goal = 95;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Chromium with a DevTools port for Lighthouse (what chrome-launcher does), on an empty profile. */
const launchChromium = async () => {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-lighthouse-'));
  // Its own process group, so closing it ends its helper processes too (they write the profile).
  const child = spawn(
    chromiumPath,
    [...chromiumFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('Chromium did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      if (child.exitCode === null) await exited;
      await new Promise((r) => setTimeout(r, 500));
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.error(`left ${profile}: ${(error as Error).message}`);
      }
    },
  };
};

const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
type TRun = { score: number; benchmarkIndex: number } & Record<keyof typeof metrics, number>;

const audit = async (url: string, preset: 'mobile' | 'desktop'): Promise<TRun> => {
  const chrome = await launchChromium();
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    // The whole report of each run, to see why a score moved (BENCH_LHR_DIR=/tmp/lhr).
    if (process.env.BENCH_LHR_DIR) {
      fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${preset}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      FCP: value(metrics.FCP),
      LCP: value(metrics.LCP),
      TBT: value(metrics.TBT),
      CLS: value(metrics.CLS),
      SI: value(metrics.SI),
    };
  } finally {
    await chrome.close();
  }
};

// Lighthouse sometimes loses its trace (NO_NAVSTART) on a busy machine: that run measured nothing,
// so it is run again once rather than ending the bench; a second loss ends it.
const auditOnce = async (url: string, preset: 'mobile' | 'desktop'): Promise<TRun> => {
  try {
    return await audit(url, preset);
  } catch (error) {
    console.error(`run lost (${(error as Error).message}); running it again`);
    return audit(url, preset);
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

requireBuiltWeb();
const identityDist = uncompressedCopy();
const [served, floor] = await Promise.all([startBuiltServer(), startBuiltServer(identityDist)]);
const servers: [string, TBuiltServer][] = [
  ['compressed (br)', served],
  ['uncompressed floor', floor],
];
const presets = ['mobile', 'desktop'] as const;
const results = new Map<string, TRun[]>();
try {
  for (let round = 0; round < runs; round++) {
    for (const preset of presets) {
      for (const [name, server] of servers) {
        const run = await auditOnce(`${server.baseUrl}/#/login`, preset);
        const key = `${preset} | ${name}`;
        results.set(key, [...(results.get(key) ?? []), run]);
        console.error(
          `round ${round + 1}: ${key}: ${run.score}, ` +
            Object.keys(metrics)
              .map((k) => `${k} ${run[k as keyof typeof metrics].toFixed(k === 'CLS' ? 3 : 0)}`)
              .join(', '),
        );
      }
    }
  }
} finally {
  await Promise.all([served.stop(), floor.stop()]);
  fs.rmSync(identityDist, { recursive: true, force: true });
}

const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, /#/login, median of ${runs}`,
);
console.log('| preset | served | score (runs) | goal | FCP | LCP | TBT | CLS | SI | benchmark index |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [key, list] of results) {
  const m = (k: keyof TRun) => median(list.map((r) => r[k]));
  const score = m('score');
  console.log(
    `| ${key} | ${score} (${list.map((r) => r.score).join(', ')}) | ≥ ${goal} ${score >= goal ? 'met' : 'missed'} | ` +
      `${ms(m('FCP'))} | ${ms(m('LCP'))} | ${m('TBT').toFixed(0)} ms | ${m('CLS').toFixed(3)} | ${ms(m('SI'))} | ${m('benchmarkIndex').toFixed(0)} |`,
  );
}
