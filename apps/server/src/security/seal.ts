import crypto from 'node:crypto';

/**
 * Secrets and personal numbers at rest: AES-256-GCM under the server's DATA_ENCRYPTION_KEY, a fresh
 * 96-bit IV each time; stored as `iv.tag.ciphertext` in base64url. The tag makes a changed row fail to open.
 */
export const sealText = (key: Buffer, plain: string): string => {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
};

/** The text `sealText` sealed under `key`; throws when the key differs or the row was changed. */
export const openText = (key: Buffer, sealed: string): string => {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed text malformed');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
};
