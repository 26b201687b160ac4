import { describe, expect, it } from 'vitest';
import { callRecordSql } from './call-record.repository.js';

// The talk-time marks are 1, 10, 30, 60, 180, 300 and 600 s: bands [0], [1-9], [10-29], [30-59],
// [60-179], [180-299], [300-599], [600-).
describe('a talk-time range off the marks', () => {
  const split = callRecordSql.splitDuration;

  it('keeps the whole bands inside it for the daily roll-up and reads only its ends from the records', () => {
    expect(split({ durationMin: 45, durationMax: 250 })).toEqual({
      bands: { durationMin: 60, durationMax: 179 },
      pieces: [
        [45, 59],
        [180, 250],
      ],
    });
    expect(split({ durationMin: 0, durationMax: 100 })).toEqual({
      bands: { durationMin: 0, durationMax: 59 },
      pieces: [[60, 100]],
    });
    expect(split({ durationMin: 45 })).toEqual({
      bands: { durationMin: 60, durationMax: undefined },
      pieces: [[45, 59]],
    });
    expect(split({ durationMin: 5, durationMax: 2000 })).toEqual({
      bands: { durationMin: 10, durationMax: 599 },
      pieces: [
        [5, 9],
        [600, 2000],
      ],
    });
  });

  it('reads the records alone when no whole band lies inside, and never a piece with 0 s (the index leaves those out)', () => {
    expect(split({ durationMin: 45, durationMax: 100 })).toEqual({ bands: null, pieces: [[45, 100]] });
    expect(split({ durationMin: 2, durationMax: 5 })).toEqual({ bands: null, pieces: [[2, 5]] });
    expect(split({ durationMin: 700 })).toEqual({ bands: null, pieces: [[700, null]] });
    for (const [min, max] of [
      [0, 5],
      [0, 0],
      [undefined, 7],
      [3, 3],
      [1, 1000],
    ] as const) {
      const { pieces } = split({ durationMin: min, durationMax: max });
      for (const [lo] of pieces) expect(lo).toBeGreaterThan(0);
    }
  });
});
