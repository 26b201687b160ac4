import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.registry.js';

/**
 * deploy/monitoring's dashboard and alert rules name only metrics the server registers: a renamed
 * or removed metric fails here instead of leaving a blank panel or an alert that never fires.
 */
const monitoring = path.resolve(new URL('../../../../../deploy/monitoring', import.meta.url).pathname);
const read = (name: string) => fs.readFileSync(path.join(monitoring, name), 'utf8');
// The server's own and prom-client's default metrics; `up` and the like are Prometheus's.
const ours = /\b((?:yunhu|process|nodejs)_[a-z0-9_]+)\b/g;

const registered = async () => {
  const metrics = createMetrics({ database: {} as never, mediaNgPort: null });
  const names = new Set<string>();
  for (const m of await metrics.registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${m.name}${suffix}`);
  }
  return names;
};

type TPanel = { title: string; targets?: { expr: string }[] };

describe('deploy/monitoring', () => {
  const dashboard = JSON.parse(read('dashboard.json')) as { uid: string; panels: TPanel[] };
  const rules = read('alerts.yml');
  const exprs = [...rules.matchAll(/^\s+expr: (.+)$/gm)].map((m) => m[1]!);

  it('the dashboard draws every panel from a query', () => {
    expect(dashboard.uid).toBe('yunhu-server');
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const p of dashboard.panels) expect(p.targets?.length, p.title).toBeGreaterThan(0);
  });

  it('every alert rule has one expression, a severity and a summary', () => {
    const alerts = [...rules.matchAll(/^\s+- alert: (\w+)$/gm)].map((m) => m[1]);
    expect(alerts.length).toBeGreaterThanOrEqual(8);
    expect(exprs).toHaveLength(alerts.length);
    expect([...rules.matchAll(/^\s+severity: (warning|critical)$/gm)]).toHaveLength(alerts.length);
    expect([...rules.matchAll(/^\s+summary: ".+"$/gm)]).toHaveLength(alerts.length);
    // The figures the issue names an operator watches, each with its alert.
    expect(alerts).toEqual(
      expect.arrayContaining([
        'YunhuLatencyP99High',
        'YunhuInternalErrors',
        'YunhuHttp5xx',
        'YunhuDbPoolWaiting',
        'YunhuJobFailures',
        'YunhuJobRunsExpired',
        'YunhuJobWaitingTooLong',
        'YunhuMediaSessionsLeftOpen',
      ]),
    );
  });

  it('watches a killed job, a job waiting too long and a media session left open', () => {
    const exprOf = (alert: string) =>
      new RegExp(`^\\s+- alert: ${alert}\\n\\s+expr: (.+)$`, 'm').exec(rules)?.[1] ?? '';
    expect(exprOf('YunhuJobRunsExpired')).toContain('yunhu_job_expired_total');
    expect(exprOf('YunhuJobRunsExpired')).toContain('yunhu_job_queue_expired');
    expect(exprOf('YunhuJobWaitingTooLong')).toContain('yunhu_job_queue_oldest_waiting_seconds');
    expect(exprOf('YunhuMediaSessionsLeftOpen')).toMatch(/yunhu_media_sessions_orphaned\) > 0$/);
  });

  it('names only metrics the server registers', async () => {
    const names = await registered();
    const queries = [...exprs, ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))];
    const used = new Set(queries.flatMap((q) => [...q.matchAll(ours)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((n) => !names.has(n))).toEqual([]);
  });

  it('shows and watches every figure the server adds of its own', async () => {
    const names = [...(await registered())].filter((n) => n.startsWith('yunhu_') && !/_(bucket|sum|count)$/.test(n));
    const text = `${rules}\n${read('dashboard.json')}`;
    expect(names.filter((n) => !text.includes(n))).toEqual([]);
  });
});
