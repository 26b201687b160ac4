import { z } from 'zod';
import { ZPageQuery, ZTime, ZTimeRange, zInt, zPage, zString } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';
import { ledgerKinds, rechargeBounds, TradePerm, tradeLimits } from './trade-labels.js';
import { paymentAttemptShape, ZOrder, ZOrderKind, ZOrderState, ZPayment } from './trade-order.js';
import { tradeRefundRoutes, ZChannelRefund } from './trade-refund.js';
import { tradeSeatRoutes } from './trade-seat.js';

export * from './trade-order.js';
export * from './trade-refund.js';
export * from './trade-seat.js';

const route = routesOf('trade');

/**
 * Commerce (trade, docs/decisions/0017-commerce.md): the enterprise's account and ledger,
 * orders priced by the server from the catalogue, and their payment by QR code through a channel.
 */
const ZOrderNo = z.string({ error: '请填写订单号' }).trim().min(1, '请填写订单号').max(40, '订单号不正确');

const ZOrderFilter = z.object({
  orderNo: z.string({ error: '订单号格式不正确' }).trim().max(40, '订单号不正确').optional(),
  kind: ZOrderKind.optional(),
  state: ZOrderState.optional(),
  createdFrom: ZTime.optional(),
  createdTo: ZTime.optional(),
});
export const ZOrderPageQuery = ZPageQuery.extend(ZOrderFilter.shape);
export type TOrderPageQuery = z.input<typeof ZOrderPageQuery>;

export const ZBuyInput = z.object({
  items: z
    .array(
      z.object({
        productId: zId('套餐编号'),
        quantity: z.coerce
          .number({ error: '数量应为数字' })
          .int('数量应为整数')
          .min(1, '数量至少为1')
          .max(tradeLimits.maxQuantity, `数量最多${tradeLimits.maxQuantity}`),
      }),
      { error: '请选择要购买的套餐' },
    )
    .min(1, '请选择要购买的套餐')
    .max(tradeLimits.maxItems, `一次最多购买${tradeLimits.maxItems}种套餐`),
});
export type TBuyInput = z.input<typeof ZBuyInput>;

export const ZBuyForUsersInput = ZBuyInput.extend({
  userIds: z
    .array(zId('员工编号'), { error: '请选择使用套餐的员工' })
    .min(1, '请选择使用套餐的员工')
    .max(200, '一次最多选择200名员工'),
});

export const ZRechargeInput = z.object({
  amount: z.coerce
    .number({ error: '充值金额应为数字' })
    .int('充值金额应精确到分')
    .min(rechargeBounds.min, `充值金额至少为${rechargeBounds.min / 100}元`)
    .max(rechargeBounds.max, `单笔充值最多${rechargeBounds.max / 100}元`),
});
export type TRechargeInput = z.input<typeof ZRechargeInput>;

export const ZQrCode = z.object({
  orderNo: zString,
  ...paymentAttemptShape,
  /** What the QR code holds (the channel's code URL; the sandbox's pay page). */
  codeUrl: zString,
  qrDataUrl: zString,
  expireAt: ZTime,
});
export type TQrCode = z.infer<typeof ZQrCode>;

export const ZPayResult = z.object({ orderNo: zString, state: ZOrderState, paidAt: ZTime.nullable() });

export const ZTradeAccount = z.object({
  tenantId: zInt,
  enterpriseName: zString,
  balance: zInt,
  frozen: zInt,
});
export type TTradeAccount = z.infer<typeof ZTradeAccount>;

