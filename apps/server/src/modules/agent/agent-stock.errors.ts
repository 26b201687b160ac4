import { defineErrors } from '../../http/errors.js';

/** Line stock and the agent's own packages: the errors, each declared once. */
export const agentStockErrors = defineErrors('agent', {
  lineUnknown: ['invalid', '所选线路中有不存在或已停用的线路，请刷新后重新选择'],
  lineNotOpened: ['conflict', '该线路未向您开通或已停用，请刷新后重新选择线路'],
  packetMissing: ['notFound', '该套餐不存在或不是您创建的，请刷新后重试'],
  packetBelowBase: [
    'invalid',
    (price: string, base: string) => `套餐价格 ${price} 元不能低于平台同等分钟数的底价 ${base} 元`,
  ],
  // 套餐变更 (agent-packet-change.service.ts).
  enterpriseMissing: ['notFound', '企业不存在或不是您名下的企业，请刷新后重新选择'],
  changePacketMissing: ['notFound', '该套餐不存在、已不可用或不属于所选企业，请刷新后重新选择'],
  changePacketNotLive: ['conflict', (why: string) => `该套餐${why}，不能变更线路，请刷新后重新选择`],
  changeLineUnavailable: ['conflict', '目标线路未向您开通、与原线路相同或资费高于原线路，不能变更，请刷新后重新选择'],
});
