import { defineErrors } from '../../http/errors.js';

/**
 * The errors of 退订 and 原路退回. They keep the `trade.` keys the web already branches on: refunds
 * left the trade area, their reasons did not change.
 */
export const tradeRefundErrors = defineErrors('trade', {
  seatNotCancellable: ['conflict', '该坐席已停用或已退订，不能再申请退订'],
  refundPending: ['conflict', '该坐席已有退订申请在审核中，请等待平台审核'],
  nothingToRefund: ['conflict', '该坐席没有未使用的已付费整月，无可退金额'],
  refundMissing: ['notFound', '退订申请不存在，请刷新后重试'],
  refundExamined: ['conflict', (state: string) => `该申请已审核（${state}），不能重复审核`],
  packetMissing: ['notFound', '所选套餐不存在，请刷新后重试'],
  packetNotRefundable: ['conflict', (state: string) => `该套餐${state}，不能申请退订`],
  packetNotBought: ['conflict', '该套餐不是通过订单购买的，无可退金额'],
  packetNothingLeft: ['conflict', '该套餐没有未使用的时长，无可退金额'],
  rechargeMissing: ['notFound', '充值订单不存在，请刷新后重试'],
  rechargeNotPaid: ['conflict', '该充值订单未支付或已全部退款，无可退金额'],
  rechargePending: ['conflict', '该充值订单已有退款申请在审核中，请等待平台审核'],
  rechargeSpent: ['conflict', '充值金额已用完（账户余额为0），无可退金额'],
  rechargeOriginalOnly: ['conflict', '充值退款只能原路退回，请选择原路退回'],
  rechargeBalanceShort: [
    'conflict',
    (balance: string) => `账户余额 ${balance} 元已不足该充值退款，未使用的部分才能退回，请驳回后让企业重新申请`,
  ],
  rechargeAmountOver: ['conflict', (max: string) => `退款金额超过该充值未使用的 ${max} 元，请重新填写`],
  rechargeReviewFirst: ['conflict', '该充值订单有企业的退款申请在审核中，请先在退款审核中处理'],
  rechargeRequestReused: ['conflict', '该请求编号已用于另一笔退款，请关闭对话框后重新发起'],
  originalUnavailable: ['conflict', (why: string) => `不能原路退回：${why}，请选择退回余额`],
});
