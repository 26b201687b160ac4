import { defineErrors } from '../../http/errors.js';

/** The resellers' errors (issue 18), each declared once. */
export const agentErrors = defineErrors('agent', {
  notAgent: ['forbidden', '只有代理商账号可以使用代理商后台'],
  agentMissing: ['notFound', '代理商不存在，请刷新后重新选择'],
  accountTaken: ['conflict', '该账号或手机号已被使用，请换一个'],
  itemMissing: ['notFound', '该套餐或线路已下架，请刷新价格列表'],
  belowBase: ['invalid', (price: string, base: string) => `代理价 ${price} 元不能低于平台底价 ${base} 元`],
});
