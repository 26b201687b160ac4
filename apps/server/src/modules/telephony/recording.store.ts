import crypto from 'node:crypto';
import type { TByteRange, TObjectStore } from '../../storage/index.js';

/** Where a recording is served: outside the route table, authorised by its signature (recording.routes.ts). */
export const recordingPathPrefix = '/base/call/recording';

/** How long a signed address plays: long enough for a page left open, short enough not to be shared. */
export const recordingUrlTtlMs = 30 * 60_000;

const keyRule = /^recordings\/\d+\/[A-Za-z0-9_-]{1,80}\.wav$/;

export type TRecordingStore = ReturnType<typeof createRecordingStore>;

/**
 * Call recordings in the object store (storage/: the data folder beside uploads, or the bucket):
 * `recordings/<tenant>/<name>.wav`. The key is what call_records.pre_record_url keeps; the browser
 * only ever gets a signed address of this server (docs/decisions/0006-carrier-callback.md: an <audio>
 * element cannot send the CLOUD-TOKEN header; 0099-object-storage.md: the bucket stays private).
 */
export const createRecordingStore = (deps: { objects: TObjectStore; secret: string }) => {
  const { objects } = deps;
  const signatureOf = (tenantId: number, recordId: number, expiresAt: number) =>
    crypto.createHmac('sha256', deps.secret).update(`${tenantId}.${recordId}.${expiresAt}`).digest('hex');
  const checked = (key: string) => {
    if (!keyRule.test(key)) throw new Error(`bad recording key ${key}`);
    return key;
  };

  return {
    keyOf: (tenantId: number, name: string) => `recordings/${tenantId}/${name}.wav`,
    isValidKey: (key: string) => keyRule.test(key),
    /** Stored whole at once, so a half-written recording is never served or analysed. */
    write: (key: string, data: Buffer) => objects.put(checked(key), data, 'audio/wav'),
    exists: async (key: string) => keyRule.test(key) && (await objects.exists(key)),
    /** The recording (or a byte range of it) as a stream, with its whole size; null when there is none. */
    open: (key: string, range?: TByteRange) => objects.open(checked(key), range),
    sizeOf: (key: string) => objects.sizeOf(checked(key)),
    /** The whole recording in memory; null when there is none. */
    read: (key: string) => objects.read(checked(key)),
    /** Runs `use` with a file of the recording (a temporary copy when it lives in a bucket); null when none. */
    withFile: <T>(key: string, use: (file: string) => Promise<T>) => objects.withLocalFile(checked(key), use),

    /**
     * An address an outside service (a cloud speech engine) fetches the recording from for
     * `ttlSeconds`: the bucket's presigned GET; null in the data folder, which nothing outside reaches.
     */
    vendorUrl: (key: string, ttlSeconds: number) => objects.presignedUrl(checked(key), ttlSeconds),

    /** A playable address of one call's recording for `ttlMs`. */
    signedUrl: (tenantId: number, recordId: number, now = Date.now(), ttlMs = recordingUrlTtlMs) => {
      const expiresAt = now + ttlMs;
      return {
        url: `${recordingPathPrefix}/${tenantId}/${recordId}?exp=${expiresAt}&sig=${signatureOf(tenantId, recordId, expiresAt)}`,
        expiresAt,
      };
    },

    /** Whether an address's signature is ours and not expired (constant-time compare). */
    verify: (tenantId: number, recordId: number, expiresAt: number, sig: string, now = Date.now()) => {
      if (!Number.isSafeInteger(expiresAt) || expiresAt < now || !/^[0-9a-f]{64}$/.test(sig)) return false;
      const expected = Buffer.from(signatureOf(tenantId, recordId, expiresAt), 'hex');
      return crypto.timingSafeEqual(expected, Buffer.from(sig, 'hex'));
    },
  };
};
