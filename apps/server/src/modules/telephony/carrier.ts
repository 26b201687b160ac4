import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * The telephony carrier of call-back (mode 0) and app lines. A real carrier's
 * adapter sends the call order to its API; the development one (carrier.simulator.ts) plays the
 * call itself. Either way the call comes back as a signed callback (callback.routes.ts), the one
 * path that writes call records (docs/decisions/0006-carrier-callback.md).
 */
export type TCarrierBind = {
  bindId: string;
  tenantId: number;
  lineMode: number;
  /** The agent's phone (rung first on a call-back line). */
  telA: string;
  telB: string;
  telX: string;
  isRecorded: boolean;
};

export type TCarrier = {
  /** False when no carrier is configured: call-back and app lines are then refused before any write. */
  isAvailable: boolean;
  /** Orders the call; returns at once (the call itself plays out later and ends in a callback). */
  placeCall: (bind: TCarrierBind) => void;
  /** Waits for the calls under way (server shutdown, tests). */
  idle: () => Promise<void>;
};

/** Where a carrier posts finished calls; outside the route table like /internal/sip/ha1. */
export const carrierCallbackPath = '/internal/carrier/callback';
export const carrierSignatureHeader = 'x-carrier-signature';

/** What happened to a call, as carriers report it. */
export const carrierOutcomes = ['connected', 'no_answer', 'busy', 'empty'] as const;
export type TCarrierOutcome = (typeof carrierOutcomes)[number];

/** The callback body (JSON). Times are epoch ms; the recording is a key of the recording storage. */
export const ZCarrierCallback = z.object({
  /** The carrier's own id of the call: the same id twice is one call (idempotency). */
  callId: z.string().min(1).max(100),
  bindId: z.string().min(1).max(100),
  outcome: z.enum(carrierOutcomes),
  telA: z.string().max(30),
  telB: z.string().max(30),
  telX: z.string().max(30),
  startTime: z.number().int().positive(),
  /** When the callee answered; null when he never did. */
  answerTime: z.number().int().positive().nullable(),
  endTime: z.number().int().positive(),
  /** 1 agent hung up, 2 customer hung up, 3 no answer timeout, 4 system. */
  finishStatus: z.number().int().min(1).max(4),
  /**
   * The recording, a WAV the adapter stored in the recording storage: two channels are the agent's
   * leg left and the customer's right, one channel both legs mixed (docs/decisions/0107).
   */
  recordingKey: z.string().max(200).nullable(),
});
export type TCarrierCallback = z.infer<typeof ZCarrierCallback>;

/** HMAC-SHA256 of the exact body bytes, hex: what X-Carrier-Signature carries. */
export const signCarrierBody = (secret: string, body: string) =>
  crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex');

/** Constant-time check of a presented signature against the body. */
export const isCarrierSignatureValid = (secret: string | null, body: string, presented: string | undefined) => {
  if (!secret || !presented || !/^[0-9a-f]{64}$/i.test(presented)) return false;
  return crypto.timingSafeEqual(Buffer.from(signCarrierBody(secret, body), 'hex'), Buffer.from(presented, 'hex'));
};

/** call_records.callStatus of an outcome: 1 connected, 2 not answered, 3 busy, 4 failed (empty number). */
export const callStatusOf: Record<TCarrierOutcome, number> = { connected: 1, no_answer: 2, busy: 3, empty: 4 };
