import type {
  TCallInsight,
  TCallSide,
  TCallTranscript,
  TCallTranscriptSegment,
  TExtractedValue,
  TExtractionField,
} from '@yunhu/contract';

/** Seconds from the answer: [from, to]. */
export type TSpan = readonly [number, number];

/** Who made a call's recording: the media gateway (a soft-phone call) or the call-back carrier. */
export type TRecordingSource = 'gateway' | 'carrier';

/**
 * One recording handed to the speech-to-text. `side` null: a stereo file, the agent left and the
 * customer right (the gateway's), or with `isMono` one channel of both sides mixed (a carrier's,
 * whose sentences then have no side); a side: a mono file of that side alone. `speech` is where the
 * signal analysis heard each side speak (the development engine places its text there only).
 */
export type TAsrInput = {
  file: string;
  side: TCallSide | null;
  isMono?: boolean;
  /** Absent: the gateway's. */
  source?: TRecordingSource;
  speech: { agent: readonly TSpan[]; customer: readonly TSpan[] };
  signal?: AbortSignal;
  /**
   * An address a cloud engine may fetch the recording from for a while (the bucket's presigned GET),
   * for a file too large to send in the request; null or absent: there is none (the data folder).
   */
  link?: () => Promise<string | null>;
};

/**
 * Speech-to-text of a recorded call: Tencent Cloud's recording-file recognition, or the development
 * engine that knows the carrier simulator's script. `isCloud`: the recording leaves the server.
 */
export type TAsrAdapter = {
  engine: string;
  isCloud: boolean;
  transcribe: (input: TAsrInput) => Promise<TCallTranscript>;
};

/** A transcript to read, and when the call started (a promised 明天 is counted from its day). */
export type TAnalystInput = {
  segments: readonly TCallTranscriptSegment[];
  callStartedAt: number;
  signal?: AbortSignal;
  /** The enterprise's extraction fields to fill (docs/decisions/0104); none: the reading alone. */
  fields?: readonly TExtractionField[];
};

/** The reading, and the extraction fields' values when fields were asked for. */
export type TAnalystOutput = TCallInsight & { extracted?: TExtractedValue[] };

/**
 * Reads a transcript: an OpenAI-compatible model, or the development rule engine. `canReadMono`:
 * it can read a mono recording's sentences, whose speakers are not told apart (a model reads the
 * words; the rules, which weigh the customer's words alone, cannot).
 */
export type TCallAnalyst = {
  engine: string;
  isCloud: boolean;
  canReadMono: boolean;
  analyse: (input: TAnalystInput) => Promise<TAnalystOutput>;
};

/** A failure the vendor named (a refused key, a file it cannot read): the reason is stored as it is. */
export class SpeechVendorError extends Error {}
