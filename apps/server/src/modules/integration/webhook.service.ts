import {
  integrationLimits,
  type TDelivery,
  type TDeliveryAttempt,
  type TPage,
  type TRouteInput,
  type TWebhookEndpoint,
  toPage,
  webhookMaxAttempts,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import type { TJobDef, TJobRun } from '../../jobs/index.js';
import { integrationErrors as errors } from './integration.errors.js';
import { payloadOf } from './webhook.events.js';
import {
  webhookRepository as repo,
  type TDeliveryRow,
  type TDueDelivery,
  type TEndpointRow,
} from './webhook.repository.js';
import { sendWebhook, type TSendOptions } from './webhook.send.js';
import { newMessageId, newWebhookSecret } from './webhook.sign.js';
import { checkReceiverUrl } from './webhook.url.js';

export const webhookJobName = 'integration.webhook-deliver';

/** Deliveries one run takes at a time; a run goes on until none is due. */
const batchSize = 20;

export type TWebhookConfig = TSendOptions & {
  /** The first retry's delay; each next one doubles it. */
  retrySeconds: number;
  /** How often the job looks for due deliveries (0: only when woken: tests). */
  pollSeconds: number;
};

export type TWebhookDeps = {
  database: TDatabase;
  config: TWebhookConfig;
  /** Queues a run of the job now (dropped when one already waits: that one takes these too). */
  wake: () => Promise<unknown>;
  now?: () => Date;
};

type TIn<K extends 'webhookSave' | 'deliveryPage'> = TRouteInput<'integration', K>;

const endpointOut = (e: TEndpointRow): TWebhookEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  isEnabled: e.isEnabled,
  createdAt: e.createdAt.getTime(),
  updatedAt: e.updatedAt.getTime(),
});

const time = (d: Date | null) => (d ? d.getTime() : null);

export const deliveryOut = (d: TDeliveryRow): TDelivery => ({
  id: d.id,
  endpointId: d.endpointId,
  messageId: d.messageId,
  eventType: d.eventType,
  state: d.state as TDelivery['state'],
  attempts: d.attempts,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  lastDurationMs: d.lastDurationMs,
  lastAttemptAt: time(d.lastAttemptAt),
  nextAttemptAt: d.state === 'pending' ? time(d.nextAttemptAt) : null,
  createdAt: d.createdAt.getTime(),
});

/** Exponential back-off: retrySeconds after the first failure, doubling each time, with ±20 % jitter. */
export const retryDelayMs = (retrySeconds: number, failedAttempts: number, jitter = Math.random()): number =>
  Math.round(retrySeconds * 1000 * 2 ** (failedAttempts - 1) * (0.8 + 0.4 * jitter));

/**
 * 开放平台 › Webhook: an enterprise's endpoints and their secrets, the outbox's deliveries sent by the
 * job (signed, each attempt logged, retried with back-off), the log and 重新发送.
 */
