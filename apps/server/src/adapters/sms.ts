import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages. The real provider (an SMS gateway) implements the same interface. */
export type TSmsSender = {
  send: (mobile: string, text: string, meta: { code: string; purpose: string }) => Promise<void>;
};

export type TDevOutbox = Map<string, { code: string; purpose: string; sentAt: number }>;

/**
 * Development provider: writes the message to the log and keeps the last code per mobile in an
 * outbox that the dev-only route `/dev/sms/last` reads (tests sign in with it).
 */
export const createDevSms = (log: FastifyBaseLogger): TSmsSender & { outbox: TDevOutbox } => {
  const outbox: TDevOutbox = new Map();
  return {
    outbox,
    send: async (mobile, text, meta) => {
      outbox.set(mobile, { ...meta, sentAt: Date.now() });
      log.info({ mobile, purpose: meta.purpose }, `[开发短信] ${mobile}: ${text}`);
    },
  };
};
