import { softphoneLineMode } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { registerSignedCarrierPost } from '../telephony/index.js';
import { callRepository } from './call.repository.js';
import { callProgressRepository } from './call-progress.repository.js';

/**
 * A carrier's progress events: while a call-back call happens the carrier says when the
 * customer's phone rings and when he answers, signed like its final callback (HMAC-SHA256 of the
 * exact body in X-Carrier-Signature). The dial request keeps where the call stands, so the page
 * shows 呼叫中 → 振铃 → 通话中 → 已结束 instead of nothing until the record arrives.
 */
export const carrierProgressPath = '/internal/carrier/progress';

export const ZCarrierProgress = z.object({
  callId: z.string().min(1).max(100),
  bindId: z.string().min(1).max(100),
  event: z.enum(['ringing', 'answered']),
  /** When it happened (epoch ms), for the carrier's log; the server keeps its own time. */
  at: z.number().int().positive(),
});
export type TCarrierProgress = z.infer<typeof ZCarrierProgress>;

/** Where a call stands, as the page shows it. */
export type TCallProgress = 'calling' | 'ringing' | 'talking' | 'ended';

/**
 * From the dial request (call_binds): over -> ended; talking -> talking; a carrier request whose
 * customer's phone rings, or a soft-phone one whose INVITE went out -> ringing; otherwise calling
 * (a carrier call is 'ringing' in state from its order on, while the carrier still rings the agent).
 */
export const progressOf = (
  bind: { state: string; progress: string; lineMode: number },
  isOver: boolean,
): TCallProgress => {
  if (isOver) return 'ended';
  if (bind.state === 'talking') return 'talking';
  if (bind.progress === 'ringing') return 'ringing';
  if (bind.state === 'ringing' && bind.lineMode === softphoneLineMode) return 'ringing';
  return 'calling';
};

/**
 * A progress event moves its dial request on: unknown bind -> 404; one that moves nothing (late or
 * repeated) is 'ignored'.
 */
export const ingestCarrierProgress = async (
  database: TDatabase,
  ev: TCarrierProgress,
): Promise<readonly [number, number, string]> => {
  const bind = await callRepository.findBind(database.db, ev.bindId);
  if (!bind) return [404, 404, 'unknown bind'];
  const moved = await withTenant(database, bind.tenantId, (tx) =>
    callProgressRepository.advance(tx, bind.tenantId, bind.bindId, ev.event),
  );
  return [200, 0, moved ? 'ok' : 'ignored'];
};

/** The signed progress route, beside the callback and like it outside the route table. */
export const registerCarrierProgress = (app: FastifyInstance, opts: { secret: string | null; database: TDatabase }) =>
  registerSignedCarrierPost(app, {
    path: carrierProgressPath,
    secret: opts.secret,
    bodyLimit: 8 * 1024,
    schema: ZCarrierProgress,
    handle: (ev) => ingestCarrierProgress(opts.database, ev),
  });
