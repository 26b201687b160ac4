import { describe, expect, it } from 'vitest';
import {
  beijingStamp,
  fenOf,
  hhmmss,
  hourMinText,
  minSecText,
  mmss,
  money,
  percent,
  sheetTime,
  yuan,
} from './format.js';
import { maskPhone } from './mask.js';

describe('money', () => {
  it('writes fen as yuan with two decimals', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(1234)).toBe('12.34');
    expect(yuan(12345)).toBe('123.45');
  });

  it('adds the yuan sign, before the minus of a refund', () => {
    expect(money(1234)).toBe('¥12.34');
    expect(money(0)).toBe('¥0.00');
    expect(money(-50)).toBe('-¥0.50');
  });

  it('reads typed yuan back as whole fen', () => {
    expect(fenOf(12.34)).toBe(1234);
    expect(fenOf(0.1 + 0.2)).toBe(30);
    expect(fenOf(12.345)).toBe(1235);
    expect(yuan(fenOf(99.99))).toBe('99.99');
  });
});

describe('durations', () => {
  it('mm:ss rolls hours into the minutes', () => {
    expect(mmss(0)).toBe('00:00');
    expect(mmss(65)).toBe('01:05');
    expect(mmss(3725)).toBe('62:05');
  });

  it('keeps whole seconds and never goes below zero', () => {
    expect(mmss(65.9)).toBe('01:05');
    expect(mmss(-3)).toBe('00:00');
    expect(minSecText(-1)).toBe('0秒');
  });

  it('hh:mm:ss', () => {
    expect(hhmmss(0)).toBe('00:00:00');
    expect(hhmmss(3725)).toBe('01:02:05');
    expect(hhmmss(100 * 3600)).toBe('100:00:00');
  });

  it('in words, as the task card and the timeline say it', () => {
    expect(minSecText(45)).toBe('45秒');
    expect(minSecText(60)).toBe('1分0秒');
    expect(minSecText(192)).toBe('3分12秒');
    expect(minSecText(3725)).toBe('62分5秒');
  });

  it('in words, as statistics say a total', () => {
    expect(hourMinText(45)).toBe('0分45秒');
    expect(hourMinText(192)).toBe('3分12秒');
    expect(hourMinText(3600)).toBe('1小时0分');
    expect(hourMinText(7500)).toBe('2小时5分');
  });
});

describe('percent', () => {
  it('two decimals and the sign', () => {
    expect(percent(12.5)).toBe('12.50%');
    expect(percent(0)).toBe('0.00%');
  });
});

describe('phone masking', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13912345678')).toBe('139****5678');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('12345')).toBe('12345');
  });
});

describe('beijing time', () => {
  it('stamps an instant with the Beijing date and time to the second, across the UTC day', () => {
    expect(beijingStamp(new Date('2026-11-24T10:15:07.900Z'))).toBe('20261124181507');
    expect(beijingStamp(new Date('2026-12-31T16:00:00Z'))).toBe('20270101000000');
  });

  it('writes the time cell of a download in Beijing to the second, blank without a time', () => {
    expect(sheetTime(new Date('2026-01-05T01:02:03Z'))).toBe('2026-1-5 09:02:03');
    expect(sheetTime(new Date('2026-11-25T17:02:03Z'))).toBe('2026-11-26 01:02:03');
    expect(sheetTime(null)).toBe('');
  });
});
