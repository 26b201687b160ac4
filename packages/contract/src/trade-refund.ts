import { z } from 'zod';
import { ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';
import { channelRefundStates, refundKinds, refundStates, refundTargets, TradePerm } from './trade-labels.js';

const route = routesOf('trade');

/**
 * Refunds (docs/decisions/0017-commerce.md): 坐席退订 (seatCancelOrder) — an enterprise
 * applies to give back a seat's unused whole paid months; the platform examines (`examine`):
 * approved, the money returns to the balance (ledger `refund +`), the seat ends; rejected with a reason.
 * 退订 of a bought package (`packetUnsubscribe`): its unused seconds pro rata at the price paid; the
 * package is frozen under review. The approval may send the money back through the order's payment
 * channel (原路退回) when that channel is the one configured.
 */
export const ZRefundKind = z.enum(refundKinds, { error: '退订类型不正确' });
export const ZRefundState = z.enum(refundStates, { error: '审核状态不正确' });

export const ZRefundPart = z.object({
  orderId: zInt,
  orderNo: zString,
  /** The seat's paid period (seat); null for a package. */
  termId: zInt.nullable(),
  /** The package given back (package). */
  packetId: zInt.optional(),
  /** Seconds of the package given back (package). */
  seconds: zInt.optional(),
  months: zInt,
  amount: zInt,
});

/** One order's share of an approved refund: back through its channel (or the balance) and its state. */
export const ZChannelRefund = z.object({
  /** The refund's number at the channel (Alipay out_request_no, WeChat out_refund_no). */
  refundNo: zString,
  orderNo: zString,
  /** balance (the order was paid from the balance), sandbox, alipay, wechat. */
  channel: zString,
  /** Fen. */
  amount: zInt,
  state: z.enum(channelRefundStates),
  /** Why it failed, or the last unanswered attempt's error. */
  reason: zString,
  attempts: zInt,
  finishedAt: ZTime.nullable(),
});
export type TChannelRefund = z.infer<typeof ZChannelRefund>;

export const ZRefundApplication = z.object({
  id: zInt,
  applyNo: zString,
  tenantId: zInt,
  enterpriseName: zString,
  kind: ZRefundKind,
  seatId: zInt.nullable(),
  subject: zString,
  months: zInt,
  /** Fen. */
  amount: zInt,
  parts: z.array(ZRefundPart),
  reason: zString,
  state: ZRefundState,
  rejectReason: zString,
  channel: zString.nullable(),
  /** The channel a refund could go back through (原路退回), null when only the balance can take it. */
  originalChannel: zString.nullable(),
  /** Approved 原路退回: each order's share and its state at the channel (empty otherwise). */
  channelRefunds: z.array(ZChannelRefund),
  examinedByName: zString,
  examinedAt: ZTime.nullable(),
  createdByName: zString,
  createdAt: ZTime,
});
export type TRefundApplication = z.infer<typeof ZRefundApplication>;

const ZRefundFilter = z.object({
  kind: ZRefundKind.optional(),
  state: ZRefundState.optional(),
  applyNo: z.string({ error: '申请单号格式不正确' }).trim().max(40, '申请单号不正确').optional(),
  createdFrom: ZTime.optional(),
  createdTo: ZTime.optional(),
});
export const ZRefundPageQuery = ZPageQuery.extend(ZRefundFilter.shape);
export type TRefundPageQuery = z.input<typeof ZRefundPageQuery>;

/** What a seat's cancellation would give back now. */
export const ZSeatCancelQuote = z.object({
  seatId: zInt,
  months: zInt,
  amount: zInt,
  parts: z.array(ZRefundPart),
});
export type TSeatCancelQuote = z.infer<typeof ZSeatCancelQuote>;

const ZReason = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(2, `请填写${label}`)
    .max(200, `${label}最多200个字`);

/** What the platform may refund of one top-up now: its money not yet refunded, as far as the balance still holds it. */
export const ZRechargeRefundQuote = z.object({
  tenantId: zInt,
  orderNo: zString,
  /** Fen: the top-up's amount, what of it was refunded already, the enterprise's balance now. */
  amount: zInt,
  refundedAmount: zInt,
  balance: zInt,
  /** Fen: the most a refund may take now (0: nothing to refund). */
  refundable: zInt,
});
export type TRechargeRefundQuote = z.infer<typeof ZRechargeRefundQuote>;

const ZRechargeOrderNo = z.string({ error: '请选择充值订单' }).trim().min(1, '请选择充值订单').max(40, '订单号不正确');

const ZRechargeOrderOf = z.object({
  tenantId: zId('企业编号'),
  orderNo: ZRechargeOrderNo,
});

export const tradeRefundRoutes = {
  seatCancelQuote: route({
    method: 'POST',
    path: '/base/seat/cancel/quote',
    summary: '坐席可退金额',
    permission: TradePerm.refundApply,
    request: z.object({ seatId: zId('坐席编号') }),
    response: ZSeatCancelQuote,
  }),
  /**
   * Whether 订单 shows its 坐席退订 tab: only to an enterprise that has paid for a seat or applied for
   * a seat's 退订; one that never bought a seat has nothing to see there.
   */
  showSeatCancelTab: route({
    method: 'GET',
    path: '/base/sys/menu/showSeatCancelTab',
    readOnly: true,
    summary: '是否显示坐席退订',
    permission: TradePerm.orderList,
    request: z.object({}),
    response: z.object({ isShown: zBoolean }),
  }),
  /** 坐席退订: the unused whole paid months of a seat, examined by the platform. */
  seatCancelOrder: route({
    method: 'POST',
    path: '/base/trade/detail/seatCancelOrder',
    summary: '申请坐席退订',
    permission: TradePerm.refundApply,
    audited: true,
    request: z.object({ seatId: zId('坐席编号'), reason: ZReason('退订原因') }),
    response: ZRefundApplication,
  }),
  /** 退订 of a bought package: its unused seconds pro rata at the price paid, examined by the platform. */
  packetUnsubscribe: route({
    method: 'POST',
    path: '/base/trade/apply/unsubscribe',
    summary: '申请套餐退订',
    permission: TradePerm.refundApply,
    audited: true,
    request: z.object({ packetId: zId('套餐编号'), reason: ZReason('退订原因') }),
    response: ZRefundApplication,
  }),
  /** 充值退款: what of a paid top-up is still in the balance, sent back the way it was paid once the platform approves. */
  rechargeRefundApply: route({
    method: 'POST',
    path: '/base/trade/apply/recharge-refund',
    summary: '申请充值退款',
    permission: TradePerm.refundApply,
    audited: true,
    request: z.object({
      orderNo: ZRechargeOrderNo,
      reason: ZReason('退款原因'),
    }),
    response: ZRefundApplication,
  }),
  platformRechargeRefundQuote: route({
    method: 'POST',
    path: '/base/platform/trade/refund/recharge-quote',
    readOnly: true,
    summary: '充值可退金额',
    permission: TradePerm.platformRefund,
    request: ZRechargeOrderOf,
    response: ZRechargeRefundQuote,
  }),
  /**
   * 充值退款 started by the platform: up to what of the top-up is unused, back the way it was paid at
   * once (no review: the platform decides). `requestNo` is the refund's business key, one per dialog:
   * the same request sent again (a double click, a retry) answers the refund it made.
   */
  platformRechargeRefund: route({
    method: 'POST',
    path: '/base/platform/trade/refund/recharge',
    summary: '平台发起充值退款',
    permission: TradePerm.platformRefund,
    audited: true,
    request: ZRechargeOrderOf.extend({
      amount: z
        .number({ error: '请填写退款金额' })
        .int('退款金额最多两位小数')
        .min(1, '退款金额至少为0.01元')
        .max(100_000_000, '退款金额不正确'),
      reason: ZReason('退款原因'),
      requestNo: z
        .string({ error: '缺少请求编号，请刷新后重试' })
        .regex(/^[A-Za-z0-9-]{8,40}$/, '请求编号不正确，请刷新后重试'),
    }),
    response: ZRefundApplication,
  }),
  refundPage: route({
    method: 'POST',
    path: '/base/trade/refund/page',
    readOnly: true,
    summary: '退订账单',
    permission: TradePerm.orderList,
    request: ZRefundPageQuery,
    response: zPage(ZRefundApplication),
  }),
  refundExport: route({
    method: 'POST',
    path: '/base/trade/refund/export',
    readOnly: true,
    summary: '导出退订账单',
    permission: TradePerm.orderExport,
    result: 'blob',
    request: ZRefundFilter,
    response: z.unknown(),
  }),
  platformRefundPage: route({
    method: 'POST',
    path: '/base/platform/trade/refund/page',
    readOnly: true,
    summary: '退款审核列表',
    permission: TradePerm.platformRefund,
    request: ZRefundPageQuery.extend({ tenantId: zId('企业编号').optional() }),
    response: zPage(ZRefundApplication),
  }),
  /** Approve (to the balance, or 原路退回 when the channel allows) or reject with a reason; examined once. */
  examine: route({
    method: 'POST',
    path: '/base/platform/trade/refund/examine',
    summary: '审核退款',
    permission: TradePerm.platformRefund,
    audited: true,
    request: z
      .object({
        id: zId('申请编号'),
        isApproved: z.boolean({ error: '请选择通过或驳回' }),
        refundTo: z.enum(refundTargets, { error: '退款方式不正确' }).optional(),
        rejectReason: z.string().trim().max(200, '驳回原因最多200个字').optional(),
      })
      .refine((v) => v.isApproved || (v.rejectReason?.length ?? 0) >= 2, {
        message: '驳回时请填写驳回原因',
        path: ['rejectReason'],
      }),
    response: ZRefundApplication,
  }),
} as const;
