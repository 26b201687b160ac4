import {
  orderKindLabel,
  orderStateLabel,
  payChannelLabel,
  type TOrderKind,
  type TOrderState,
  type TParsedRequestOf,
  type TPayChannel,
  type TPaymentState,
  type TTradeAccount,
  toPage,
  type tradeRoutes,
  yuan,
} from '@yunhu/contract';
import QRCode from 'qrcode';
import type { TPayConfig } from '../../config.js';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import type { TJobDef } from '../../jobs/index.js';
import { enabledProducts } from '../packet/index.js';
import { book, ledgerRepository } from './ledger.repository.js';
import { deliver, ms, newOrderNo, toOrder } from './order.kit.js';
import type { TPaidEvent, TPayAdapter } from './pay.adapter.js';
import { tradeErrors } from './trade.errors.js';
import { tradeRepository as repo, type TOrderRow, type TPaymentRow } from './trade.repository.js';
import type { TOrderItem } from './trade.schema.js';
import { priceThroughAgent } from './trade-agent.js';
import { priceAgentPackets } from './trade-agent-stock.js';
import { createTradeRefundService } from './trade-refund.service.js';
import { createTradeSeatService, type TNotify } from './trade-seat.service.js';

type TReq<K extends keyof typeof tradeRoutes> = TParsedRequestOf<(typeof tradeRoutes)[K]>;
type TLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** The seats' auto-renewal runs this often (while the pay job runs). */
const renewalEverySeconds = 600;

const toPayment = (p: TPaymentRow) => ({
  outTradeNo: p.outTradeNo,
  channel: p.channel as TPayChannel,
  amount: p.amount,
  state: p.state as TPaymentState,
  channelTradeNo: p.channelTradeNo,
  note: p.note,
  paidAt: ms(p.paidAt),
  createdAt: p.createdAt.getTime(),
});

const cnTime = (d: Date | null) =>
  d ? d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-') : '';

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
  { header: '下单时间', width: 22, value: (o) => cnTime(o.createdAt) },
  { header: '支付时间', width: 22, value: (o) => cnTime(o.paidAt) },
];

export type TTradeService = ReturnType<typeof createTradeService>;

/**
 * 账户, 订单 and 支付 (issue 15, docs/decisions/0017-commerce.md). The state of an order comes from
 * the server: the channel's signed notification, or the channel asked by `findPayResult`, a close
 * or the job; never from the browser.
 */
