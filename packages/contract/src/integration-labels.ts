// The integration area's labels, lists and permission strings, apart from its zod schemas so the web
// reaches them without zod; integration.ts re-exports them under the same names.

/**
 * 开放平台 (the brand option `third_api`): webhook endpoints with their signing secrets and delivery
 * log, and the open API's keys. An enterprise administrator holds both strings already.
 */
export const IntegrationPerm = {
  webhook: 'integration:webhook:manage',
  apiKey: 'integration:apikey:manage',
} as const;

/** What a webhook endpoint may subscribe to; `ping` is sent only by 测试. */
export const webhookEventTypes = [
  'call.finished',
  'recording.ready',
  'customer.created',
  'customer.updated',
  'followup.created',
  'order.paid',
] as const;
export type TWebhookEventType = (typeof webhookEventTypes)[number] | 'ping';

export const webhookEventLabel: Record<TWebhookEventType, string> = {
  'call.finished': '通话结束',
  'recording.ready': '录音就绪',
  'customer.created': '客户新增',
  'customer.updated': '客户修改',
  'followup.created': '跟进新增',
  'order.paid': '订单支付',
  ping: '测试',
};

/** A delivery waits for its next attempt, arrived (a 2xx answer), or gave up after its last attempt. */
export const deliveryStates = ['pending', 'succeeded', 'failed'] as const;
export type TDeliveryState = (typeof deliveryStates)[number];
export const deliveryStateLabel: Record<TDeliveryState, string> = {
  pending: '等待发送',
  succeeded: '成功',
  failed: '失败',
};

/** Attempts of one delivery before it is 失败 (the first and four retries, each later than the one before). */
export const webhookMaxAttempts = 5;

export const integrationLimits = { endpoints: 20, keys: 50 } as const;
