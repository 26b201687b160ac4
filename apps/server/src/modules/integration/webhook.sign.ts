import crypto from 'node:crypto';

const secretPrefix = 'whsec_';

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => `${secretPrefix}${crypto.randomBytes(24).toString('base64')}`;

/** A message id, unique per event: the `webhook-id` a receiver drops repeats by. */
export const newMessageId = (): string => `msg_${crypto.randomBytes(16).toString('base64url')}`;

/**
 * The three headers of the Standard Webhooks specification: `webhook-signature` is `v1,` and the
 * base64 HMAC-SHA256, keyed with the secret's base64-decoded bytes, of `<id>.<timestamp>.<body>`
 * (the timestamp in whole seconds).
 */
export const signedHeaders = (
  secret: string,
  msg: { id: string; timestamp: Date; body: string },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> => {
  const key = Buffer.from(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret, 'base64');
  const seconds = Math.floor(msg.timestamp.getTime() / 1000);
  const signature = crypto.createHmac('sha256', key).update(`${msg.id}.${seconds}.${msg.body}`).digest('base64');
  return { 'webhook-id': msg.id, 'webhook-timestamp': String(seconds), 'webhook-signature': `v1,${signature}` };
};
