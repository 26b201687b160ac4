import { expect } from 'vitest';

/** One sample of the Prometheus text: its metric name, labels and value. */
export type TSample = { name: string; labels: Record<string, string>; value: number };

// Prometheus reads the value with Go's ParseFloat: NaN and Inf in any case (prom-client writes `Nan`).
const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Parses the text exposition format (version 0.0.4) strictly: every line is a `# HELP`, a `# TYPE`
 * or a sample, and every sample belongs to a family whose TYPE came first.
 */
export const parseExposition = (text: string): TSample[] => {
  const typed = new Map<string, string>();
  const samples: TSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') typed.set(meta[2]!, meta[3]!);
      continue;
    }
    const m = sampleLine.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const name = m![1]!;
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => typed.has(n));
    expect(family, `a sample without its TYPE: ${line}`).toBeDefined();
    const labels = Object.fromEntries([...(m![2] ?? '').matchAll(labelPair)].map((p) => [p[1]!, p[2]!]));
    samples.push({ name, labels, value: Number(m![3]) });
  }
  return samples;
};

/** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
export const sampleOf = (samples: TSample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
