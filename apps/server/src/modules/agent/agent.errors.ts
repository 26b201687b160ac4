import { defineErrors } from '../../http/errors.js';

/** The resellers' errors, each declared once. */
export const agentErrors = defineErrors('agent', {
  notAgent: ['forbidden', '只有代理商账号可以使用代理商后台'],
  agentMissing: ['notFound', '代理商不存在，请刷新后重新选择'],
  accountTaken: ['conflict', '该账号或手机号已被使用，请换一个'],
  itemMissing: ['notFound', '该套餐或线路已下架，请刷新价格列表'],
  belowBase: ['invalid', (price: string, base: string) => `代理价 ${price} 元不能低于平台底价 ${base} 元`],
  // 套餐转移 (agent-transfer.service.ts).
  transferSameEnterprise: ['invalid', '转出企业和转入企业不能是同一家，请重新选择转入企业'],
  transferEnterpriseMissing: ['notFound', (side: string) => `${side}不存在或不是您名下的企业，请刷新后重新选择`],
  transferTargetInactive: ['invalid', '转入企业尚未通过审核或已停用，不能转入套餐'],
  transferPacketMissing: ['notFound', '该套餐不存在或不属于转出企业，请刷新后重新选择'],
  transferPacketNotLive: ['conflict', (why: string) => `该套餐${why}，不能转移，请刷新后重新选择`],
  transferMissing: ['notFound', '转移记录不存在'],
});
