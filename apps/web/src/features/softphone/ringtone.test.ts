import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRinging, startRingtone, stopRingtone } from './ringtone';

type TGainCall = [value: number, at: number];

/** A stand-in for WebAudio that records what the ringtone asks of it. */
class FakeAudioContext {
  static last: FakeAudioContext | null = null;
  currentTime = 10;
  isClosed = false;
  destination = {};
  oscillator = { frequency: { value: 0 }, isStarted: false, isStopped: false };
  gainCalls: TGainCall[] = [];
  constructor() {
    FakeAudioContext.last = this;
  }
  createOscillator() {
    const o = this.oscillator;
    return {
      frequency: o.frequency,
      connect: (node: unknown) => node,
      start: () => {
        o.isStarted = true;
      },
      stop: () => {
        o.isStopped = true;
      },
    };
  }
  createGain() {
    return {
      connect: (node: unknown) => node,
      gain: {
        value: 1,
        setValueAtTime: (value: number, at: number) => {
          this.gainCalls.push([value, at]);
        },
      },
    };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    this.isClosed = true;
    return Promise.resolve();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => {
  stopRingtone();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the WebAudio ringtone', () => {
  it('plays 450 Hz for 1 s every 5 s until stopped, then releases the audio context', () => {
    startRingtone();
    const ctx = FakeAudioContext.last!;
    expect(isRinging()).toBe(true);
    expect(ctx.oscillator).toMatchObject({ isStarted: true, frequency: { value: 450 } });
    // On at t, off at t + 1, on again at t + 5.
    const [on1, off1, on2] = ctx.gainCalls;
    expect(on1![0]).toBeGreaterThan(0);
    expect(off1).toEqual([0, on1![1] + 1]);
    expect(on2![1]).toBeCloseTo(on1![1] + 5);

    // The loop keeps scheduling as the clock advances.
    const scheduled = ctx.gainCalls.length;
    ctx.currentTime += 10;
    vi.advanceTimersByTime(1000);
    expect(ctx.gainCalls.length).toBeGreaterThan(scheduled);

    stopRingtone();
    expect(isRinging()).toBe(false);
    expect(ctx.oscillator.isStopped).toBe(true);
    expect(ctx.isClosed).toBe(true);
  });

  it('starting twice keeps one ringtone', () => {
    startRingtone();
    const first = FakeAudioContext.last;
    startRingtone();
    expect(FakeAudioContext.last).toBe(first);
  });
});
