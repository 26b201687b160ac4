/** 余额充值 and 充值退款 (账户明细, 订单详情, 余额提醒). */
export const recharge = {
  open: '充值',
  title: '余额充值',
  amount: '充值金额（元）',
  required: '请输入充值金额',
  bounds: (min: number, max: number) =>
    `单笔 ${min} 至 ${max} 元，扫码支付后立即到账，用于套餐以外的通话费用和坐席续费`,
  lowBalanceLink: '去充值',
  refundOpen: '申请充值退款',
  refundTitle: '申请充值退款',
  refundRule: '退回这笔充值中尚未使用的部分（不超过当前账户余额），平台审核通过后原路退回付款账户',
  reason: '退款原因',
  reasonRequired: '请填写退款原因（至少2个字）',
  refundSent: '已提交退款申请，请等待平台审核',
  platformRefundOpen: '退款',
  platformRefundTitle: '平台发起充值退款',
  platformRefundRule: (refundable: string, balance: string) =>
    `这笔充值尚未使用的部分最多可退 ${refundable} 元（企业当前余额 ${balance} 元），确认后立即原路退回付款账户`,
  platformRefundNothing: '这笔充值已没有未使用的金额可退',
  refundAmount: '退款金额（元）',
  refundAmountRequired: '请输入退款金额',
  platformRefundDone: '已退款，原路退回付款账户',
  actions: '操作',
} as const;