export const ZLedgerEntry = z.object({
  id: zInt,
  kind: z.enum(ledgerKinds),
  amount: zInt,
  balanceAfter: zInt,
  bizType: zString,
  bizKey: zString,
  remark: zString,
  createdByName: zString,
  createdAt: ZTime,
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

const ZOrderNoInput = z.object({ orderNo: ZOrderNo });

export const tradeRoutes = {
  ...tradeSeatRoutes,
  ...tradeRefundRoutes,
  account: route({
    method: 'POST',
    path: '/base/trade/account/info',
    readOnly: true,
    summary: '账户余额',
    permission: `${TradePerm.accountList};${TradePerm.buy}`,
    request: z.object({}),
    response: ZTradeAccount,
  }),
  ledger: route({
    method: 'POST',
    path: '/base/trade/account/ledger',
    readOnly: true,
    summary: '账户明细',
    permission: TradePerm.accountList,
    request: ZPageQuery.extend({
      kind: z.enum(ledgerKinds, { error: '明细类型不正确' }).optional(),
      ...ZTimeRange.shape,
    }),
    response: zPage(ZLedgerEntry),
  }),
  /** Places an order for packages; the amount comes from the catalogue, never from the client. */
  buy: route({
    method: 'POST',
    path: '/base/packet/buy-packet',
    summary: '下单购买套餐',
    permission: TradePerm.buy,
    audited: true,
    request: ZBuyInput,
    response: ZOrder,
  }),
  /**
   * The same order for chosen staff (spec: userPacket/buy-packet beside packet/buy-packet): once
   * paid, the packages it grants are drawn on by those users only, as 套餐共享 would set them.
   */
  buyForUsers: route({
    method: 'POST',
    path: '/base/userPacket/buy-packet',
    summary: '为员工购买套餐',
    permission: TradePerm.buy,
    audited: true,
    request: ZBuyForUsersInput,
    response: ZOrder,
  }),
  /** 余额充值: an order of its own kind for the amount asked, paid by QR; paid, the balance grows by it. */
  recharge: route({
    method: 'POST',
    path: '/base/trade/order/recharge',
    summary: '余额充值',
    permission: TradePerm.buy,
    audited: true,
    request: ZRechargeInput,
    response: ZOrder,
  }),
  orderPage: route({
    method: 'POST',
    path: '/base/trade/order/page',
    readOnly: true,
    summary: '订单列表',
    permission: TradePerm.orderList,
    request: ZOrderPageQuery,
    response: zPage(ZOrder),
  }),
  orderDetails: route({
    method: 'POST',
    path: '/base/trade/order/details',
    readOnly: true,
    summary: '订单详情',
    permission: `${TradePerm.orderList};${TradePerm.buy}`,
    request: ZOrderNoInput,
    /** `refunds`: each share of an approved refund that this order paid (原路退回 or the balance). */
    response: ZOrder.extend({ payments: z.array(ZPayment), refunds: z.array(ZChannelRefund) }),
  }),
  orderExport: route({
    method: 'POST',
    path: '/base/trade/order/export',
    readOnly: true,
    summary: '导出订单',
    permission: TradePerm.orderExport,
    result: 'blob',
    request: ZOrderFilter,
    response: z.unknown(),
  }),
  generateQrCode: route({
    method: 'POST',
    path: '/base/pay/generateQRCode',
    summary: '生成支付二维码',
    permission: TradePerm.buy,
    audited: true,
    request: ZOrderNoInput,
    response: ZQrCode,
  }),
  /** The order's state as the server knows it (notification, or the channel asked now). */
  findPayResult: route({
    method: 'POST',
    path: '/base/pay/findPayResult',
    summary: '查询支付结果',
    permission: `${TradePerm.buy};${TradePerm.orderList}`,
    request: ZOrderNoInput,
    response: ZPayResult,
  }),
  payTradeClose: route({
    method: 'POST',
    path: '/base/pay/payTradeClose',
    summary: '关闭订单',
    permission: TradePerm.buy,
    audited: true,
    request: ZOrderNoInput,
    response: ZPayResult,
  }),
  payFind: route({
    method: 'POST',
    path: '/base/pay/find',
    summary: '支付记录',
    permission: `${TradePerm.buy};${TradePerm.orderList}`,
    request: ZOrderNoInput,
    response: z.array(ZPayment),
  }),
  // ---- the platform operator -----------------------------------------------------------------
  platformOrderPage: route({
    method: 'POST',
    path: '/base/platform/trade/order/page',
    readOnly: true,
    summary: '全部企业订单',
    permission: TradePerm.platformOrder,
    request: ZOrderPageQuery.extend({ tenantId: zId('企业编号').optional() }),
    response: zPage(ZOrder),
  }),
  platformAccountPage: route({
    method: 'POST',
    path: '/base/platform/trade/account/page',
    readOnly: true,
    summary: '企业账户列表',
    permission: TradePerm.platformAdjust,
    request: ZPageQuery.extend({ name: z.string().trim().max(64, '企业名称最多64个字').optional() }),
    response: zPage(ZTradeAccount),
  }),
  /** A manual movement with its reason; `requestId` makes a repeated click book once. */
  platformAdjust: route({
    method: 'POST',
    path: '/base/platform/trade/account/adjust',
    summary: '调整企业余额',
    permission: TradePerm.platformAdjust,
    audited: true,
    request: z.object({
      tenantId: zId('企业编号'),
      amount: z.coerce
        .number({ error: '调整金额应为数字' })
        .int('调整金额应以分为单位的整数')
        .refine((n) => n !== 0, '调整金额不能为0')
        .refine((n) => Math.abs(n) <= tradeLimits.maxFen, '调整金额过大'),
      reason: z.string({ error: '请填写调整原因' }).trim().min(2, '请填写调整原因').max(200, '调整原因最多200个字'),
      requestId: z.string({ error: '请求编号不正确' }).regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号不正确'),
    }),
    response: ZTradeAccount,
  }),
} as const;

/** 费用中心: 采购中心, 订单 (with its details page), 账户明细. */
export const tradeMenuNodes: TMenuNode[] = [
  menuScreen('4510', '采购中心', 'ProcurementCenter', 'ShoppingCartOutlined', TradePerm.buy),
  menuScreen('4520', '订单', 'order', 'ProfileOutlined', TradePerm.orderList, [
    menuPage('452001', '订单详情', 'order/orderDetails', TradePerm.orderList),
    menuButton('452002', '导出订单', TradePerm.orderExport),
    menuButton('452003', '申请退订', TradePerm.refundApply),
  ]),
  menuScreen('4530', '账户明细', 'account/accountDetails', 'WalletOutlined', TradePerm.accountList, [
    menuButton('453001', '套餐共享', TradePerm.packetShare),
  ]),
];

/** 订单管理 and 企业账户 (in the 平台管理 folder). */
export const tradePlatformMenuNodes: TMenuNode[] = [
  menuScreen('6520', '订单管理', 'platform/order', 'ProfileOutlined', TradePerm.platformOrder),
  menuScreen('6525', '退款审核', 'platform/refund', 'AuditOutlined', TradePerm.platformRefund),
  menuScreen('6530', '企业账户', 'platform/account', 'WalletOutlined', TradePerm.platformAdjust),
  menuScreen('6516', '坐席价格', 'platform/seatPrice', 'IdcardOutlined', TradePerm.platformSeatPrice),
];