export const createWebhookService = (deps: TWebhookDeps) => {
  const { database, config } = deps;
  const now = deps.now ?? (() => new Date());

  const endpointOf = async (ctx: TRequestContext, id: number) => {
    const e = await repo.endpoint(ctx.tx, ctx.auth.tenantId, id);
    if (!e) throw errors.endpointMissing();
    return e;
  };

  /** One attempt of a claimed delivery, written with its result and its next due time. */
  const attempt = async (d: TDueDelivery): Promise<TDeliveryRow> => {
    const at = now();
    const result = await sendWebhook(
      { url: d.url, secret: d.secret, id: d.messageId, body: JSON.stringify(d.payload) },
      config,
      now,
    );
    const isLast = d.attempts + 1 >= d.maxAttempts;
    const nextAttemptAt =
      result.isOk || isLast ? null : new Date(at.getTime() + retryDelayMs(config.retrySeconds, d.attempts + 1));
    return withTenant(database, d.tenantId, (tx) => repo.recordAttempt(tx, d, { ...result, at, nextAttemptAt }));
  };

  /** A run of the job: every delivery due, a batch at a time, until none is left or the run is stopped. */
  const deliverDue = async (run?: Pick<TJobRun, 'signal'>) => {
    let sent = 0;
    while (!run?.signal.aborted) {
      const at = now();
      // Held past the attempt's timeout: a server that dies mid-attempt leaves it due again then.
      const lease = new Date(at.getTime() + config.timeoutMs + 60_000);
      const due = await repo.claimDue(database.db, at, lease, batchSize);
      if (due.length === 0) break;
      await Promise.all(due.map(attempt));
      sent += due.length;
    }
    return { sent };
  };

  return {
    list: async (ctx: TRequestContext) => (await repo.endpoints(ctx.tx, ctx.auth.tenantId)).map(endpointOut),

    save: async (ctx: TRequestContext, input: TIn<'webhookSave'>) => {
      await checkReceiverUrl(input.url, config);
      const fields = {
        url: input.url,
        description: input.description,
        events: input.events,
        isEnabled: input.isEnabled,
      };
      if (input.id !== undefined) {
        const saved = await repo.updateEndpoint(ctx.tx, ctx.auth.tenantId, input.id, fields);
        if (!saved) throw errors.endpointMissing();
        return endpointOut(saved);
      }
      if ((await repo.endpointCount(ctx.tx, ctx.auth.tenantId)) >= integrationLimits.endpoints) {
        throw errors.tooManyEndpoints(integrationLimits.endpoints);
      }
      return endpointOut(
        await repo.insertEndpoint(ctx.tx, {
          ...fields,
          tenantId: ctx.auth.tenantId,
          secret: newWebhookSecret(),
          createdBy: ctx.auth.userId,
        }),
      );
    },

    delete: async (ctx: TRequestContext, id: number) => {
      if (!(await repo.deleteEndpoint(ctx.tx, ctx.auth.tenantId, id))) throw errors.endpointMissing();
      return null;
    },

    secret: async (ctx: TRequestContext, id: number) => ({ secret: (await endpointOf(ctx, id)).secret }),

    /** A new secret at once: deliveries from now on are signed with it. */
    rotate: async (ctx: TRequestContext, id: number) => {
      const secret = newWebhookSecret();
      if (!(await repo.updateEndpoint(ctx.tx, ctx.auth.tenantId, id, { secret }))) throw errors.endpointMissing();
      return { secret };
    },

    /**
     * 测试: a `ping` delivery sent now, once (no retry), answered with its result; logged like any
     * other. Detached: the request holds no transaction while the receiver answers.
     */
    test: async (auth: TAuth, id: number): Promise<TDelivery> => {
      const at = now();
      const [ping, endpoint] = await withTenant(database, auth.tenantId, async (tx) => {
        const e = await repo.endpoint(tx, auth.tenantId, id);
        if (!e) throw errors.endpointMissing();
        const [d] = await repo.insertDeliveries(tx, [
          {
            tenantId: auth.tenantId,
            endpointId: e.id,
            messageId: newMessageId(),
            eventType: 'ping',
            payload: payloadOf('ping', at, { endpointId: e.id }),
            maxAttempts: 1,
            // Not due: this request sends it, the job never does.
            nextAttemptAt: new Date(at.getTime() + 86_400_000),
          },
        ]);
        return [d!, e] as const;
      });
      return deliveryOut(await attempt({ ...ping, url: endpoint.url, secret: endpoint.secret }));
    },

    deliveries: async (ctx: TRequestContext, q: TIn<'deliveryPage'>): Promise<TPage<TDelivery>> => {
      await endpointOf(ctx, q.endpointId);
      const { records, total } = await repo.deliveryPage(ctx.tx, { tenantId: ctx.auth.tenantId, ...q });
      return toPage(records.map(deliveryOut), total, q);
    },

    attempts: async (ctx: TRequestContext, id: number): Promise<TDeliveryAttempt[]> => {
      if (!(await repo.delivery(ctx.tx, ctx.auth.tenantId, id))) throw errors.deliveryMissing();
      return (await repo.attempts(ctx.tx, ctx.auth.tenantId, id)).map((a) => ({
        id: a.id,
        attempt: a.attempt,
        at: a.at.getTime(),
        status: a.status,
        durationMs: a.durationMs,
        error: a.error,
        nextRetryAt: time(a.nextRetryAt),
      }));
    },

    /**
     * 重新发送: due now with a full set of attempts more, same message id (a receiver that has it
     * drops it). A delivery already waiting is left as it is, so a double click sends once.
     */
    resend: async (auth: TAuth, id: number): Promise<TDelivery> => {
      const { row, isQueued } = await withTenant(database, auth.tenantId, async (tx) => {
        const requeued = await repo.requeue(tx, auth.tenantId, id, now(), webhookMaxAttempts);
        return { row: requeued ?? (await repo.delivery(tx, auth.tenantId, id)), isQueued: requeued !== null };
      });
      if (!row) throw errors.deliveryMissing();
      // Detached: the queue's statements need the connection a request transaction would hold (PGlite).
      if (isQueued) await deps.wake().catch(() => undefined);
      return deliveryOut(row);
    },

    deliverDue,

    /** The job: at start, every pollSeconds, and whenever woken. */
    job: (): TJobDef => ({
      name: webhookJobName,
      atStart: () => ({}),
      everySeconds: config.pollSeconds,
      pollSeconds: 2,
      // A run's attempts each end within the timeout; a batch runs in parallel.
      expireSeconds: 600,
      run: (_data, run) => deliverDue(run),
    }),
  };
};

export type TWebhookService = ReturnType<typeof createWebhookService>;
