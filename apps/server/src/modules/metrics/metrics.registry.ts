import { ResultCode } from '@yunhu/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import {
  createOrphanTracker,
  readSnapshot,
  type TSnapshot,
  type TSourceDeps,
  type TSourceName,
} from './metrics.sources.js';

/** Request durations, in seconds: from a cached read (5 ms) to the 10 s a request may wait for a connection. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Job runs, in seconds: a sweep of a few milliseconds to a transcript's ten minutes. */
const jobBuckets = [0.05, 0.25, 1, 5, 15, 60, 300, 900];

const envelopeKinds = new Map<number, string>(Object.entries(ResultCode).map(([kind, code]) => [code, kind]));

/** The envelope's kind by its code (`ok`, `serverError`, `invalid`, …; `other` for any other code). */
export const envelopeKindOf = (code: number) => envelopeKinds.get(code) ?? 'other';

type TGaugeSpec = {
  name: string;
  help: string;
  labelNames?: string[];
  set: (gauge: Gauge, s: TSnapshot) => void;
};

/** A gauge of one value, absent when its source did not answer. */
const single = (name: string, help: string, pick: (s: TSnapshot) => number | undefined): TGaugeSpec => ({
  name,
  help,
  set: (gauge, s) => {
    const value = pick(s);
    if (value !== undefined) gauge.set(value);
  },
});

/** A gauge of one value per row its source answers, labelled by the row's columns of those names. */
const perRow = <L extends string>(
  name: string,
  help: string,
  labelNames: L[],
  rows: (s: TSnapshot) => (Record<L, string> & { n: number })[] | null,
): TGaugeSpec => ({
  name,
  help,
  labelNames,
  set: (gauge, s) => {
    for (const r of rows(s) ?? []) gauge.set(Object.fromEntries(labelNames.map((l) => [l, r[l]])), r.n);
  },
});

/** The gauges read at scrape time, each from the snapshot its scrape shares. */
const gaugeSpecs: TGaugeSpec[] = [
  {
    name: 'yunhu_db_pool_connections',
    help: "The PostgreSQL server's pool: open, idle and in use connections, and the most it opens (none on PGlite)",
    labelNames: ['state'],
    set: (g, s) => {
      if (!s.pool) return;
      g.set({ state: 'open' }, s.pool.total);
      g.set({ state: 'idle' }, s.pool.idle);
      g.set({ state: 'in_use' }, s.pool.total - s.pool.idle);
      g.set({ state: 'max' }, s.pool.max);
    },
  },
  single(
    'yunhu_db_pool_waiting',
    'Queries waiting for a connection of the pool (none on PGlite)',
    (s) => s.pool?.waiting,
  ),
  perRow(
    'yunhu_job_queue_runs',
    "The job queue's runs per job and state: created and retry (waiting), active, failed (kept 3 days)",
    ['job', 'state'],
    (s) => s.jobs,
  ),
  perRow('yunhu_job_queue_waiting', 'Runs due and not taken yet, per job (the queue depth)', ['job'], (s) =>
    (s.queue ?? []).map((r) => ({ job: r.job, n: r.waiting })),
  ),
  perRow(
    'yunhu_job_queue_oldest_waiting_seconds',
    'How long the oldest run due and not taken has waited, per job (0: none waits)',
    ['job'],
    (s) => (s.queue ?? []).map((r) => ({ job: r.job, n: r.oldestSeconds })),
  ),
  perRow(
    'yunhu_job_queue_expired',
    'Runs kept whose last try outlived its lease (its server killed or stalled), waiting for their retry or left failed',
    ['job'],
    (s) => (s.queue ?? []).map((r) => ({ job: r.job, n: r.expired })),
  ),
  single(
    'yunhu_sip_registrations_online',
    'Soft-phones registered at Kamailio now, every enterprise',
    (s) => s.board?.online,
  ),
  {
    name: 'yunhu_calls_live',
    help: 'Calls under way as 实时监控 counts them: dial requests and SIP calls without one, ringing or talking',
    labelNames: ['kind', 'state'],
    set: (g, s) => {
      if (!s.board) return;
      // Both kinds and states always appear, 0 when none: the alert compares them with the media sessions.
      for (const kind of ['dial', 'sip'])
        for (const state of ['ringing', 'talking']) {
          const n = s.board.live.find((r) => r.kind === kind && r.state === state)?.n ?? 0;
          g.set({ kind, state }, n);
        }
    },
  },
  single('yunhu_media_sessions', 'Sessions the media gateway (rtpengine) holds now', (s) => s.media?.sessions),
  single(
    'yunhu_media_sessions_orphaned',
    'Sessions the media gateway holds for no call under way (ended, or unknown to the server) for a minute or more',
    (s) => s.media?.orphaned,
  ),
  single(
    'yunhu_media_sessions_timed_out',
    'Sessions the media gateway ended for want of media since it started (a browser gone without BYE)',
    (s) => s.media?.timedOut,
  ),
  single(
    'yunhu_recordings_pending',
    'Soft-phone recordings still being made from the gateway capture',
    (s) => s.recordings?.pending,
  ),
  single(
    'yunhu_recordings_failed_last_hour',
    'Recordings that failed among calls ended in the last hour (looked for among the newest 10,000 calls)',
    (s) => s.recordings?.failedLastHour,
  ),
  perRow('yunhu_imports_running', 'Import batches being written now, per kind', ['kind'], (s) => s.imports),
];

