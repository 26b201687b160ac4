import type fs from 'node:fs';
import { analysisFailure } from './call-analysis.errors.js';

/** A WAV file's sample format, as far as the analysis reads it. */
export type TWavFormat = {
  /** 1 PCM, 3 IEEE float, 6 A-law, 7 μ-law (an extensible header's sub-format). */
  encoding: 1 | 3 | 6 | 7;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes of one sample of every channel. */
  blockAlign: number;
  /** Where the samples start and how many bytes they take (to the end of the file when the header does not say). */
  dataOffset: number;
  dataBytes: number;
};

/** Why a file cannot be analysed: a message for the record's 失败 reason, never retried. */
export class UnreadableRecording extends Error {}

const readAt = async (fh: fs.promises.FileHandle, position: number, length: number) => {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
};

/** Reads the RIFF header's chunks up to `data` (skipping LIST and the others rtpengine or sox write). */
export const readWavFormat = async (fh: fs.promises.FileHandle): Promise<TWavFormat> => {
  const size = (await fh.stat()).size;
  const riff = await readAt(fh, 0, 12);
  if (riff.length < 12 || riff.toString('ascii', 0, 4) !== 'RIFF' || riff.toString('ascii', 8, 12) !== 'WAVE') {
    throw new UnreadableRecording(analysisFailure.notWav);
  }
  let format: Omit<TWavFormat, 'dataOffset' | 'dataBytes'> | null = null;
  for (let at = 12; at + 8 <= size; ) {
    const head = await readAt(fh, at, 8);
    const id = head.toString('ascii', 0, 4);
    const length = head.readUInt32LE(4);
    if (id === 'fmt ') {
      const fmt = await readAt(fh, at + 8, Math.min(length, 40));
      if (fmt.length < 16) break;
      let tag = fmt.readUInt16LE(0);
      // WAVE_FORMAT_EXTENSIBLE: the sub-format GUID's first two bytes are the format tag.
      if (tag === 0xfffe && fmt.length >= 26) tag = fmt.readUInt16LE(24);
      if (tag !== 1 && tag !== 3 && tag !== 6 && tag !== 7)
        throw new UnreadableRecording(analysisFailure.encoding(tag));
      format = {
        encoding: tag,
        channels: fmt.readUInt16LE(2),
        sampleRate: fmt.readUInt32LE(4),
        blockAlign: fmt.readUInt16LE(12),
        bitsPerSample: fmt.readUInt16LE(14),
      };
    } else if (id === 'data') {
      if (!format) break;
      const isSupported =
        (format.encoding === 1 && [8, 16, 24, 32].includes(format.bitsPerSample)) ||
        (format.encoding === 3 && (format.bitsPerSample === 32 || format.bitsPerSample === 64)) ||
        ((format.encoding === 6 || format.encoding === 7) && format.bitsPerSample === 8);
      if (!isSupported || format.channels < 1 || format.sampleRate < 4000 || format.blockAlign < 1) {
        throw new UnreadableRecording(analysisFailure.format);
      }
      const dataOffset = at + 8;
      // A writer that streams leaves the size 0 or 0xFFFFFFFF: the samples run to the end of the file.
      const announced = length === 0 || length === 0xffffffff ? size - dataOffset : length;
      return { ...format, dataOffset, dataBytes: Math.min(announced, size - dataOffset) };
    }
    at += 8 + length + (length % 2);
  }
  throw new UnreadableRecording(analysisFailure.truncated);
};

const alawToLinear = (a: number) => {
  const v = a ^ 0x55;
  let t = (v & 0x0f) << 4;
  const seg = (v & 0x70) >> 4;
  if (seg === 0) t += 8;
  else if (seg === 1) t += 0x108;
  else t = (t + 0x108) << (seg - 1);
  return v & 0x80 ? t : -t;
};

const ulawToLinear = (u: number) => {
  const v = ~u & 0xff;
  let t = ((v & 0x0f) << 3) + 0x84;
  t <<= (v & 0x70) >> 4;
  return v & 0x80 ? 0x84 - t : t - 0x84;
};

const alaw = Int16Array.from({ length: 256 }, (_, i) => alawToLinear(i));
const ulaw = Int16Array.from({ length: 256 }, (_, i) => ulawToLinear(i));

const clamp16 = (x: number) => (x > 32767 ? 32767 : x < -32768 ? -32768 : Math.round(x));

/** The reader of one sample (as 16-bit linear) at a byte offset, for the file's format. */
const sampleReader = (f: TWavFormat): ((buf: Buffer, at: number) => number) => {
  if (f.encoding === 6) return (buf, at) => alaw[buf[at]!]!;
  if (f.encoding === 7) return (buf, at) => ulaw[buf[at]!]!;
  if (f.encoding === 3) {
    return f.bitsPerSample === 32
      ? (buf, at) => clamp16(buf.readFloatLE(at) * 32768)
      : (buf, at) => clamp16(buf.readDoubleLE(at) * 32768);
  }
  if (f.bitsPerSample === 8) return (buf, at) => (buf[at]! - 128) << 8;
  if (f.bitsPerSample === 16) return (buf, at) => buf.readInt16LE(at);
  if (f.bitsPerSample === 24) return (buf, at) => buf.readIntLE(at, 3) >> 8;
  return (buf, at) => buf.readInt32LE(at) >> 16;
};

/** Bytes read at a time: about two seconds of an 8 kHz stereo call, whatever the file's length. */
const chunkBytes = 64 * 1024;

/**
 * Streams the first two channels of a WAV as 16-bit samples, a chunk at a time, so a long call is
 * never decoded whole: `onChunk` gets the left and right channel of the same stretch of time (a mono
 * file's one channel as both).
 */
export const streamStereo = async (
  fh: fs.promises.FileHandle,
  f: TWavFormat,
  onChunk: (left: Int16Array, right: Int16Array) => void,
  signal?: AbortSignal,
): Promise<void> => {
  const read = sampleReader(f);
  const rightAt = f.channels > 1 ? f.bitsPerSample / 8 : 0;
  const perRead = Math.max(1, Math.floor(chunkBytes / f.blockAlign)) * f.blockAlign;
  const buf = Buffer.alloc(perRead);
  const end = f.dataOffset + f.dataBytes;
  for (let at = f.dataOffset; at < end; ) {
    signal?.throwIfAborted();
    const { bytesRead } = await fh.read(buf, 0, Math.min(perRead, end - at), at);
    const frames = Math.floor(bytesRead / f.blockAlign);
    if (frames === 0) break;
    const left = new Int16Array(frames);
    const right = new Int16Array(frames);
    for (let i = 0; i < frames; i++) {
      const base = i * f.blockAlign;
      left[i] = read(buf, base);
      right[i] = read(buf, base + rightAt);
    }
    onChunk(left, right);
    at += frames * f.blockAlign;
  }
};
