/** How much of a request the operation log keeps: enough to read what was asked, never unbounded. */
export const auditSummaryLimits = {
  depth: 4,
  items: 20,
  keys: 40,
  text: 200,
  /** The whole summary as JSON, in characters. */
  total: 4000,
};

const secretKeys = /pass|code|token|secret/i;

const summarise = (value: unknown, depth: number): unknown => {
  if (typeof value === 'string') {
    return value.length > auditSummaryLimits.text ? `${value.slice(0, auditSummaryLimits.text)}…` : value;
  }
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (depth >= auditSummaryLimits.depth) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, auditSummaryLimits.items).map((v) => summarise(v, depth + 1));
    return value.length > auditSummaryLimits.items ? [...kept, `…共${value.length}项`] : kept;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const kept = entries
    .slice(0, auditSummaryLimits.keys)
    .map(([k, v]) => [k, secretKeys.test(k) ? '******' : summarise(v, depth + 1)]);
  return Object.fromEntries(entries.length > auditSummaryLimits.keys ? [...kept, ['…', entries.length]] : kept);
};

/**
 * The validated input as the operation log stores it: secrets masked at any
 * depth, long texts, lists and deep structures cut, the whole bounded, so the log row can always be
 * written. The binder has already refused NUL and lone surrogates.
 */
export const auditSummary = (input: unknown): unknown => {
  const summary = summarise(input, 0);
  const json = JSON.stringify(summary) ?? 'null';
  return json.length > auditSummaryLimits.total ? { 摘要: `${json.slice(0, auditSummaryLimits.total)}…` } : summary;
};
