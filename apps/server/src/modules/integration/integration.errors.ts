import { defineErrors } from '../../http/errors.js';

/** 开放平台's errors: webhook endpoints and their deliveries, API keys and the open API. */
export const integrationErrors = defineErrors('integration', {
  endpointMissing: ['notFound', 'Webhook 端点不存在或已删除'],
  deliveryMissing: ['notFound', '投递记录不存在'],
  tooManyEndpoints: ['conflict', (max: number) => `Webhook 端点最多${max}个`],
  urlNotHttps: ['invalid', '接收地址须以 https:// 开头'],
  urlPrivate: ['invalid', '接收地址不能是内网、本机或保留地址'],
  urlUnresolved: ['invalid', '接收地址的域名无法解析'],
  keyMissing: ['notFound', 'API 密钥不存在'],
  tooManyKeys: ['conflict', (max: number) => `API 密钥最多${max}个`],
  permNotGrantable: ['invalid', (perm: string) => `权限“${perm}”不能授予 API 密钥（须为开放接口的权限且您本人拥有）`],
  keyInvalid: ['unauthorized', 'API 密钥无效或已吊销'],
  keyNotForRoute: ['forbidden', '该接口不对 API 密钥开放'],
  rateLimited: ['busy', (perMinute: number) => `API 密钥请求过于频繁（每分钟最多${perMinute}次），请稍后重试`],
});
