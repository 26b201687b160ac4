import { describe, expect, it } from 'vitest';
import { newDocumentNo } from './document-no.js';

describe('money document numbers', () => {
  it('are the prefix, Beijing time to the second and six random digits', () => {
    const at = new Date('2026-11-24T16:30:05Z');
    const numbers = Array.from({ length: 50 }, () => newDocumentNo('JS', at));
    for (const no of numbers) expect(no).toMatch(/^JS20261125003005[1-9]\d{5}$/);
    expect(new Set(numbers).size).toBeGreaterThan(45);
    expect(newDocumentNo('YH', at)).toMatch(/^YH20261125003005\d{6}$/);
  });
});
