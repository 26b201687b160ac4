import { defineErrors } from '../../http/errors.js';

/** Billing's errors (消费, 账单, 资费, 余额), each declared once. */
export const billingErrors = defineErrors('billing', {
  /** The dial flow's refusal: no package minutes on the line and nothing left in the balance. */
  noBalance: [
    'conflict',
    (lineName: string, balance: string) =>
      `余额不足：线路「${lineName}」没有可用的套餐分钟，账户余额 ${balance} 元，请先购买套餐或充值后再拨打`,
  ],
  /**
   * The same refusal while calls under way hold (one minimum block each) what is left: this line's
   * package minutes, and the balance the enterprise's lines share.
   */
  noBalanceUnderWay: [
    'conflict',
    (lineName: string, balance: string, underWay: number) =>
      `余额不足：正在进行的 ${underWay} 通电话已占用线路「${lineName}」剩余的套餐分钟和账户余额（余额 ${balance} 元），请等通话结束或购买套餐、充值后再拨打`,
  ],
  consumeMissing: ['notFound', '消费记录不存在或无权查看'],
  lineMissing: ['notFound', '线路不存在，请刷新后重新选择'],
  rateInPast: ['invalid', '资费生效时间不能早于当前时间（已计费的通话按原资费保留）'],
  rangeReversed: ['invalid', '开始时间不能晚于结束时间'],
});
