import { describe, expect, it } from 'vitest';
import { figuresOf, segmentsOf, type TSegment } from './signal.figures.js';

const frames = (pattern: string) => [...pattern].map((c) => (c === '1' ? 1 : 0));
const seg = (from: number, to: number): TSegment => ({ startMs: from * 1000, endMs: to * 1000 });

describe('speech segments from the detector’s 20 ms verdicts', () => {
  it('joins a sentence across pauses under 300 ms and drops bursts under 200 ms', () => {
    // 0-200 ms speech, 200 ms pause, 400-600 ms speech, 400 ms pause, one 100 ms click, then silence.
    const verdicts = frames(
      `${'1'.repeat(10)}${'0'.repeat(10)}${'1'.repeat(10)}${'0'.repeat(20)}11111${'0'.repeat(20)}`,
    );
    expect(segmentsOf(verdicts, 20)).toEqual([{ startMs: 0, endMs: 600 }]);
  });

  it('keeps speech that runs to the end of the recording', () => {
    expect(segmentsOf(frames(`000${'1'.repeat(20)}`), 20)).toEqual([{ startMs: 60, endMs: 460 }]);
  });
});

describe('the figures of a call', () => {
  it('adds up talk, shares, silences over a second, overlaps and who interrupted', () => {
    const f = figuresOf([seg(0, 2), seg(5.2, 7)], [seg(3.5, 6), seg(8.5, 9.5)], 10_000);
    expect(f).toMatchObject({
      durationSec: 10,
      agentTalkSec: 3.8,
      customerTalkSec: 3.5,
      agentSharePercent: 52.1,
      customerSharePercent: 47.9,
      silenceThresholdSec: 1,
      silenceCount: 2,
      silenceLongestSec: 1.5,
      silenceTotalSec: 3,
      overlapCount: 1,
      overlapTotalSec: 0.8,
      agentInterruptions: 1,
      customerInterruptions: 0,
      turns: 4,
      agentFirstWordsSec: 0,
      customerFirstWordsSec: 3.5,
      lastSpeaker: 'customer',
      endSilenceSec: 0.5,
      agentSegments: [
        [0, 2],
        [5.2, 7],
      ],
    });
  });

  it('counts neither a pause under a second as silence, nor a touch under 200 ms as an overlap', () => {
    const f = figuresOf([seg(0, 2)], [seg(1.9, 3), seg(3.8, 4)], 5_000);
    expect(f.silenceCount).toBe(0);
    expect(f.overlapCount).toBe(0);
    expect(f.turns).toBe(2);
  });

  it('says so when nobody speaks', () => {
    expect(figuresOf([], [], 3_000)).toMatchObject({
      agentSharePercent: 0,
      customerSharePercent: 0,
      silenceCount: 0,
      turns: 0,
      agentFirstWordsSec: null,
      customerFirstWordsSec: null,
      lastSpeaker: null,
      endSilenceSec: 3,
    });
  });
});
