import { defineErrors } from '../../http/errors.js';

/** 代理商结算 and 停用/启用代理商: their errors, each declared once. */
export const agentSettlementErrors = defineErrors('agent', {
  settleOverBalance: [
    'conflict',
    (amount: string, settleable: string) => `结算金额 ${amount} 元超过可结算金额 ${settleable} 元，请刷新后重新填写`,
  ],
  alreadyClosed: ['conflict', '该代理商已停用，请刷新列表'],
  alreadyActive: ['conflict', '该代理商已是启用状态，请刷新列表'],
});
