/**
 * A synthetic call recording for the carrier simulator: 8 kHz, 16-bit mono PCM WAV (what
 * telephone recordings are, and what every browser's <audio> plays). Two "speakers" take turns:
 * voiced bursts (a pitch with harmonics under a syllable envelope) separated by pauses, over a
 * little line noise, so it sounds like a conversation and not like a test tone.
 */

export const wavSampleRate = 8000;
const bytesPerSample = 2;

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same recording. */
export const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const header = (dataBytes: number) => {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(wavSampleRate, 24);
  h.writeUInt32LE(wavSampleRate * bytesPerSample, 28);
  h.writeUInt16LE(bytesPerSample, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
};

/** A WAV of `seconds` of speech-like sound (the buffer holds the whole file). */
export const synthesizeCallWav = (seconds: number, seed: number): Buffer => {
  const rand = mulberry32(seed);
  const total = Math.max(1, Math.round(seconds * wavSampleRate));
  const pcm = Buffer.alloc(total * bytesPerSample);
  // Agent and customer: different voice pitches (Hz).
  const pitches = [110 + rand() * 30, 190 + rand() * 40];
  let speaker = 0;
  let i = 0;
  while (i < total) {
    // A turn of 1-4 s of syllables, then a pause of 0.2-0.8 s.
    const turnEnd = Math.min(total, i + Math.round((1 + rand() * 3) * wavSampleRate));
    while (i < turnEnd) {
      const syllable = Math.min(turnEnd - i, Math.round((0.12 + rand() * 0.2) * wavSampleRate));
      const f0 = pitches[speaker]! * (0.9 + rand() * 0.2);
      const formant = 500 + rand() * 1500;
      for (let k = 0; k < syllable; k++, i++) {
        const t = i / wavSampleRate;
        const env = Math.sin((Math.PI * k) / syllable);
        const voiced =
          Math.sin(2 * Math.PI * f0 * t) +
          0.5 * Math.sin(2 * Math.PI * 2 * f0 * t) +
          0.3 * Math.sin(2 * Math.PI * formant * t);
        const noise = (rand() - 0.5) * 0.04;
        pcm.writeInt16LE(Math.round((0.25 * env * voiced + noise) * 32767 * 0.8), i * bytesPerSample);
      }
    }
    const pauseEnd = Math.min(total, i + Math.round((0.2 + rand() * 0.6) * wavSampleRate));
    for (; i < pauseEnd; i++) pcm.writeInt16LE(Math.round((rand() - 0.5) * 0.02 * 32767), i * bytesPerSample);
    speaker = 1 - speaker;
  }
  return Buffer.concat([header(pcm.length), pcm]);
};

/** The duration a WAV header announces, in seconds (tests and the ingestion's sanity check). */
export const wavDurationOf = (wav: Buffer): number | null => {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') return null;
  const byteRate = wav.readUInt32LE(28);
  const dataBytes = wav.readUInt32LE(40);
  return byteRate > 0 ? dataBytes / byteRate : null;
};
