// The integration area's one door (开放平台: webhooks and the open API): other areas, app.ts and
// main.ts import only this file. Other areas emit their events through emitWebhookEvent.
export { createApiKeyService, type TApiKeyService } from './apikey.service.js';
export { integrationHandlers } from './integration.routes.js';
export { registerOpenApiDocument } from './openapi.js';
export { emitWebhookEvent, onWebhookEvent, type TEventListener } from './webhook.events.js';
export { createWebhookService, retryDelayMs, type TWebhookService, webhookJobName } from './webhook.service.js';
