import { describe, expect, it } from 'vitest';
import { loadSimulatorVoices } from './carrier.simulator.js';
import { recordingSampleRate } from './recording.pcap.js';
import { simulatedCallWav, wavDurationOf } from './recording.wav.js';

/** Where a channel of a 16-bit stereo WAV is louder than the line's floor: [from, to] in seconds, in order. */
const voicedSpans = (wav: Buffer, channel: 0 | 1) => {
  const frames = (wav.length - 44) / 4;
  const spans: [number, number][] = [];
  const window = recordingSampleRate / 10;
  for (let start = 0; start < frames; start += window) {
    let peak = 0;
    for (let i = start; i < Math.min(frames, start + window); i++) {
      peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + i * 4 + channel * 2)));
    }
    const at = start / recordingSampleRate;
    const last = spans.at(-1);
    // Pauses inside a sentence (its commas) are shorter than half a second.
    if (peak > 500) {
      if (last && at - last[1] < 0.5) last[1] = at + 0.1;
      else spans.push([at, at + 0.1]);
    }
  }
  return spans;
};

describe("the call-back simulator's recording", () => {
  const voices = loadSimulatorVoices();

  it('is an 8 kHz stereo WAV of the talk time, the same for the same seed', () => {
    const wav = simulatedCallWav(30, 7, voices);
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wavDurationOf(wav)).toBe(30);
    expect(simulatedCallWav(30, 7, voices).equals(wav)).toBe(true);
    expect(simulatedCallWav(30, 8, voices).equals(wav)).toBe(false);
  });

  it('has the customer say his script on the right as he picks up, the agent answer on the left, in turns', () => {
    // The voices without their loop's pause: the agent's line (about 6.9 s), the customer's script (about 11.1 s).
    expect(voices.agent.length / 8000).toBeGreaterThan(5);
    expect(voices.customer.length / 8000).toBeGreaterThan(voices.agent.length / 8000);
    const wav = simulatedCallWav(40, 3, voices);
    const agent = voicedSpans(wav, 0);
    const customer = voicedSpans(wav, 1);
    expect(agent.length).toBeGreaterThanOrEqual(2);
    expect(customer.length).toBeGreaterThanOrEqual(2);
    expect(customer[0]![0]).toBeLessThan(1);
    expect(agent[0]![0]).toBeGreaterThan(customer[0]![1]);
    // Each speaks after the other has finished: nobody talks over anybody.
    const turns = [...agent.map((s) => ({ s, side: 'agent' })), ...customer.map((s) => ({ s, side: 'customer' }))].sort(
      (a, b) => a.s[0] - b.s[0],
    );
    turns.forEach((turn, i) => {
      if (i === 0) return;
      expect(turn.side).not.toBe(turns[i - 1]!.side);
      expect(turn.s[0]).toBeGreaterThan(turns[i - 1]!.s[1]);
    });
  });

  it('cuts whoever is speaking at the hang-up', () => {
    const wav = simulatedCallWav(15, 1, voices);
    expect(wavDurationOf(wav)).toBe(15);
    // The customer's script, then the agent's first words until the end of the call.
    expect(voicedSpans(wav, 0).at(-1)![1]).toBeCloseTo(15, 0);
  });
});
