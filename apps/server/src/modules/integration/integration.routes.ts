import type { integrationRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TApiKeyService } from './apikey.service.js';
import type { TWebhookService } from './webhook.service.js';

export const integrationHandlers = (
  webhooks: TWebhookService,
  keys: TApiKeyService,
): THandlers<typeof integrationRoutes> => ({
  webhookList: (ctx) => webhooks.list(ctx),
  webhookSave: (ctx) => webhooks.save(ctx, ctx.input),
  webhookDelete: (ctx) => webhooks.delete(ctx, ctx.input.id),
  webhookSecret: (ctx) => webhooks.secret(ctx, ctx.input.id),
  webhookRotate: (ctx) => webhooks.rotate(ctx, ctx.input.id),
  // The receiver is waited for with no transaction open.
  webhookTest: detached((ctx) => webhooks.test(ctx.auth, ctx.input.id)),
  deliveryPage: (ctx) => webhooks.deliveries(ctx, ctx.input),
  deliveryAttempts: (ctx) => webhooks.attempts(ctx, ctx.input.id),
  // The job is woken after the delivery is queued again and committed.
  deliveryResend: detached((ctx) => webhooks.resend(ctx.auth, ctx.input.id)),
  keyList: (ctx) => keys.list(ctx),
  keyPermissions: (ctx) => keys.permissions(ctx),
  keyCreate: (ctx) => keys.create(ctx, ctx.input),
  keyRevoke: (ctx) => keys.revoke(ctx, ctx.input.id),
});
