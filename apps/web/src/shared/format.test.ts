import { describe, expect, it } from 'vitest';
import { mmss, yuan } from './format';

describe('yuan', () => {
  it('writes fen as yuan with two decimals', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(12345)).toBe('123.45');
  });
});

describe('mmss', () => {
  it('writes seconds as mm:ss, hours rolling into the minutes', () => {
    expect(mmss(0)).toBe('00:00');
    expect(mmss(65)).toBe('01:05');
    expect(mmss(3725)).toBe('62:05');
  });

  it('drops fractions and never goes below 00:00', () => {
    expect(mmss(65.9)).toBe('01:05');
    expect(mmss(-3)).toBe('00:00');
  });
});
