import { defineErrors } from '../../http/errors.js';

/** The metrics endpoint's errors. */
export const metricsErrors = defineErrors('metrics', {
  tokenRefused: ['unauthorized', '需要正确的指标令牌（Authorization: Bearer METRICS_TOKEN）'],
});
