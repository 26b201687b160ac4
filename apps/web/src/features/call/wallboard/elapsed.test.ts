import { describe, expect, it } from 'vitest';
import { elapsedText } from './elapsed';

describe('wallboard elapsed time', () => {
  it('counts from the server clock and moves on between polls', () => {
    expect(elapsedText(1_000, 66_000, 500_000, 500_000)).toBe('00:01:05');
    expect(elapsedText(1_000, 66_000, 500_000, 503_000)).toBe('00:01:08');
  });
  it('shows nothing without a start, never a negative time', () => {
    expect(elapsedText(null, 66_000, 0, 0)).toBe('');
    expect(elapsedText(70_000, 66_000, 0, 0)).toBe('00:00:00');
  });
});
