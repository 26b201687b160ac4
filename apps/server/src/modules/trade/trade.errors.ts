import { defineErrors } from '../../http/errors.js';

/** The commerce area's errors (账户, 订单, 支付, 坐席), each declared once. */
export const tradeErrors = defineErrors('trade', {
  insufficientBalance: [
    'conflict',
    (balance: string, need: string) => `账户余额不足：当前余额 ${balance} 元，本次需要 ${need} 元`,
  ],
  orderMissing: ['notFound', '订单不存在或已删除，请刷新后重试'],
  productUnavailable: ['conflict', '所选套餐不存在或已下架，请刷新采购中心后重新选择'],
  buyUsersMissing: ['invalid', '所选员工不存在或已停用，请刷新后重新选择'],
  orderNotPayable: ['conflict', (state: string) => `订单${state}，不能再支付`],
  orderExpired: ['conflict', '订单已超时关闭，请重新下单'],
  orderNotClosable: ['conflict', (state: string) => `订单${state}，不能关闭`],
  enterpriseMissing: ['notFound', '企业不存在，请刷新后重新选择'],
  adjustToNegative: ['conflict', (balance: string) => `调整后余额将小于 0（当前余额 ${balance} 元），请修改调整金额`],
  seatLineUnavailable: ['conflict', '该线路已停用或暂不出售坐席，请刷新后重新选择线路'],
  lineMissing: ['notFound', '线路不存在，请刷新后重新选择'],
  seatsMissing: ['notFound', '所选坐席不存在或不在您的数据权限内，请刷新后重试'],
  seatDisabled: ['conflict', '所选坐席中有已停用的坐席，停用的坐席不能续费'],
  channelFailed: ['conflict', (why: string) => `支付渠道暂不可用：${why}，请稍后重试`],
  // An enterprise of an agent buys only on the lines the platform opened for its agent.
  lineNotOpened: ['conflict', '该线路暂未向您的代理商开通，请选择其他线路或联系代理商'],
});
