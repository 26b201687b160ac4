import { z } from 'zod';
import { ZTime, zInt, zString } from './http.js';
import { orderKinds, orderStates, payChannels, paymentStates } from './trade-labels.js';

// The order and payment schemas of commerce, shared by trade.ts and trade-seat.ts.

export const ZOrderState = z.enum(orderStates, { error: '订单状态不正确' });
export const ZOrderKind = z.enum(orderKinds, { error: '订单类型不正确' });

export const ZOrderItem = z.object({
  productId: zInt,
  name: zString,
  lineId: zInt,
  minutes: zInt,
  validityDays: zInt,
  unitPrice: zInt,
  quantity: zInt,
  /** Seat orders: months per seat; a renewal's seat. */
  months: zInt.optional(),
  seatId: zInt.optional(),
  /** Bought for these users (userPacket/buy-packet): the packages it grants are theirs only. */
  userIds: z.array(zInt).optional(),
  /** 线索包: the quota units one package grants. */
  units: zInt.optional(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrder = z.object({
  id: zInt,
  orderNo: zString,
  tenantId: zInt,
  enterpriseName: zString,
  kind: ZOrderKind,
  state: ZOrderState,
  subject: zString,
  items: z.array(ZOrderItem),
  /** Fen. */
  amount: zInt,
  refundedAmount: zInt,
  expireAt: ZTime,
  paidAt: ZTime.nullable(),
  closedAt: ZTime.nullable(),
  channel: z.enum(payChannels).nullable(),
  channelTradeNo: zString.nullable(),
  createdByName: zString,
  createdAt: ZTime,
});
export type TOrder = z.infer<typeof ZOrder>;

/** One payment attempt of an order, as its record and its QR code both name it: our trade number, the channel, fen. */
export const paymentAttemptShape = { outTradeNo: zString, channel: z.enum(payChannels), amount: zInt };

export const ZPayment = z.object({
  ...paymentAttemptShape,
  state: z.enum(paymentStates),
  channelTradeNo: zString.nullable(),
  note: zString,
  paidAt: ZTime.nullable(),
  createdAt: ZTime,
});