export const createTradeService = (deps: {
  database: TDatabase;
  pay: TPayConfig;
  adapter: TPayAdapter;
  logger: TLogger;
  notify: TNotify;
}) => {
  const { database, adapter, logger } = deps;
  const seat = createTradeSeatService(deps);
  const refund = createTradeRefundService(deps);

  const requireOrder = async (tx: TDb, tenantId: number, orderNo: string, lock = false) => {
    const order = await repo.order(tx, tenantId, orderNo, lock);
    if (!order) throw tradeErrors.orderMissing();
    return order;
  };

  /**
   * A channel says this trade is paid (a notification, or its answer to a query): in the tenant's
   * transaction, the order then the payment locked (always in this order), once per trade.
   * Answers what happened: paid, duplicate, refunded (the order was paid or closed already) or
   * amount mismatch (nothing changes).
   */
  const settle = async (tx: TDb, outTradeNo: string, event: TPaidEvent, raw: string) => {
    const first = await repo.paymentByNo(tx, outTradeNo);
    if (!first) return 'unknown trade' as const;
    const order = (await repo.orderById(tx, first.orderId, { lock: 'update' }))!;
    const payment = (await repo.lockPayment(tx, outTradeNo))!;
    if (event.amount !== payment.amount) {
      await repo.updatePayment(tx, payment.id, {
        note: `渠道通知金额 ${yuan(event.amount)} 元与应付 ${yuan(payment.amount)} 元不符，已拒绝`,
      });
      logger.warn({ outTradeNo, amount: event.amount, expected: payment.amount }, 'pay: amount differs, refused');
      return 'amount mismatch' as const;
    }
    if (payment.state === 'paid' || payment.state === 'refunded') return 'duplicate' as const;
    const paidAt = new Date(event.paidAt);
    const channelLabel = payChannelLabel[payment.channel as TPayChannel] ?? payment.channel;
    await repo.updatePayment(tx, payment.id, {
      state: 'paid',
      channelTradeNo: event.channelTradeNo,
      rawNotification: raw,
      paidAt,
    });
    await book(tx, {
      tenantId: order.tenantId,
      kind: 'recharge',
      amount: payment.amount,
      bizType: 'payment',
      bizKey: payment.outTradeNo,
      remark: `${channelLabel}支付订单 ${order.orderNo}`,
    });
    if (order.state === 'unpaid') {
      await repo.updateOrder(tx, order.id, {
        state: 'paid',
        paidAt,
        channel: payment.channel,
        channelTradeNo: event.channelTradeNo,
      });
      // The money arrived with it: the purchase may not fail on a balance a call left negative.
      await book(tx, {
        tenantId: order.tenantId,
        kind: 'purchase',
        amount: -order.amount,
        bizType: 'order',
        bizKey: order.orderNo,
        remark: order.subject,
        isCovered: true,
      });
      await deliver(tx, order, paidAt);
      // The order's other QR codes die with it.
      for (const other of await repo.paymentsOf(tx, order.id)) {
        if (other.id !== payment.id && other.state === 'waiting') {
          const left = await adapter.close(other.outTradeNo, tx);
          if (left.state !== 'paid') await repo.updatePayment(tx, other.id, { state: 'closed' });
        }
      }
      return 'paid' as const;
    }
    // Paid twice (another QR code, or after the order closed): the money goes back where it came from.
    // A refusal rolls the settlement back: the notification is answered FAIL and comes again.
    const back = await adapter.refund({ outTradeNo, amount: payment.amount, reason: '重复支付退款' }, tx);
    if (back.state === 'failed') throw new Error(`重复支付退款被渠道拒绝：${back.reason}`);
    await book(tx, {
      tenantId: order.tenantId,
      kind: 'refund',
      amount: -payment.amount,
      bizType: 'payment',
      bizKey: payment.outTradeNo,
      remark: `订单 ${order.orderNo} ${orderStateLabel[order.state as TOrderState]}，重复支付原路退回`,
      isCovered: true,
    });
    await repo.updatePayment(tx, payment.id, {
      state: 'refunded',
      note: `订单${orderStateLabel[order.state as TOrderState]}，本次支付已原路退回`,
    });
    logger.warn({ outTradeNo, orderNo: order.orderNo, state: order.state }, 'pay: order paid twice, refunded');
    return 'refunded' as const;
  };

  /**
   * Asks the channel (`query`, or `close` first) about each waiting payment of the order and settles
   * the ones it reports paid; answers the payments it did not report paid.
   */
  const askChannel = async (tx: TDb, order: TOrderRow, ask: 'query' | 'close' = 'query') => {
    const unpaid: TPaymentRow[] = [];
    for (const p of await repo.paymentsOf(tx, order.id)) {
      if (p.state !== 'waiting') continue;
      const t = await adapter[ask](p.outTradeNo, tx);
      if (t.state === 'paid' && t.amount !== null && t.channelTradeNo) {
        const event = {
          outTradeNo: p.outTradeNo,
          amount: t.amount,
          channelTradeNo: t.channelTradeNo,
          paidAt: t.paidAt ?? Date.now(),
        };
        await settle(tx, p.outTradeNo, event, JSON.stringify({ source: ask, ...t }));
      } else unpaid.push(p);
    }
    return unpaid;
  };

  /** Closes an unpaid order and its QR codes; a trade the channel says is paid is settled instead. */
  const closeOrder = async (tx: TDb, order: TOrderRow, now: Date) => {
    for (const p of await askChannel(tx, order, 'close')) {
      await repo.updatePayment(tx, p.id, { state: 'closed' });
    }
    const current = (await repo.orderById(tx, order.id))!;
    if (current.state === 'unpaid') await repo.updateOrder(tx, order.id, { state: 'closed', closedAt: now });
  };

  const payResult = async (tx: TDb, tenantId: number, orderNo: string) => {
    const o = await requireOrder(tx, tenantId, orderNo);
    return { orderNo, state: o.state as TOrderState, paidAt: ms(o.paidAt) };
  };

  const accountOf = async (db: TDb, tenantId: number): Promise<TTradeAccount> => {
    const a = await ledgerRepository.account(db, tenantId);
    return {
      tenantId,
      enterpriseName: (await repo.enterpriseName(db, tenantId)) ?? '',
      balance: a?.balance ?? 0,
      frozen: a?.frozen ?? 0,
    };
  };

  /** One pass of the job: closes expired unpaid orders, asks the channel about recent ones. */
  const runJob = async (now = new Date()) => {
    let closed = 0;
    for (const { id, tenantId } of await repo.unpaidDue(database.db, now, 200)) {
      await withTenant(database, tenantId, async (tx) => {
        const o = await repo.orderById(tx, id, { lock: 'skip' });
        if (o?.state !== 'unpaid') return;
        await closeOrder(tx, o, now);
        closed++;
      });
    }
    for (const { id, tenantId } of await repo.unpaidRecent(database.db, now, 200)) {
      await withTenant(database, tenantId, async (tx) => {
        const o = await repo.orderById(tx, id, { lock: 'skip' });
        if (o?.state === 'unpaid') await askChannel(tx, o);
      });
    }
    return { closed };
  };

  return {
    ...seat,
    ...refund,

    account: (ctx: TRequestContext) => accountOf(ctx.tx, ctx.auth.tenantId),

    ledger: async (ctx: TRequestContext, q: TReq<'ledger'>) => {
      const { records, total } = await ledgerRepository.page(ctx.tx, ctx.auth.tenantId, q, q);
      return toPage(
        records.map((r) => ({ ...r, kind: r.kind as never, createdAt: r.createdAt.getTime() })),
        total,
        q,
      );
    },

    /** An order priced from the catalogue; the client names products and quantities only. */
    buy: async (ctx: TRequestContext, input: TReq<'buy'>) => {
      const quantities = new Map<number, number>();
      for (const it of input.items) quantities.set(it.productId, (quantities.get(it.productId) ?? 0) + it.quantity);
      // Only what this enterprise may buy: its agent's opened lines and own packages (issue 18).
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
      }));
      // enterprise → agent → platform (issue 18).
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

    orderPage: async (ctx: TRequestContext, q: TReq<'orderPage'>) => {
      const { records, total } = await repo.orderPage(ctx.tx, { ...q, tenantId: ctx.auth.tenantId }, q);
      return toPage(records.map(toOrder), total, q);
    },

    orderDetails: async (ctx: TRequestContext, { orderNo }: TReq<'orderDetails'>) => {
      const o = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo);
      return {
        ...toOrder(o),
        payments: (await repo.paymentsOf(ctx.tx, o.id)).map(toPayment),
        refunds: await refund.channelRefunds.ofOrder(ctx.tx, o.id),
      };
    },

    /** The filtered orders (read when the download is sent) and the file's name; columns: `orderColumns`. */
    orderExport: (ctx: TRequestContext, f: TReq<'orderExport'>) => ({
      fileName: `订单列表_${new Date().toISOString().slice(0, 10)}.xlsx`,
      rows: repo.orderRows(database, ctx.auth.tenantId, f),
    }),

    /** A QR code for the order: a new payment attempt at the configured channel. */
    generateQrCode: async (ctx: TRequestContext, { orderNo }: TReq<'generateQrCode'>, origin: string) => {
      const order = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo, true);
      if (order.state !== 'unpaid') throw tradeErrors.orderNotPayable(orderStateLabel[order.state as TOrderState]);
      if (order.expireAt.getTime() <= Date.now()) throw tradeErrors.orderExpired();
      const outTradeNo = `${order.orderNo}P${(await repo.paymentCount(ctx.tx, order.id)) + 1}`;
      let codeUrl: string;
      try {
        ({ codeUrl } = await adapter.precreate(
          { outTradeNo, amount: order.amount, subject: order.subject, expireAt: order.expireAt, origin },
          ctx.tx,
        ));
      } catch (error) {
        logger.error({ err: error, outTradeNo }, 'pay: precreate failed');
        throw tradeErrors.channelFailed(error instanceof Error ? error.message : '未知错误');
      }
      await repo.insertPayment(ctx.tx, {
        tenantId: order.tenantId,
        orderId: order.id,
        outTradeNo,
        channel: adapter.channel,
        amount: order.amount,
        codeUrl,
      });
      return {
        orderNo,
        outTradeNo,
        channel: adapter.channel,
        amount: order.amount,
        codeUrl,
        qrDataUrl: await QRCode.toDataURL(codeUrl, { margin: 1, width: 220 }),
        expireAt: order.expireAt.getTime(),
      };
    },

    findPayResult: async (ctx: TRequestContext, { orderNo }: TReq<'findPayResult'>) => {
      const order = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo);
      if (order.state === 'unpaid') await askChannel(ctx.tx, order);
      return payResult(ctx.tx, ctx.auth.tenantId, orderNo);
    },

    payTradeClose: async (ctx: TRequestContext, { orderNo }: TReq<'payTradeClose'>) => {
      const order = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo, true);
      if (order.state === 'unpaid') await closeOrder(ctx.tx, order, new Date());
      else if (order.state !== 'closed') {
        throw tradeErrors.orderNotClosable(orderStateLabel[order.state as TOrderState]);
      }
      return payResult(ctx.tx, ctx.auth.tenantId, orderNo);
    },

    payFind: async (ctx: TRequestContext, { orderNo }: TReq<'payFind'>) => {
      const o = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo);
      return (await repo.paymentsOf(ctx.tx, o.id)).map(toPayment);
    },

    platformOrderPage: (ctx: TRequestContext, q: TReq<'platformOrderPage'>) =>
      asPlatform(ctx, async (db) => {
        const { records, total } = await repo.orderPage(db, q, q);
        return toPage(records.map(toOrder), total, q);
      }),

    platformAccountPage: (ctx: TRequestContext, q: TReq<'platformAccountPage'>) =>
      asPlatform(ctx, async (db) => {
        const { records, total } = await repo.accountPage(db, q, q);
        return toPage(records, total, q);
      }),

    /** A manual movement with its reason (the operation log keeps who and why); once per requestId. */
    platformAdjust: (ctx: TRequestContext, input: TReq<'platformAdjust'>) =>
      asPlatform(ctx, async (db) => {
        if ((await repo.enterpriseName(db, input.tenantId)) === null) throw tradeErrors.enterpriseMissing();
        const booked = await book(db, {
          tenantId: input.tenantId,
          kind: 'adjustment',
          amount: input.amount,
          bizType: 'adjustment',
          bizKey: input.requestId,
          remark: input.reason,
          by: { userId: ctx.auth.userId, name: ctx.auth.realName },
        });
        if (!booked.isBooked && booked.reason === 'insufficient')
          throw tradeErrors.adjustToNegative(yuan(booked.balance));
        return accountOf(db, input.tenantId);
      }),

    /**
     * A channel's notification (POST /pay/notify/:channel): verified over the raw body, kept in
     * pay_notifications whatever it says, settled in the tenant's transaction. Answers whether the
     * channel may stop re-sending.
     */
    notify: async (channel: string, headers: Record<string, string | string[] | undefined>, raw: string) => {
      const keep = (outTradeNo: string | null, isVerified: boolean, outcome: string) =>
        repo.logNotification(database.db, { channel, outTradeNo, isVerified, outcome, raw: raw.slice(0, 20_000) });
      if (channel !== adapter.channel) {
        await keep(null, false, 'unknown channel');
        logger.warn({ channel }, 'pay: notification for a channel not configured, ignored');
        return adapter.answer(false);
      }
      const v = adapter.verify(headers, raw);
      if (!v.isValid) {
        await keep(v.outTradeNo, false, v.reason);
        if (v.isIgnored) return adapter.answer(true);
        logger.warn({ channel, outTradeNo: v.outTradeNo, reason: v.reason }, 'pay: notification refused');
        return adapter.answer(false);
      }
      if ('refund' in v) {
        // A refund's result (WeChat REFUND.*): the share ends once; an unknown one is re-sent later.
        const outcome = await refund.channelRefunds.settle(v.refund);
        await keep(v.refund.outTradeNo, true, `refund ${v.refund.refundNo}: ${outcome}`);
        return adapter.answer(outcome !== 'amount mismatch' && outcome !== 'unknown refund');
      }
      const tenantId = await repo.tenantOfTrade(database.db, v.event.outTradeNo);
      if (tenantId === null) {
        await keep(v.event.outTradeNo, true, 'unknown trade');
        logger.warn({ outTradeNo: v.event.outTradeNo }, 'pay: notification of an unknown trade');
        return adapter.answer(false);
      }
      const outcome = await withTenant(database, tenantId, (tx) => settle(tx, v.event.outTradeNo, v.event, raw));
      await keep(v.event.outTradeNo, true, outcome);
      return adapter.answer(outcome !== 'amount mismatch');
    },

    runJob,

    /**
     * The jobs of the server's queue (0 seconds: none): every `seconds` the unpaid orders asked
     * about and the expired ones closed, with the refunds the channel has not finished (原路退回);
     * every ten minutes the seats' auto-renewal. SKIP LOCKED inside each as well.
     */
    jobs: (seconds: number): TJobDef[] =>
      seconds <= 0
        ? []
        : [
            {
              name: 'trade.orders',
              everySeconds: seconds,
              run: async () => {
                await runJob();
                await refund.channelRefunds.run();
              },
            },
            { name: 'trade.seat-renewal', everySeconds: renewalEverySeconds, run: () => seat.runRenewalJob() },
          ],

    /** sum(ledger) = balance for every account; the accounts that differ (empty when the books hold). */
    reconcile: async () => ({
      accounts: await ledgerRepository.accountCount(database.db),
      differences: await ledgerRepository.reconcile(database.db),
    }),
  };
};
