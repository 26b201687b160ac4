import { z } from 'zod';
import { ZNull, ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { deliveryStates, IntegrationPerm, webhookEventTypes } from './integration-labels.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';

export * from './integration-labels.js';

const route = routesOf('integration');

export const ZWebhookEventType = z.enum(webhookEventTypes, { error: '事件类型不正确' });

/** A webhook endpoint as the list shows it; its secret only through webhookSecret. */
export const ZWebhookEndpoint = z.object({
  id: zInt,
  url: zString,
  description: zString,
  events: z.array(zString),
  isEnabled: zBoolean,
  createdAt: ZTime,
  updatedAt: ZTime,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookSave = z.object({
  /** Absent: a new endpoint (its secret made by the server). */
  id: zId('端点编号').optional(),
  url: z
    .string({ error: '请输入接收地址' })
    .trim()
    .min(1, '请输入接收地址')
    .max(500, '接收地址最多500个字符')
    .pipe(z.url({ error: '接收地址须为 https:// 开头的完整网址' })),
  description: z.string({ error: '描述不正确' }).trim().max(100, '描述最多100个字').default(''),
  events: z
    .array(ZWebhookEventType, { error: '请选择事件' })
    .min(1, '请至少选择一个事件')
    .transform((events) => [...new Set(events)]),
  isEnabled: z.boolean({ error: '启用状态不正确' }).default(true),
});
export type TWebhookSave = z.input<typeof ZWebhookSave>;

/** One attempt to deliver: when, the receiver's HTTP status (null: no answer), how long, why it failed. */
export const ZDeliveryAttempt = z.object({
  id: zInt,
  attempt: zInt,
  at: ZTime,
  status: zInt.nullable(),
  durationMs: zInt,
  error: zString,
  /** When the next attempt is due after this one failed; null when it arrived or was the last. */
  nextRetryAt: ZTime.nullable(),
});
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

/** One event for one endpoint: its message id (`webhook-id`), state and last attempt. */
export const ZDelivery = z.object({
  id: zInt,
  endpointId: zInt,
  messageId: zString,
  eventType: zString,
  state: z.enum(deliveryStates),
  attempts: zInt,
  lastStatus: zInt.nullable(),
  lastError: zString,
  lastDurationMs: zInt.nullable(),
  lastAttemptAt: ZTime.nullable(),
  nextAttemptAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZDeliveryQuery = ZPageQuery.extend({
  endpointId: zId('端点编号'),
  state: z.enum(deliveryStates, { error: '状态不正确' }).optional(),
});
export type TDeliveryQuery = z.input<typeof ZDeliveryQuery>;

/** An API key as listed: never the key itself, only its visible prefix. */
export const ZApiKey = z.object({
  id: zInt,
  name: zString,
  prefix: zString,
  permissions: z.array(zString),
  createdByName: zString,
  createdAt: ZTime,
  lastUsedAt: ZTime.nullable(),
  revokedAt: ZTime.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyCreate = z.object({
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称最多50个字'),
  permissions: z
    .array(z.string({ error: '权限不正确' }).min(1).max(64), { error: '请选择权限' })
    .min(1, '请至少选择一项权限')
    .max(50, '权限最多50项')
    .transform((p) => [...new Set(p)]),
});
export type TApiKeyCreate = z.input<typeof ZApiKeyCreate>;

const ZEndpointId = z.object({ id: zId('端点编号') });

export const integrationRoutes = {
  webhookList: route({
    method: 'GET',
    path: '/base/integration/webhook/list',
    readOnly: true,
    summary: 'Webhook 端点',
    permission: IntegrationPerm.webhook,
    request: z.object({}),
    response: z.array(ZWebhookEndpoint),
  }),
  webhookSave: route({
    method: 'POST',
    path: '/base/integration/webhook/save',
    summary: '保存 Webhook 端点',
    permission: IntegrationPerm.webhook,
    audited: true,
    request: ZWebhookSave,
    response: ZWebhookEndpoint,
  }),
  webhookDelete: route({
    method: 'POST',
    path: '/base/integration/webhook/delete',
    summary: '删除 Webhook 端点',
    permission: IntegrationPerm.webhook,
    audited: true,
    request: ZEndpointId,
    response: ZNull,
  }),
  /** The signing secret, shown on demand (each showing is in the operation log). */
  webhookSecret: route({
    method: 'POST',
    path: '/base/integration/webhook/secret',
    summary: '查看 Webhook 签名密钥',
    permission: IntegrationPerm.webhook,
    audited: true,
    request: ZEndpointId,
    response: z.object({ secret: zString }),
  }),
  webhookRotate: route({
    method: 'POST',
    path: '/base/integration/webhook/rotate',
    summary: '轮换 Webhook 签名密钥',
    permission: IntegrationPerm.webhook,
    audited: true,
    request: ZEndpointId,
    response: z.object({ secret: zString }),
  }),
  /** Sends a `ping` now and answers how the receiver took it. */
  webhookTest: route({
    method: 'POST',
    path: '/base/integration/webhook/test',
    summary: '测试 Webhook 端点',
    permission: IntegrationPerm.webhook,
    request: ZEndpointId,
    response: ZDelivery,
  }),
  deliveryPage: route({
    method: 'POST',
    path: '/base/integration/webhook/delivery/page',
    readOnly: true,
    summary: 'Webhook 投递记录',
    permission: IntegrationPerm.webhook,
    request: ZDeliveryQuery,
    response: zPage(ZDelivery),
  }),
  deliveryAttempts: route({
    method: 'GET',
    path: '/base/integration/webhook/delivery/attempts',
    readOnly: true,
    summary: 'Webhook 投递尝试',
    permission: IntegrationPerm.webhook,
    request: z.object({ id: zId('投递编号') }),
    response: z.array(ZDeliveryAttempt),
  }),
  /** 重新发送: the delivery queued again now; a second click while it waits queues nothing more. */
  deliveryResend: route({
    method: 'POST',
    path: '/base/integration/webhook/delivery/resend',
    summary: '重新发送 Webhook',
    permission: IntegrationPerm.webhook,
    audited: true,
    request: z.object({ id: zId('投递编号') }),
    response: ZDelivery,
  }),
  keyList: route({
    method: 'GET',
    path: '/base/integration/apikey/list',
    readOnly: true,
    summary: 'API 密钥',
    permission: IntegrationPerm.apiKey,
    request: z.object({}),
    response: z.array(ZApiKey),
  }),
  /** The permissions a new key may get: the open API's, of those the administrator holds. */
  keyPermissions: route({
    method: 'GET',
    path: '/base/integration/apikey/permissions',
    readOnly: true,
    summary: 'API 密钥可选权限',
    permission: IntegrationPerm.apiKey,
    request: z.object({}),
    response: z.array(z.object({ perm: zString, summaries: z.array(zString) })),
  }),
  /** The key whole, in this answer only; stored as its SHA-256. */
  keyCreate: route({
    method: 'POST',
    path: '/base/integration/apikey/create',
    summary: '创建 API 密钥',
    permission: IntegrationPerm.apiKey,
    audited: true,
    request: ZApiKeyCreate,
    response: z.object({ key: zString, apiKey: ZApiKey }),
  }),
  keyRevoke: route({
    method: 'POST',
    path: '/base/integration/apikey/revoke',
    summary: '吊销 API 密钥',
    permission: IntegrationPerm.apiKey,
    audited: true,
    request: z.object({ id: zId('密钥编号') }),
    response: ZApiKey,
  }),
};

/** 开放平台 for an enterprise (the brand option `third_api`). */
export const integrationMenuNodes: TMenuNode[] = [
  menuScreen('8510', 'Webhook', 'ThirdParty/webhooks', 'ApiOutlined', IntegrationPerm.webhook),
  menuScreen('8520', 'API 密钥', 'ThirdParty/apiKeys', 'KeyOutlined', IntegrationPerm.apiKey),
];
