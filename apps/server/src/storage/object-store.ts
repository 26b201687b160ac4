import type { Readable } from 'node:stream';

/** A byte range of an object, both ends included (an HTTP `Range: bytes=start-end`). */
export type TByteRange = { start: number; end: number };

/** An object read back: its bytes (the asked range, or all) and its whole size. */
export type TObjectRead = { body: Readable; size: number };

/**
 * Where recordings and uploads live, by key (`recordings/<tenant>/<name>.wav`, `uploads/<key>.<type>`):
 * the data folder (local.store.ts) or an S3-compatible bucket (s3.store.ts). Keys are checked by
 * their owners (recording.store.ts, the system area's uploads); the store takes them as given.
 */
export type TObjectStore = {
  /** `local` or `s3`, for the logs and the move script. */
  kind: 'local' | 's3';
  /** Stores the whole object at once: a reader never sees it half written. */
  put: (key: string, body: Buffer, contentType?: string) => Promise<void>;
  /** The object's size, or null when there is none. */
  sizeOf: (key: string) => Promise<number | null>;
  exists: (key: string) => Promise<boolean>;
  /** A stream of the object (or of `range` of it, already clipped to its size); null when there is none. */
  open: (key: string, range?: TByteRange) => Promise<TObjectRead | null>;
  /** The whole object in memory (uploads are at most a few MB); null when there is none. */
  read: (key: string) => Promise<Buffer | null>;
  /** Removes the object; none there is not an error. */
  remove: (key: string) => Promise<void>;
  /**
   * Runs `use` with a file holding the object, for readers that need a path (ffmpeg, the speech
   * service): the folder's own file, or a temporary copy of the bucket's, removed afterwards.
   * Null when there is no object.
   */
  withLocalFile: <T>(key: string, use: (file: string) => Promise<T>) => Promise<T | null>;
  /**
   * An address the bucket itself answers for `ttlSeconds` (presigned GET); null for the folder,
   * whose files only the server's own signed routes serve.
   */
  presignedUrl: (key: string, ttlSeconds: number, opts?: { contentType?: string }) => Promise<string | null>;
  /** Every key under `prefix` (the move script and tests). */
  list: (prefix: string) => AsyncIterable<string>;
  close: () => void;
};

/** The part of a `Range` header a store serves: one range, or null for the whole object (416 when `unsatisfiable`). */
export const rangeOf = (header: string | undefined, size: number): TByteRange | 'unsatisfiable' | null => {
  const range = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!range || !(range[1] || range[2])) return null;
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
};