const sourceNames: TSourceName[] = ['jobs', 'queue', 'board', 'media', 'recordings', 'imports'];

/**
 * The server's Prometheus registry: the process's default metrics, what requests and job runs
 * count as they happen, and the gauges read from the areas when Prometheus scrapes.
 */
export const createMetrics = (deps: TSourceDeps) => {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // The gauges of one scrape share one read of the sources (registry.metrics() collects them together).
  let reading: Promise<TSnapshot> | null = null;
  const orphans = deps.orphans ?? createOrphanTracker();
  const snapshot = () => {
    reading ??= readSnapshot({ ...deps, orphans }).finally(() => {
      reading = null;
    });
    return reading;
  };
  const requestSeconds = new Histogram({
    name: 'yunhu_http_request_duration_seconds',
    help: 'Time to answer a request, per route pattern of the contract and method',
    labelNames: ['method', 'route'],
    buckets: requestBuckets,
    registers,
  });
  const responses = new Counter({
    name: 'yunhu_http_responses_total',
    help: "Answers per route, method, HTTP status and the envelope's kind (serverError: an internal error answered with HTTP 200)",
    labelNames: ['method', 'route', 'status', 'envelope'],
    registers,
  });
  // Every job's counters start at 0 (its queue known to the database): Prometheus's increase()
  // misses the first run of a series that appears at 1, such as a server's first failure of a job.
  const jobRuns = new Counter({
    name: 'yunhu_job_runs_total',
    help: 'Job runs this server made, per job and outcome (completed, failed)',
    labelNames: ['job', 'outcome'],
    registers,
    async collect() {
      for (const { job } of (await snapshot()).queue ?? [])
        for (const outcome of ['completed', 'failed']) this.inc({ job, outcome }, 0);
    },
  });
  const jobsExpired = new Counter({
    name: 'yunhu_job_expired_total',
    help: 'Runs this server took again because their last try outlived its lease (the server running it killed or stalled), per job',
    labelNames: ['job'],
    registers,
    async collect() {
      for (const { job } of (await snapshot()).queue ?? []) this.inc({ job }, 0);
    },
  });
  const jobSeconds = new Histogram({
    name: 'yunhu_job_run_duration_seconds',
    help: 'Time of a job run, per job',
    labelNames: ['job'],
    buckets: jobBuckets,
    registers,
  });

  for (const spec of gaugeSpecs) {
    new Gauge({
      name: spec.name,
      help: spec.help,
      labelNames: spec.labelNames ?? [],
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        spec.set(this, s);
      },
    });
  }
  new Gauge({
    name: 'yunhu_metrics_source_up',
    help: 'Whether a source of the gauges answered this scrape (1) or failed or took over 2 s (0)',
    labelNames: ['source'],
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const source of sourceNames) {
        if (source === 'media' && deps.mediaNgPort === null) continue;
        this.set({ source }, s[source] ? 1 : 0);
      }
    },
  });

  return {
    registry,
    /** One answered request: its route pattern (never the raw URL), status and the envelope's kind. */
    observeRequest: (r: { method: string; route: string; status: number; envelope: string; seconds: number }) => {
      requestSeconds.observe({ method: r.method, route: r.route }, r.seconds);
      responses.inc({ method: r.method, route: r.route, status: String(r.status), envelope: r.envelope });
    },
    /** The job queue's observer (jobs/job-queue.ts `onRun`). */
    onJobRun: (job: string, outcome: 'completed' | 'failed', seconds: number) => {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, seconds);
    },
    /** The job queue's observer of runs taken again after their lease lapsed (jobs/job-queue.ts `onExpired`). */
    onJobExpired: (job: string) => {
      jobsExpired.inc({ job });
    },
  };
};

export type TMetrics = ReturnType<typeof createMetrics>;
