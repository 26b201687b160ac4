import { type TWebhookEventType, webhookMaxAttempts } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { webhookRepository as repo } from './webhook.repository.js';
import { newMessageId } from './webhook.sign.js';

/** The body every delivery sends, as Standard Webhooks suggests: its type, when it happened, its data. */
export type TWebhookPayload = { type: string; timestamp: string; data: Record<string, unknown> };

export const payloadOf = (type: string, at: Date, data: Record<string, unknown>): TWebhookPayload => ({
  type,
  timestamp: at.toISOString(),
  data,
});

/** Another area's outbox beside the webhooks' (腾讯EC 同步): told of every event in its transaction. */
export type TEventListener = (
  tx: TDb,
  tenantId: number,
  type: Exclude<TWebhookEventType, 'ping'>,
  data: Record<string, unknown>,
  at: Date,
) => Promise<unknown>;

const listeners = new Set<TEventListener>();

/** Adds a listener once (the same function added again by a second app changes nothing). */
export const onWebhookEvent = (listener: TEventListener) => {
  listeners.add(listener);
};

/**
 * The outbox: an event of the enterprise becomes one delivery per enabled endpoint that chose it,
 * written in `tx`, the transaction of the business change, so an event is sent if and only if the
 * change is kept. The job delivers it later; nothing here waits on a receiver.
 */
export const emitWebhookEvent = async (
  tx: TDb,
  tenantId: number,
  type: Exclude<TWebhookEventType, 'ping'>,
  data: Record<string, unknown>,
  at: Date = new Date(),
): Promise<number> => {
  for (const listener of listeners) await listener(tx, tenantId, type, data, at);
  const targets = await repo.subscribers(tx, tenantId, type);
  if (targets.length === 0) return 0;
  const messageId = newMessageId();
  const payload = payloadOf(type, at, data);
  await repo.insertDeliveries(
    tx,
    targets.map((e) => ({
      tenantId,
      endpointId: e.id,
      messageId,
      eventType: type,
      payload,
      maxAttempts: webhookMaxAttempts,
      nextAttemptAt: at,
    })),
  );
  return targets.length;
};
