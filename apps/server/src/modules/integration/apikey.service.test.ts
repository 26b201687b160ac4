import { describe, expect, it } from 'vitest';
import { createKeyRateLimiter } from './apikey.service.js';

describe('the per-key rate limit', () => {
  it('lets exactly the limit through in a minute, per key, and starts again the next minute', () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 30);
    const isWithin = createKeyRateLimiter(3, () => now);
    expect([1, 2, 3, 4, 5].map(() => isWithin(1))).toEqual([true, true, true, false, false]);
    expect(isWithin(2)).toBe(true);
    now += 30_000;
    expect(isWithin(1)).toBe(true);
  });
});
