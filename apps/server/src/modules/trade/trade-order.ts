import {
  orderKindLabel,
  orderStateLabel,
  payChannelLabel,
  sheetTime,
  type TOrderKind,
  type TOrderState,
  type TPayChannel,
  type TPaymentState,
  type TRouteInput,
  toPage,
  yuan,
} from '@yunhu/contract';
import type { TPayConfig } from '../../config.js';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { activeTenantUsers, enabledProducts } from '../packet/index.js';
import { ms, newOrderNo, toOrder } from './order.kit.js';
import type { TRefundChannel } from './refund.port.js';
import { tradeErrors } from './trade.errors.js';
import { tradeRepository as repo, type TOrderRow, type TPaymentRow } from './trade.repository.js';
import type { TOrderItem } from './trade.schema.js';
import { priceThroughAgent } from './trade-agent.js';
import { priceAgentPackets } from './trade-agent-stock.js';

export const toPayment = (p: TPaymentRow) => ({
  outTradeNo: p.outTradeNo,
  channel: p.channel as TPayChannel,
  amount: p.amount,
  state: p.state as TPaymentState,
  channelTradeNo: p.channelTradeNo,
  note: p.note,
  paidAt: ms(p.paidAt),
  createdAt: p.createdAt.getTime(),
});

/** The columns of the order download (订单列表). */
export const orderColumns: TColumn<TOrderRow>[] = [
  { header: '订单号', width: 28, value: (o) => o.orderNo },
  { header: '类型', width: 10, value: (o) => orderKindLabel[o.kind as TOrderKind] ?? o.kind },
  { header: '内容', width: 36, value: (o) => o.subject },
  { header: '金额（元）', width: 12, value: (o) => yuan(o.amount) },
  { header: '已退款（元）', width: 12, value: (o) => yuan(o.refundedAmount) },
  { header: '状态', width: 10, value: (o) => orderStateLabel[o.state as TOrderState] ?? o.state },
  { header: '支付方式', width: 10, value: (o) => (o.channel ? payChannelLabel[o.channel as TPayChannel] : '') },
  { header: '渠道交易号', width: 28, value: (o) => o.channelTradeNo ?? '' },
  { header: '下单人', value: (o) => o.createdByName },
  { header: '下单时间', width: 22, value: (o) => sheetTime(o.createdAt) },
  { header: '支付时间', width: 22, value: (o) => sheetTime(o.paidAt) },
];

/** The tenant's order, or not found (also for another tenant's number). */
export const requireOrder = async (tx: TDb, tenantId: number, orderNo: string, lock = false) => {
  const order = await repo.order(tx, tenantId, orderNo, lock);
  if (!order) throw tradeErrors.orderMissing();
  return order;
};

/** 下单 and the enterprise's orders: the list, the details with payments and refunds, the download. */
export const createOrders = (deps: { database: TDatabase; pay: TPayConfig; refundsOf: TRefundChannel['ofOrder'] }) => ({
  /** An order priced from the catalogue; the client names products and quantities only. */
  buy: async (ctx: TRequestContext, input: TRouteInput<'trade', 'buy'>, forUsers?: readonly number[]) => {
    const userIds = forUsers ? [...new Set(forUsers)] : undefined;
    if (userIds && (await activeTenantUsers(ctx.tx, ctx.auth.tenantId, userIds)).length !== userIds.length) {
      throw tradeErrors.buyUsersMissing();
    }
    const quantities = new Map<number, number>();
    for (const it of input.items) quantities.set(it.productId, (quantities.get(it.productId) ?? 0) + it.quantity);
    // Only what this enterprise may buy: its agent's opened lines and own packages.
    const products = await enabledProducts(ctx.tx, [...quantities.keys()], ctx.auth.tenantId);
    if (products.length !== quantities.size) throw tradeErrors.productUnavailable();
    const catalogue: TOrderItem[] = products.map((p) => ({
      productId: p.id,
      name: `${p.lineName} ${p.name}`,
      lineId: p.lineId,
      minutes: p.minutes,
      validityDays: p.validityDays,
      unitPrice: p.price,
      quantity: quantities.get(p.id)!,
      ...(userIds ? { userIds } : {}),
    }));
    // enterprise → agent → platform.
    const cascade = await priceThroughAgent(ctx.tx, ctx.auth.tenantId, 'packet', catalogue, (it) => it.productId);
    const { items, agentId, agentMargin } = priceAgentPackets(cascade, products);
    const amount = items.reduce((sum, it) => sum + it.unitPrice * it.quantity, 0);
    if (amount <= 0) throw tradeErrors.productUnavailable();
    const now = new Date();
    const subject = items
      .map((it) => `${it.name} ×${it.quantity}`)
      .join('；')
      .slice(0, 120);
    const order = await repo.insertOrder(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      orderNo: newOrderNo(now),
      kind: 'package',
      items,
      amount,
      agentId,
      agentMargin,
      subject,
      expireAt: new Date(now.getTime() + deps.pay.orderMinutes * 60_000),
      createdBy: ctx.auth.userId,
      createdByName: ctx.auth.realName,
    });
    return toOrder((await repo.orderById(ctx.tx, order.id))!);
  },

  /**
   * 余额充值: an order for the amount asked, nothing in it to deliver; its payment stays in the
   * balance (trade-settle.ts). The enterprise's own money, so no agent takes a margin on it.
   */
  recharge: async (ctx: TRequestContext, { amount }: TRouteInput<'trade', 'recharge'>) => {
    const now = new Date();
    const order = await repo.insertOrder(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      orderNo: newOrderNo(now),
      kind: 'recharge',
      items: [],
      amount,
      agentId: null,
      agentMargin: 0,
      subject: `余额充值 ${yuan(amount)} 元`,
      expireAt: new Date(now.getTime() + deps.pay.orderMinutes * 60_000),
      createdBy: ctx.auth.userId,
      createdByName: ctx.auth.realName,
    });
    return toOrder((await repo.orderById(ctx.tx, order.id))!);
  },

  orderPage: async (ctx: TRequestContext, q: TRouteInput<'trade', 'orderPage'>) => {
    const { records, total } = await repo.orderPage(ctx.tx, { ...q, tenantId: ctx.auth.tenantId }, q);
    return toPage(records.map(toOrder), total, q);
  },

  orderDetails: async (ctx: TRequestContext, { orderNo }: TRouteInput<'trade', 'orderDetails'>) => {
    const o = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo);
    return {
      ...toOrder(o),
      payments: (await repo.paymentsOf(ctx.tx, o.id)).map(toPayment),
      refunds: await deps.refundsOf(ctx.tx, o.id),
    };
  },

  /** The filtered orders (read when the download is sent) and the file's name; columns: `orderColumns`. */
  orderExport: (ctx: TRequestContext, f: TRouteInput<'trade', 'orderExport'>) => ({
    fileName: `订单列表_${new Date().toISOString().slice(0, 10)}.xlsx`,
    rows: repo.orderRows(deps.database, ctx.auth.tenantId, f),
  }),
});
