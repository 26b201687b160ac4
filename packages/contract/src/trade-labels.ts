/**
 * Commerce's labels and permission strings without zod, so the web's screens take them
 * without the schemas (a leaf: imports nothing).
 */

/** 套餐 and 订单 permissions (`area:object:action`); the platform's start with `platform:`. */
export const TradePerm = {
  /** 采购中心: see the catalogue, place an order and pay it. */
  buy: 'trade:order:buy',
  orderList: 'trade:order:list',
  orderExport: 'trade:order:export',
  /** 账户明细: the balance, the ledger and the packages bought. */
  accountList: 'trade:account:list',
  /** 账户明细's 共享给: restrict a package to chosen users. */
  packetShare: 'trade:packet:share',
  platformPacket: 'platform:packet:manage',
  platformOrder: 'platform:trade:order',
  platformAdjust: 'platform:trade:adjust',
  /** 坐席管理's 购买坐席 (an order paid by QR). */
  seatBuy: 'seat:seat:buy',
  /** The platform's seat price per line. */
  platformSeatPrice: 'platform:seat:price',
  /** 坐席退订 / 退订: apply for a refund of what is left unused. */
  refundApply: 'trade:refund:apply',
  /** The platform examines refund applications. */
  platformRefund: 'platform:trade:refund',
} as const;

export const packetTypes = ['minutes'] as const;
export type TPacketType = (typeof packetTypes)[number];
export const packetTypeLabel: Record<TPacketType, string> = { minutes: '通话分钟包' };

export const orderKinds = [
  'package',
  'seatPurchase',
  'seatRenewal',
  'recharge',
  'cluePackage',
  'appSubscription',
] as const;
export type TOrderKind = (typeof orderKinds)[number];
export const orderKindLabel: Record<TOrderKind, string> = {
  package: '套餐',
  seatPurchase: '购买坐席',
  seatRenewal: '坐席续费',
  recharge: '充值',
  /** 线索包: 企业线索's unlock quota (clue-package.ts). */
  cluePackage: '线索包',
  /** 应用中心: one paid period of an add-on (app-centre.ts). */
  appSubscription: '开通应用',
};

export const orderStates = ['unpaid', 'paid', 'closed', 'refunded', 'partRefunded'] as const;
export type TOrderState = (typeof orderStates)[number];
export const orderStateLabel: Record<TOrderState, string> = {
  unpaid: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
  partRefunded: '部分退款',
};

export const payChannels = ['sandbox', 'alipay', 'wechat', 'balance'] as const;
export type TPayChannel = (typeof payChannels)[number];
export const payChannelLabel: Record<TPayChannel, string> = {
  sandbox: '模拟支付',
  alipay: '支付宝',
  wechat: '微信支付',
  balance: '余额',
};

export const paymentStates = ['waiting', 'paid', 'closed', 'refunded'] as const;
export type TPaymentState = (typeof paymentStates)[number];
export const paymentStateLabel: Record<TPaymentState, string> = {
  waiting: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退回',
};

export const ledgerKinds = [
  'recharge',
  'purchase',
  'consumption',
  'refund',
  'transfer',
  'adjustment',
  'margin',
  'settlement',
] as const;
export type TLedgerKind = (typeof ledgerKinds)[number];
export const ledgerKindLabel: Record<TLedgerKind, string> = {
  recharge: '充值',
  purchase: '购买',
  consumption: '消费',
  refund: '退款',
  transfer: '转账',
  adjustment: '调账',
  /** An agent's margin on an enterprise's order (+), or its reversal by a refund (−). */
  margin: '代理利润',
  /** The platform pays an agent its margin (−) (代理商结算). */
  settlement: '结算',
};

/**
 * frozen: a 退订 under the platform's review (calls do not use it); refunded: 退订 approved, ended;
 * transferred: its remainder moved by the agent to another of its enterprises, ended.
 */
export const packetStates = ['active', 'used', 'expired', 'frozen', 'refunded', 'transferred', 'changed'] as const;
export type TPacketState = (typeof packetStates)[number];
export const packetStateLabel: Record<TPacketState, string> = {
  active: '使用中',
  used: '已用完',
  expired: '已过期',
  frozen: '退订审核中',
  refunded: '已退订',
  transferred: '已转出',
  /** Its remainder moved by the agent to another line (套餐变更), ended. */
  changed: '已换线',
};

export const tradeLimits = {
  /** Minutes an unpaid order (and its QR code) lives. */
  orderMinutes: 15,
  maxQuantity: 100,
  maxItems: 20,
  /** 10 million yuan: a bound on any one amount typed by a person. */
  maxFen: 1_000_000_000,
};

/** Buying and renewing seats (docs/decisions/0017-commerce.md). */
export const seatCommerce = {
  /** Months one purchase or manual renewal may buy. */
  months: [1, 3, 6, 12] as const,
  /** Seats one purchase may buy. */
  maxCount: 100,
  /** The auto-renewal job renews a seat this many days before it expires, from the balance. */
  autoRenewalDays: 3,
  /** Months one automatic renewal adds. */
  autoRenewalMonths: 1,
  /**
   * A seat period bought this recently, on a seat with no call since, refunds in full
   * (docs/decisions/0084-seat-refund-grace.md); after it, the whole months left.
   */
  refundGraceHours: 24,
};

/** Refund applications: 坐席退订 (seat) and 退订 of a bought package (package). */
export const refundKinds = ['seat', 'package', 'recharge'] as const;
export type TRefundKind = (typeof refundKinds)[number];
export const refundKindLabel: Record<TRefundKind, string> = {
  seat: '坐席退订',
  package: '套餐退订',
  recharge: '充值退款',
};

/** Where an approved refund's money goes: the balance, or back to the payer through the order's channel. */
export const refundTargets = ['balance', 'original'] as const;
export type TRefundTarget = (typeof refundTargets)[number];
export const refundTargetLabel: Record<TRefundTarget, string> = { balance: '退回余额', original: '原路退回' };
/** The channels as a refund's `channel` names them. */
export const refundChannelLabel: Record<string, string> = {
  balance: '退回余额',
  sandbox: '原路退回（沙箱）',
  alipay: '原路退回（支付宝）',
  wechat: '原路退回（微信支付）',
};

/**
 * Each order's share of an approved refund (原路退回 split by order, migration 0049): pending (the
 * channel has not answered: sent again by the job), processing (accepted, its result to come),
 * success, failed (the share came back to the balance).
 */
export const channelRefundStates = ['pending', 'processing', 'success', 'failed'] as const;
export type TChannelRefundState = (typeof channelRefundStates)[number];
export const channelRefundStateLabel: Record<TChannelRefundState, string> = {
  pending: '待重试',
  processing: '退款中',
  success: '退款成功',
  failed: '退款失败',
};

export const refundStates = ['pending', 'approved', 'rejected'] as const;
export type TRefundState = (typeof refundStates)[number];
export const refundStateLabel: Record<TRefundState, string> = {
  pending: '待审核',
  approved: '已退款',
  rejected: '已驳回',
};

/** 余额充值 bounds (fen): ¥10 to ¥50,000 per order. */
export const rechargeBounds = { min: 1_000, max: 5_000_000 } as const;
