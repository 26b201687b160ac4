import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where a recording is served: outside the route table, authorised by its signature (recording.routes.ts). */
export const recordingPathPrefix = '/base/call/recording';

/** How long a signed address plays: long enough for a page left open, short enough not to be shared. */
export const recordingUrlTtlMs = 30 * 60_000;

const keyRule = /^recordings\/\d+\/[A-Za-z0-9_-]{1,80}\.wav$/;

export type TRecordingStore = ReturnType<typeof createRecordingStore>;

/**
 * Call recordings on the data directory's storage (beside uploads): `recordings/<tenant>/<name>.wav`.
 * The key is what call_records.pre_record_url keeps; the browser only ever gets a signed address
 * (docs/decisions/0006-carrier-callback.md: an <audio> element cannot send the CLOUD-TOKEN header).
 */
export const createRecordingStore = (deps: { dataDir: string; secret: string }) => {
  const root = path.join(deps.dataDir);
  const signatureOf = (tenantId: number, recordId: number, expiresAt: number) =>
    crypto.createHmac('sha256', deps.secret).update(`${tenantId}.${recordId}.${expiresAt}`).digest('hex');

  return {
    keyOf: (tenantId: number, name: string) => `recordings/${tenantId}/${name}.wav`,
    isValidKey: (key: string) => keyRule.test(key),
    fileOf: (key: string) => {
      if (!keyRule.test(key)) throw new Error(`bad recording key ${key}`);
      return path.join(root, key);
    },
    write: async (key: string, data: Buffer) => {
      if (!keyRule.test(key)) throw new Error(`bad recording key ${key}`);
      const file = path.join(root, key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a half-written file is never served or ingested.
      await fs.promises.writeFile(`${file}.part`, data);
      await fs.promises.rename(`${file}.part`, file);
    },
    exists: async (key: string) =>
      keyRule.test(key) &&
      (await fs.promises
        .stat(path.join(root, key))
        .then((s) => s.isFile())
        .catch(() => false)),

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
