import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecording } from './signal.analyse.js';
import type { TSignalFigures } from './signal.figures.js';
import { audioToolsMissing, conversation, makeRecording, tempDir } from './signal.test-kit.js';
import { UnreadableRecording } from './signal.wav.js';

const missing = audioToolsMissing();
// `npm test` installs the tools first and then requires these tests to run, not skip.
const isRequired = process.env.REQUIRE_AUDIO_TOOLS === '1';
if (missing && !isRequired) console.warn(missing);

/** The figures' timing tolerance the analysis promises (seconds). */
const tolerance = 0.3;

const expectSpans = (actual: [number, number][], expected: [number, number][]) => {
  expect(actual).toHaveLength(expected.length);
  actual.forEach(([from, to], i) => {
    expect(Math.abs(from - expected[i]![0])).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(to - expected[i]![1])).toBeLessThanOrEqual(tolerance);
  });
};

const expectConversation = (f: TSignalFigures) => {
  expectSpans(f.agentSegments, [
    [0, 2],
    [5.2, 7],
  ]);
  expectSpans(f.customerSegments, [
    [3.5, 6],
    [8.5, 9.5],
  ]);
  expect(f.durationSec).toBeCloseTo(10, 1);
  expect(Math.abs(f.agentTalkSec! - 3.8)).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(f.customerTalkSec! - 3.5)).toBeLessThanOrEqual(tolerance);
  expect(f.agentSharePercent! + f.customerSharePercent!).toBeCloseTo(100, 5);
  expect(Math.abs(f.agentSharePercent! - 52)).toBeLessThanOrEqual(4);
  expect(f.silenceCount).toBe(2);
  expect(Math.abs(f.silenceLongestSec - 1.5)).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(f.silenceTotalSec - 3)).toBeLessThanOrEqual(tolerance);
  expect(f.overlapCount).toBe(1);
  expect(Math.abs(f.overlapTotalSec! - 0.8)).toBeLessThanOrEqual(tolerance);
  expect(f.agentInterruptions).toBe(1);
  expect(f.customerInterruptions).toBe(0);
  expect(f.turns).toBe(4);
  expect(f.agentFirstWordsSec).not.toBeNull();
  expect(f.agentFirstWordsSec!).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(f.customerFirstWordsSec! - 3.5)).toBeLessThanOrEqual(tolerance);
  expect(f.lastSpeaker).toBe('customer');
  expect(Math.abs(f.endSilenceSec - 0.5)).toBeLessThanOrEqual(tolerance);
};

describe.skipIf(missing !== null && !isRequired)(
  'signal analysis of recordings with known speech (espeak-ng, sox)',
  () => {
    let dir = '';
    beforeAll(() => {
      dir = tempDir();
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('finds each side’s speech, the silences, the overlap and who interrupted in an 8 kHz call', async () => {
      expectConversation(await analyseRecording(makeRecording(dir, 'plain', conversation)));
    });

    it('gives the same figures over a telephone line’s hiss', async () => {
      expectConversation(await analyseRecording(makeRecording(dir, 'hiss', { ...conversation, noise: 0.03 })));
    });

    it('reads A-law, 16 kHz and 44.1 kHz float recordings (resampled for the detector) alike', async () => {
      const alaw = makeRecording(dir, 'alaw', { ...conversation, encoding: ['-e', 'a-law', '-b', '8'] });
      const wide = makeRecording(dir, 'wide', { ...conversation, rate: 16000 });
      const float = makeRecording(dir, 'float', {
        ...conversation,
        rate: 44100,
        encoding: ['-e', 'floating-point', '-b', '32'],
      });
      for (const file of [alaw, wide, float]) expectConversation(await analyseRecording(file));
    });

    it('counts the customer cutting in, and not a short 嗯 inside the agent’s sentence as taking the floor', async () => {
      const f = await analyseRecording(
        makeRecording(dir, 'cut-in', {
          seconds: 9,
          utterances: [
            { side: 'agent', from: 0.5, seconds: 4 },
            { side: 'customer', from: 2, seconds: 0.5 },
            { side: 'customer', from: 4, seconds: 3 },
          ],
        }),
      );
      expect(f.customerInterruptions).toBe(2);
      expect(f.agentInterruptions).toBe(0);
      expect(f.turns).toBe(2);
      expect(f.silenceCount).toBe(0);
      expect(Math.abs(f.customerFirstWordsSec! - 2)).toBeLessThanOrEqual(tolerance);
    });

    it('reports a call where the customer never speaks', async () => {
      const f = await analyseRecording(
        makeRecording(dir, 'alone', { seconds: 5, utterances: [{ side: 'agent', from: 1, seconds: 2 }] }),
      );
      expect(f.customerFirstWordsSec).toBeNull();
      expect(f.customerTalkSec).toBe(0);
      expect(f.agentSharePercent).toBe(100);
      expect(f.turns).toBe(1);
    });

    it('gives a mono recording the whole call’s figures and leaves those of each side unknown', async () => {
      // Both sides mixed: speech 0-2, 3.5-7 (the overlap inside), 8.5-9.5; silences 2-3.5 and 7-8.5.
      const f = await analyseRecording(makeRecording(dir, 'mono', { ...conversation, isMono: true }));
      expect(f).toMatchObject({
        isMono: true,
        agentTalkSec: null,
        customerTalkSec: null,
        agentSharePercent: null,
        customerSharePercent: null,
        overlapCount: null,
        overlapTotalSec: null,
        agentInterruptions: null,
        customerInterruptions: null,
        turns: null,
        agentFirstWordsSec: null,
        customerFirstWordsSec: null,
        lastSpeaker: null,
        agentSegments: [],
        customerSegments: [],
      });
      expectSpans(f.speechSegments!, [
        [0, 2],
        [3.5, 7],
        [8.5, 9.5],
      ]);
      expect(f.durationSec).toBeCloseTo(10, 1);
      expect(Math.abs(f.speechSec! - 6.5)).toBeLessThanOrEqual(tolerance);
      expect(f.silenceCount).toBe(2);
      expect(Math.abs(f.silenceLongestSec - 1.5)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(f.silenceTotalSec - 3)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(f.endSilenceSec - 0.5)).toBeLessThanOrEqual(tolerance);
    });
  },
);

describe('signal analysis of files that are not recordings', () => {
  it('refuses a file that is not a WAV', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'x.wav');
    fs.writeFileSync(file, 'not a wav at all');
    await expect(analyseRecording(file)).rejects.toThrow(UnreadableRecording);
    fs.rmSync(dir, { recursive: true });
  });
});
