import { describe, expect, it } from 'vitest';
import { auditSummary, auditSummaryLimits } from './audit-summary.js';

describe('the operation log summary of a request', () => {
  it('masks secrets at any depth and keeps the rest', () => {
    expect(auditSummary({ username: 'admin', password: 'Admin@2026', nested: { smsCode: '123456', a: 1 } })).toEqual({
      username: 'admin',
      password: '******',
      nested: { smsCode: '******', a: 1 },
    });
  });

  it('cuts long texts, long lists and deep structures', () => {
    const summary = auditSummary({
      text: 'x'.repeat(1000),
      ids: Array.from({ length: 500 }, (_, i) => i),
      deep: [[[[[[1]]]]]],
    }) as { text: string; ids: unknown[]; deep: unknown };
    expect(summary.text).toHaveLength(auditSummaryLimits.text + 1);
    expect(summary.ids).toHaveLength(auditSummaryLimits.items + 1);
    expect(summary.ids.at(-1)).toBe('…共500项');
    expect(JSON.stringify(summary.deep)).toBe('[[["…"]]]');
  });

  it('stays within its total size whatever the input', () => {
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'y'.repeat(200)]));
    expect(JSON.stringify(auditSummary(wide)).length).toBeLessThan(auditSummaryLimits.total + 100);
  });
});
