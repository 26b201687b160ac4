import crypto from 'node:crypto';

/** What a signed address is: ours and in time, ours but past its time, or not ours (changed, made up). */
export type TLinkCheck = 'valid' | 'expired' | 'tampered';

export type TLinkSigner = ReturnType<typeof createLinkSigner>;

/**
 * Short-lived addresses for a file a page opens without its session header (a new tab, an <img>):
 * HMAC-SHA256 over the path and the expiry, so neither can be changed without the key.
 */
export const createLinkSigner = (key: Buffer) => {
  const signatureOf = (path: string, expiresAt: number) =>
    crypto.createHmac('sha256', key).update(`${path}\n${expiresAt}`).digest('hex');
  return {
    sign: (path: string, ttlMs: number, now = Date.now()) => {
      const expiresAt = now + ttlMs;
      return { url: `${path}?exp=${expiresAt}&sig=${signatureOf(path, expiresAt)}`, expiresAt };
    },

    /** The signature is checked before the time, so a changed expiry reads as tampered (constant-time compare). */
    check: (path: string, exp: unknown, sig: unknown, now = Date.now()): TLinkCheck => {
      const expiresAt = Number(exp);
      if (typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig) || !Number.isSafeInteger(expiresAt)) {
        return 'tampered';
      }
      const expected = Buffer.from(signatureOf(path, expiresAt), 'hex');
      if (!crypto.timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'tampered';
      return expiresAt < now ? 'expired' : 'valid';
    },
  };
};
