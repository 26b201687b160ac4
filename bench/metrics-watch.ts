// The server's own account of a run: its /metrics scraped every second while a block runs, as
// Prometheus would. The latency histogram's increase over the block gives the server-side quantiles
// (interpolated in the bucket, as histogram_quantile does), the pool's gauges their highest sample,
// and the responses counter the 503s. Requests to /metrics itself are left out.

const histogram = 'yunhu_http_request_duration_seconds';

/** A scrape reduced to what the load bench reports. */
export type TMetricsSample = {
  /** Cumulative requests at or under each bucket's upper bound (seconds; Infinity for +Inf). */
  buckets: Map<number, number>;
  inUse: number;
  waiting: number;
  busy: number;
};

const labelsOf = (line: string) => {
  const inner = /\{(.*)\}/.exec(line)?.[1] ?? '';
  return Object.fromEntries([...inner.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
};
const sampleValue = (line: string) => Number(line.slice(line.lastIndexOf(' ') + 1));

/** Prometheus's text format, the series the bench reads, summed over routes (except /metrics). */
export const parseMetrics = (text: string): TMetricsSample => {
  const sample: TMetricsSample = { buckets: new Map(), inUse: 0, waiting: 0, busy: 0 };
  for (const line of text.split('\n')) {
    if (line.startsWith(`${histogram}_bucket{`)) {
      const labels = labelsOf(line);
      if (labels.route === '/metrics') continue;
      const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
      sample.buckets.set(le, (sample.buckets.get(le) ?? 0) + sampleValue(line));
    } else if (line.startsWith('yunhu_db_pool_connections{') && labelsOf(line).state === 'in_use') {
      sample.inUse = sampleValue(line);
    } else if (line.startsWith('yunhu_db_pool_waiting ')) {
      sample.waiting = sampleValue(line);
    } else if (line.startsWith('yunhu_http_responses_total{') && labelsOf(line).status === '503') {
      sample.busy += sampleValue(line);
    }
  }
  return sample;
};

/** The q-quantile of a histogram's increase, linear inside its bucket (histogram_quantile's rule). */
export const bucketQuantile = (increase: Map<number, number>, q: number): number | null => {
  const bounds = [...increase.keys()].sort((a, b) => a - b);
  const total = increase.get(Number.POSITIVE_INFINITY) ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const upper of bounds) {
    const atOrUnder = increase.get(upper)!;
    if (atOrUnder >= rank) {
      if (upper === Number.POSITIVE_INFINITY) return lower;
      return lower + (upper - lower) * ((rank - below) / (atOrUnder - below || 1));
    }
    lower = upper;
    below = atOrUnder;
  }
  return lower;
};

export type TMetricsWatch = {
  requests: number;
  p50Ms: number | null;
  p99Ms: number | null;
  inUseMax: number;
  waitingMax: number;
  busy: number;
  scrapes: number;
};

const scrape = async (baseUrl: string, token: string) => {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics answered HTTP ${res.status}`);
  return parseMetrics(await res.text());
};

/** What /metrics says between `watch()` and the `stop()` it returns, summed over several watches. */
export const metricsWatcher = (baseUrl: string, token: string) => {
  const totals = { increase: new Map<number, number>(), inUseMax: 0, waitingMax: 0, busy: 0, scrapes: 0 };
  const watch = async () => {
    const first = await scrape(baseUrl, token);
    const note = (s: TMetricsSample) => {
      totals.inUseMax = Math.max(totals.inUseMax, s.inUse);
      totals.waitingMax = Math.max(totals.waitingMax, s.waiting);
      totals.scrapes++;
    };
    // One scrape at a time, a second after the last one answered: a slow /metrics never piles up.
    let isWatching = true;
    let wake: () => void = () => undefined;
    const sampling = (async () => {
      while (isWatching) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 1000);
        });
        if (isWatching) await scrape(baseUrl, token).then(note, () => undefined);
      }
    })();
    return async () => {
      isWatching = false;
      wake();
      await sampling;
      const last = await scrape(baseUrl, token);
      note(last);
      for (const [le, n] of last.buckets) {
        totals.increase.set(le, (totals.increase.get(le) ?? 0) + n - (first.buckets.get(le) ?? 0));
      }
      totals.busy += last.busy - first.busy;
    };
  };
  const result = (): TMetricsWatch => {
    const ms = (q: number) => {
      const s = bucketQuantile(totals.increase, q);
      return s === null ? null : s * 1000;
    };
    return {
      requests: totals.increase.get(Number.POSITIVE_INFINITY) ?? 0,
      p50Ms: ms(0.5),
      p99Ms: ms(0.99),
      inUseMax: totals.inUseMax,
      waitingMax: totals.waitingMax,
      busy: totals.busy,
      scrapes: totals.scrapes,
    };
  };
  return { watch, result };
};
