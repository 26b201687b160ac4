import { recordingSampleRate, stereoWav } from './recording.pcap.js';

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same recording. */
export const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** What the call-back simulator's two sides say: 8 kHz 16-bit samples of each one's line. */
export type TSimulatorVoices = { agent: Int16Array; customer: Int16Array };

/**
 * A call-back call's recording as the development carrier makes it (docs/decisions/0107): 8 kHz
 * 16-bit stereo PCM from the answer for `seconds`, the agent's leg on the left channel and the
 * customer's on the right, as the media gateway records a soft-phone call. The customer picks up
 * saying the simulator's script (as the soft-phone's development carrier does), the agent answers
 * with his line, and so on in turns, a pause of 0.6-1.2 s between them, until the hang-up cuts
 * whoever is speaking. The same seed gives the same pauses.
 */
export const simulatedCallWav = (seconds: number, seed: number, voices: TSimulatorVoices): Buffer => {
  const rand = mulberry32(seed);
  const frames = Math.max(1, Math.round(seconds * recordingSampleRate));
  const left = new Int16Array(frames);
  const right = new Int16Array(frames);
  let at = Math.round((0.3 + rand() * 0.4) * recordingSampleRate);
  for (let isAgent = false; at < frames; isAgent = !isAgent) {
    const voice = isAgent ? voices.agent : voices.customer;
    (isAgent ? left : right).set(voice.subarray(0, frames - at), at);
    at += voice.length + Math.round((0.6 + rand() * 0.6) * recordingSampleRate);
  }
  return stereoWav(left, right, frames);
};

/** The duration a WAV header announces, in seconds (tests and the ingestion's sanity check). */
export const wavDurationOf = (wav: Buffer): number | null => {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') return null;
  const byteRate = wav.readUInt32LE(28);
  const dataBytes = wav.readUInt32LE(40);
  return byteRate > 0 ? dataBytes / byteRate : null;
};
