// The metrics area's one door: the Prometheus registry (request latency and outcomes, job runs, the
// gauges each area answers through its own door at scrape time) and `GET /metrics` behind its token.

export { createMetrics, type TMetrics } from './metrics.registry.js';
export { registerMetrics } from './metrics.routes.js';
