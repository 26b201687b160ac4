import fs from 'node:fs';
import { figuresOf, monoFiguresOf, segmentsOf, type TSignalFigures } from './signal.figures.js';
import { createVad, frameMs, type TVad, vadRates } from './signal.vad.js';
import { readWavFormat, streamStereo } from './signal.wav.js';

/** Speech quieter than this (RMS of a frame, about -50 dBFS) is the line's floor, whatever the VAD says. */
const floorRms = 100;

/** The detector's rate for a recording's: its own when the VAD takes it, else 8 or 16 kHz. */
const vadRateOf = (rate: number): (typeof vadRates)[number] =>
  vadRates.find((r) => r === rate) ?? (rate < 16000 ? 8000 : 16000);

/**
 * One channel through the detector: samples arrive in chunks at the file's rate, are resampled
 * (linear interpolation, carried across chunks) to the detector's, cut into frames, and each
 * frame's verdict kept: one byte per 20 ms, the only thing that grows with the call's length.
 */
const channelOf = (vad: TVad, fromRate: number, toRate: number) => {
  const frame = new Int16Array(vad.frameSamples);
  let filled = 0;
  let decisions = new Uint8Array(4096);
  let frames = 0;
  const step = fromRate / toRate;
  /** Position of the next output sample, in input samples counted from the last one of the previous chunk. */
  let position = 0;
  let previous = 0;

  const emit = (sample: number) => {
    frame[filled++] = sample;
    if (filled < frame.length) return;
    filled = 0;
    let energy = 0;
    for (const s of frame) energy += s * s;
    const isSpeech = Math.sqrt(energy / frame.length) >= floorRms && vad.isSpeech(frame);
    if (frames === decisions.length) {
      const grown = new Uint8Array(decisions.length * 2);
      grown.set(decisions);
      decisions = grown;
    }
    decisions[frames++] = isSpeech ? 1 : 0;
  };

  return {
    push: (chunk: Int16Array) => {
      if (step === 1) {
        for (const s of chunk) emit(s);
        return;
      }
      // Sample k of this chunk sits at position k + 1 (0 is the previous chunk's last sample).
      for (; position <= chunk.length; position += step) {
        const k = Math.floor(position);
        const at = k === 0 ? previous : chunk[k - 1]!;
        const next = k < chunk.length ? chunk[k]! : at;
        emit(Math.round(at + (next - at) * (position - k)));
      }
      position -= chunk.length;
      previous = chunk.at(-1) ?? previous;
    },
    decisions: () => decisions.subarray(0, frames),
  };
};

/**
 * The signal figures of a call recording: a stereo one (agent left, customer right) each channel
 * through WebRTC's voice-activity detector, its verdicts smoothed into speech segments, then the
 * figures (signal.figures.ts); a mono one (both sides mixed, a carrier's) its one channel, and the
 * whole call's figures only. The file is read a chunk at a time. A file that cannot be analysed
 * (not a WAV, an encoding not read) throws signal.wav.ts's UnreadableRecording.
 */
export const analyseRecording = async (file: string, signal?: AbortSignal): Promise<TSignalFigures> => {
  const fh = await fs.promises.open(file, 'r');
  const vads: TVad[] = [];
  try {
    const format = await readWavFormat(fh);
    const isMono = format.channels < 2;
    const rate = vadRateOf(format.sampleRate);
    vads.push(await createVad(rate));
    if (!isMono) vads.push(await createVad(rate));
    // The agent's channel, or a mono file's only one; the customer's.
    const left = channelOf(vads[0]!, format.sampleRate, rate);
    const right = isMono ? null : channelOf(vads[1]!, format.sampleRate, rate);
    await streamStereo(
      fh,
      format,
      (l, r) => {
        left.push(l);
        right?.push(r);
      },
      signal,
    );
    const durationMs = Math.round(((format.dataBytes / format.blockAlign) * 1000) / format.sampleRate);
    if (!right) return monoFiguresOf(segmentsOf(left.decisions(), frameMs), durationMs);
    return figuresOf(segmentsOf(left.decisions(), frameMs), segmentsOf(right.decisions(), frameMs), durationMs);
  } finally {
    for (const vad of vads) vad.free();
    await fh.close();
  }
};
