// The load generator of load.bench.ts: requests sent over many kept-alive connections (many people,
// each with a browser of his own, not one connection as http-client.ts holds), either open loop — each
// request has its scheduled send time and its latency counts from that time, so a slow server cannot
// slow the load down (no coordinated omission) — or closed loop (N connections, each sending its next
// request when the last one is answered: the most the server can answer). Arrivals are Poisson from a
// seeded generator, so the product and its floor are sent the same requests at the same offsets.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';

/** One request ready to send: the body serialised once, before the clock runs. */
export type TRequestSpec = { method: 'GET' | 'POST'; url: URL; token: string; body: string };

/** What came back: nothing when the envelope said code 0, else why it failed. */
export type TOutcome = { error: string | null };

/** The k-th request of a run, with the name its latency is also counted under (its kind). */
export type TRequestOf = (k: number) => { spec: TRequestSpec; tag: string };

export type TBlockResult = {
  /** Of the answers with code 0. */
  latencies: number[];
  latenciesByTag: Map<string, number[]>;
  errors: Map<string, number>;
  answered: number;
  succeeded: number;
  /** Wall time from the first scheduled send to the last answer. */
  elapsedMs: number;
  /** How late the generator itself sent requests (its own lag, included in the latencies). */
  sendLagMs: number[];
  cpuMs: number;
  postgresCpuMs: number;
};

const timeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(process.env.BENCH_MAX_SOCKETS ?? 512) });

/** The fast path reads the envelope's code from its start; anything else is parsed for its message. */
const outcomeOf = (status: number, text: string): TOutcome => {
  if (status === 200 && text.startsWith('{"code":0,')) return { error: null };
  let envelope: { code?: unknown; msg?: unknown } = {};
  try {
    envelope = JSON.parse(text);
  } catch {}
  if (status === 200 && envelope.code === 0) return { error: null };
  const code = status === 200 ? `code ${String(envelope.code)}` : `HTTP ${status}`;
  return { error: `${code} ${String(envelope.msg ?? text.slice(0, 60))}`.trim() };
};

/** Sends one request; resolves its outcome (never rejects: a transport failure is an outcome too). */
export const send = (spec: TRequestSpec) =>
  new Promise<TOutcome>((resolve) => {
    const req = http.request(
      spec.url,
      {
        method: spec.method,
        agent,
        headers: {
          'cloud-token': spec.token,
          ...(spec.method === 'POST'
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(spec.body) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(outcomeOf(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(spec.method === 'POST' ? spec.body : undefined);
  });

/** A small seeded generator (mulberry32): the same seed gives both targets the same requests. */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Send offsets (ms) of a Poisson arrival process at `rate` per second over `seconds`. */
export const poissonOffsets = (rate: number, seconds: number, random: () => number) => {
  const offsets: number[] = [];
  for (let at = 0; ; ) {
    at += (-Math.log(1 - random()) / rate) * 1000;
    if (at >= seconds * 1000) return offsets;
    offsets.push(at);
  }
};

/** utime + stime of a process, in ms (clock ticks of 10 ms), from /proc. */
export const processCpuMs = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/**
 * The CPU of every PostgreSQL process (the server's backends and its own workers; with the children
 * already reaped by the postmaster), in ms. Another user's queries on the same server count too.
 */
export const postgresCpuMs = () => {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
    } catch {}
  }
  return total;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nextTick = () => new Promise((r) => setImmediate(r));

const emptyResult = (): TBlockResult => ({
  latencies: [],
  latenciesByTag: new Map(),
  errors: new Map(),
  answered: 0,
  succeeded: 0,
  elapsedMs: 0,
  sendLagMs: [],
  cpuMs: 0,
  postgresCpuMs: 0,
});

/**
 * Counts an answer. Only the answers with code 0 give latencies: a refusal (503 服务繁忙) comes back
 * at once and would make an overloaded server look fast; refusals are counted as errors instead.
 */
const record = (result: TBlockResult, tag: string, outcome: TOutcome, latency: number) => {
  result.answered++;
  if (outcome.error !== null) {
    result.errors.set(outcome.error, (result.errors.get(outcome.error) ?? 0) + 1);
    return;
  }
  result.succeeded++;
  result.latencies.push(latency);
  const ofTag = result.latenciesByTag.get(tag);
  if (ofTag) ofTag.push(latency);
  else result.latenciesByTag.set(tag, [latency]);
};

/** Runs `fn` and charges the CPU the target process and PostgreSQL spent meanwhile to `result`. */
const withCpu = async (pid: number, result: TBlockResult, fn: () => Promise<void>) => {
  const cpu = processCpuMs(pid);
  const pgCpu = postgresCpuMs();
  await fn();
  result.cpuMs = processCpuMs(pid) - cpu;
  result.postgresCpuMs = postgresCpuMs() - pgCpu;
};

/**
 * Open loop: request k (`requestOf(k)`) is due at `offsets[k]` after the start, sent then whatever is
 * still unanswered; its latency is its answer's time minus its due time. Resolves once every
 * request is answered (or timed out).
 */
export const openLoop = async (pid: number, offsets: number[], requestOf: TRequestOf) => {
  const result = emptyResult();
  await withCpu(pid, result, async () => {
    const pending: Promise<void>[] = [];
    const start = performance.now() + 20;
    let lastAnswer = start;
    for (let k = 0; k < offsets.length; ) {
      const wait = start + offsets[k]! - performance.now();
      if (wait > 2) await sleep(wait - 1);
      else if (wait > 0) await nextTick();
      for (; k < offsets.length && start + offsets[k]! <= performance.now(); k++) {
        const due = start + offsets[k]!;
        result.sendLagMs.push(performance.now() - due);
        const { spec, tag } = requestOf(k);
        pending.push(
          send(spec).then((outcome) => {
            lastAnswer = performance.now();
            record(result, tag, outcome, lastAnswer - due);
          }),
        );
      }
    }
    await Promise.all(pending);
    result.elapsedMs = lastAnswer - start;
  });
  return result;
};

/** Closed loop: `connections` senders, each sending its next request once the last one is answered. */
export const closedLoop = async (pid: number, connections: number, seconds: number, requestOf: TRequestOf) => {
  const result = emptyResult();
  await withCpu(pid, result, async () => {
    const start = performance.now();
    const until = start + seconds * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const { spec, tag } = requestOf(next++);
          const sentAt = performance.now();
          const outcome = await send(spec);
          record(result, tag, outcome, performance.now() - sentAt);
        }
      }),
    );
    result.elapsedMs = performance.now() - start;
  });
  return result;
};

/** Blocks of one target added up (their latencies pooled, their times and CPU summed). */
export const merged = (blocks: TBlockResult[]): TBlockResult => {
  const all = emptyResult();
  for (const b of blocks) {
    all.latencies = all.latencies.concat(b.latencies);
    all.sendLagMs = all.sendLagMs.concat(b.sendLagMs);
    for (const [tag, xs] of b.latenciesByTag)
      all.latenciesByTag.set(tag, (all.latenciesByTag.get(tag) ?? []).concat(xs));
    for (const [k, n] of b.errors) all.errors.set(k, (all.errors.get(k) ?? 0) + n);
    all.answered += b.answered;
    all.succeeded += b.succeeded;
    all.elapsedMs += b.elapsedMs;
    all.cpuMs += b.cpuMs;
    all.postgresCpuMs += b.postgresCpuMs;
  }
  return all;
};

export const quantile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};

export const loadAverage = () => os.loadavg()[0]!;
