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

/**
 * One recording handed to the speech-to-text. `side` null: a stereo file, the agent left and the
 * customer right (the gateway's); a side: a mono file of that side alone. `speech` is where the
 * signal analysis heard each side speak (the development engine places its text there only).
 */
export type TAsrInput = {
  file: string;
  side: TCallSide | null;
  speech: { agent: readonly TSpan[]; customer: readonly TSpan[] };
  signal?: AbortSignal;
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

/** Reads a transcript: an OpenAI-compatible model, or the development rule engine. */
export type TCallAnalyst = {
  engine: string;
  isCloud: boolean;
  analyse: (input: TAnalystInput) => Promise<TAnalystOutput>;
};

/** A failure the vendor named (a refused key, a file it cannot read): the reason is stored as it is. */
export class SpeechVendorError extends Error {}
