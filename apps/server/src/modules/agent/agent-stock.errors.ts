import { defineErrors } from '../../http/errors.js';

/** Line stock and the agent's own packages (issue 18): the errors, each declared once. */
export const agentStockErrors = defineErrors('agent', {
  lineUnknown: ['invalid', '所选线路中有不存在或已停用的线路，请刷新后重新选择'],
  lineNotOpened: ['conflict', '该线路未向您开通或已停用，请刷新后重新选择线路'],
  packetMissing: ['notFound', '该套餐不存在或不是您创建的，请刷新后重试'],
  packetBelowBase: [
    'invalid',
    (price: string, base: string) => `套餐价格 ${price} 元不能低于平台同等分钟数的底价 ${base} 元`,
  ],
});
