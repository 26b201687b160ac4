import {
  lineModeLabel,
  seatCommerce,
  type TParsedRequestOf,
  type TPlatformSeatPrice,
  type TSeatRenewalResult,
  type tradeRoutes,
  yuan,
} from '@yunhu/contract';
import type { TPayConfig } from '../../config.js';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { lockDueSeat, lockSeatsForRenewal, markRenewalNotified, seatsDueForRenewal } from '../seat/index.js';
import { book, ledgerRepository } from './ledger.repository.js';
import { deliver, ms, newOrderNo, toOrder } from './order.kit.js';
import { tradeErrors } from './trade.errors.js';
import { tradeRepository as repo, type TOrderRow } from './trade.repository.js';
import type { TOrderItem } from './trade.schema.js';
import { priceThroughAgent } from './trade-agent.js';
import { requireOpenedLines } from './trade-agent-stock.js';
import { tradeSeatRepository as prices } from './trade-seat.repository.js';

type TPrices = Awaited<ReturnType<typeof prices.linePrices>>;
type TReq<K extends keyof typeof tradeRoutes> = TParsedRequestOf<(typeof tradeRoutes)[K]>;
type TLogger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
/** The notice area's writer (system.notifyUsers), in the caller's transaction. */
export type TNotify = (
  db: TDb,
  rows: { tenantId: number; userId: number; title: string; content: string }[],
) => Promise<unknown>;

const day = 86_400_000;

/**
 * Seats bought and renewed with money (issue 15, docs/decisions/0017-commerce.md). 购买坐席 is an
 * order paid by QR like a package's; a manual renewal is an order paid from the balance at once, or
 * left unpaid for a QR code when the balance is short; the job renews seats with auto-renewal
 * `seatCommerce.autoRenewalDays` days before expiry from the balance, once per seat and period.
 */
export const createTradeSeatService = (deps: {
  database: TDatabase;
  pay: TPayConfig;
  logger: TLogger;
  notify: TNotify;
}) => {
  const { database, logger } = deps;

  const priceOf = async (db: TDb, lineIds: readonly number[]) => {
    const found = await prices.linePrices(db, lineIds);
    if (lineIds.some((id) => !found.has(id))) throw tradeErrors.seatLineUnavailable();
    return found;
  };

  const orderFields = (now: Date) => ({
    orderNo: newOrderNo(now),
    expireAt: new Date(now.getTime() + deps.pay.orderMinutes * 60_000),
  });

  /** A renewal order's items: one per seat, priced from the line's seat price × months. */
  const renewalItems = (byLine: TPrices, seats: { id: number; lineId: number }[], months: number) =>
    seats.map((s): TOrderItem => {
      const p = byLine.get(s.lineId)!;
      return {
        productId: 0,
        name: `坐席 ${s.id}（${p.lineName}）续费 ${months} 个月`,
        lineId: s.lineId,
        minutes: 0,
        validityDays: 0,
        unitPrice: p.seatPricePerMonth * months,
        quantity: 1,
        months,
        seatId: s.id,
      };
    });

  /** A renewal's items at the price the enterprise pays: its agent's month price × months (issue 18). */
  const pricedRenewal = (
    tx: TDb,
    tenantId: number,
    byLine: TPrices,
    seats: { id: number; lineId: number }[],
    months: number,
  ) =>
    priceThroughAgent(
      tx,
      tenantId,
      'seat',
      renewalItems(byLine, seats, months),
      (it) => it.lineId,
      (perMonth) => perMonth * months,
    );

  const sum = (items: TOrderItem[]) => items.reduce((n, it) => n + it.unitPrice * it.quantity, 0);

  /** Pays an unpaid order from the balance in the caller's transaction: booked once on its number, then delivered. */
  const payFromBalance = async (tx: TDb, order: TOrderRow, now: Date, by: { userId: number; name: string } | null) => {
    const booked = await book(tx, {
      tenantId: order.tenantId,
      kind: 'purchase',
      amount: -order.amount,
      bizType: 'order',
      bizKey: order.orderNo,
      remark: `余额支付：${order.subject}`,
      by,
    });
    if (!booked.isBooked) return booked;
    await repo.updateOrder(tx, order.id, { state: 'paid', paidAt: now, channel: 'balance' });
    await deliver(tx, order, now);
    return booked;
  };

  const renewalResult = async (tx: TDb, tenantId: number, orderId: number): Promise<TSeatRenewalResult> => {
    const order = (await repo.orderById(tx, orderId))!;
    const balance = (await ledgerRepository.account(tx, tenantId))?.balance ?? 0;
    return { order: toOrder(order), isPaid: order.state === 'paid', balance };
  };

  /** One seat of the job, in its tenant's transaction; answers what happened. */
  const renewOne = async (tx: TDb, seatId: number, now: Date) => {
    const until = new Date(now.getTime() + seatCommerce.autoRenewalDays * day);
    const seat = await lockDueSeat(tx, seatId, until);
    if (!seat) return 'skipped' as const;
    // The business key: the seat and the period it renews (its current expiry).
    const requestKey = `auto:${seat.id}:${seat.expireAt.getTime()}`;
    if (await repo.orderByRequestKey(tx, seat.tenantId, requestKey)) return 'skipped' as const;
    const months = seatCommerce.autoRenewalMonths;
    const byLine = await prices.linePrices(tx, [seat.lineId]);
    // A line no longer sold (stopped): nothing to renew it with.
    if (!byLine.has(seat.lineId)) return 'skipped' as const;
    const { items, agentId, agentMargin } = await pricedRenewal(tx, seat.tenantId, byLine, [seat], months);
    const amount = sum(items);
    const fields = orderFields(now);
    const subject = `自动续费：${items[0]!.name}`;
    const booked = await book(tx, {
      tenantId: seat.tenantId,
      kind: 'purchase',
      amount: -amount,
      bizType: 'order',
      bizKey: fields.orderNo,
      remark: `余额支付：${subject}`,
    });
    if (!booked.isBooked) {
      if (seat.renewalNotifiedFor?.getTime() !== seat.expireAt.getTime()) {
        const admins = await prices.administrators(tx, seat.tenantId);
        const expiry = seat.expireAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
        await deps.notify(
          tx,
          admins.map((userId) => ({
            tenantId: seat.tenantId,
            userId,
            title: '坐席自动续费失败：账户余额不足',
            content: `坐席 ${seat.id}（${byLine.get(seat.lineId)!.lineName}）将于 ${expiry} 到期，自动续费 ${months} 个月需 ${yuan(amount)} 元，账户余额 ${yuan(booked.reason === 'insufficient' ? booked.balance : booked.balanceAfter)} 元。请充值或在坐席管理中手动续费。`,
          })),
        );
        await markRenewalNotified(tx, seat.id, seat.expireAt);
      }
      return 'short' as const;
    }
    const order = await repo.insertOrderOnce(tx, {
      tenantId: seat.tenantId,
      ...fields,
      kind: 'seatRenewal',
      state: 'paid',
      items,
      agentId,
      agentMargin,
      amount,
      subject,
      paidAt: now,
      channel: 'balance',
      createdByName: '自动续费',
      requestKey,
    });
    // The seat is locked and its period checked: a twin here means the books are wrong, so undo all.
    if (!order) throw new Error(`auto-renewal: order ${requestKey} exists`);
    await deliver(tx, { ...order, enterpriseName: '' }, now);
    return 'renewed' as const;
  };

  /**
   * One pass of the auto-renewal job across tenants: each due seat in its own transaction, taken
   * FOR UPDATE SKIP LOCKED and checked again, so two server processes never renew one seat twice.
   */
  const runRenewalJob = async (now = new Date()) => {
    const counts = { renewed: 0, short: 0 };
    const until = new Date(now.getTime() + seatCommerce.autoRenewalDays * day);
    for (const { id, tenantId } of await seatsDueForRenewal(database.db, until, 200)) {
      try {
        const outcome = await withTenant(database, tenantId, (tx) => renewOne(tx, id, now));
        if (outcome !== 'skipped') counts[outcome]++;
      } catch (error) {
        logger.error({ err: error, seatId: id }, 'seat auto-renewal failed');
      }
    }
    if (counts.renewed + counts.short > 0) logger.info(counts, 'seat auto-renewal pass');
    return counts;
  };

  const toPlatformPrice = (p: Awaited<ReturnType<typeof prices.platformPrices>>[number]): TPlatformSeatPrice => ({
    lineId: p.lineId,
    lineName: p.lineName,
    lineMode: p.lineMode,
    seatPricePerMonth: p.seatPricePerMonth,
    isSet: p.isSet,
    updatedByName: p.updatedByName,
    updatedAt: ms(p.updatedAt),
  });

  return {
    /** An order for `count` seats of the line for `months`; the amount from the platform's price. */
    buySeat: async (ctx: TRequestContext, input: TReq<'buySeat'>) => {
      const p = (await priceOf(ctx.tx, [input.lineId])).get(input.lineId)!;
      const now = new Date();
      const catalogue: TOrderItem[] = [
        {
          productId: 0,
          name: `${p.lineName}（${lineModeLabel(p.lineMode)}）坐席 ${input.months} 个月`,
          lineId: p.lineId,
          minutes: 0,
          validityDays: 0,
          unitPrice: p.seatPricePerMonth * input.months,
          quantity: input.count,
          months: input.months,
        },
      ];
      // An enterprise of an agent buys seats only on its agent's opened lines (renewals are not asked).
      await requireOpenedLines(ctx.tx, ctx.auth.tenantId, [p.lineId]);
      // enterprise → agent → platform (issue 18): the agent's month price × months.
      const { items, agentId, agentMargin } = await priceThroughAgent(
        ctx.tx,
        ctx.auth.tenantId,
        'seat',
        catalogue,
        (it) => it.lineId,
        (perMonth) => perMonth * input.months,
      );
      const order = await repo.insertOrder(ctx.tx, {
        tenantId: ctx.auth.tenantId,
        ...orderFields(now),
        kind: 'seatPurchase',
        items,
        agentId,
        agentMargin,
        amount: sum(items),
        subject: `${items[0]!.name} ×${input.count}`,
        createdBy: ctx.auth.userId,
        createdByName: ctx.auth.realName,
      });
      return toOrder((await repo.orderById(ctx.tx, order.id))!);
    },

    /**
     * 续费: one order per request id (a double click or a retry answers the same order). Paid from
     * the balance when it covers the amount; otherwise left unpaid for a QR code (then the seats are
     * renewed when the channel's notification settles it).
     */
    seatRenewal: async (ctx: TRequestContext, input: TReq<'seatRenewal'>): Promise<TSeatRenewalResult> => {
      const { tenantId } = ctx.auth;
      const done = await repo.orderByRequestKey(ctx.tx, tenantId, input.requestId);
      if (done) return renewalResult(ctx.tx, tenantId, done.id);
      const seats = await lockSeatsForRenewal(ctx, input.ids);
      if (!seats) throw tradeErrors.seatsMissing();
      if (seats.some((s) => s.status !== 'active')) throw tradeErrors.seatDisabled();
      const byLine = await priceOf(
        ctx.tx,
        seats.map((s) => s.lineId),
      );
      const { items, agentId, agentMargin } = await pricedRenewal(ctx.tx, tenantId, byLine, seats, input.months);
      const now = new Date();
      const order = await repo.insertOrderOnce(ctx.tx, {
        tenantId,
        ...orderFields(now),
        kind: 'seatRenewal',
        items,
        agentId,
        agentMargin,
        amount: sum(items),
        subject: items.length === 1 ? items[0]!.name : `${items.length} 个坐席续费 ${input.months} 个月`.slice(0, 120),
        createdBy: ctx.auth.userId,
        createdByName: ctx.auth.realName,
        requestKey: input.requestId,
      });
      if (!order) {
        // A parallel request with the same id made it first (it waited on the unique key).
        const twin = (await repo.orderByRequestKey(ctx.tx, tenantId, input.requestId))!;
        return renewalResult(ctx.tx, tenantId, twin.id);
      }
      await payFromBalance(ctx.tx, { ...order, enterpriseName: '' }, now, {
        userId: ctx.auth.userId,
        name: ctx.auth.realName,
      });
      return renewalResult(ctx.tx, tenantId, order.id);
    },

    platformSeatPrices: (ctx: TRequestContext) =>
      asPlatform(ctx, async (db) => (await prices.platformPrices(db)).map(toPlatformPrice)),

    platformSeatPriceSave: (ctx: TRequestContext, input: TReq<'platformSeatPriceSave'>) =>
      asPlatform(ctx, async (db) => {
        if (!(await prices.lineExists(db, input.lineId))) throw tradeErrors.lineMissing();
        await prices.savePrice(db, {
          lineId: input.lineId,
          pricePerMonth: input.seatPricePerMonth,
          updatedBy: ctx.auth.userId,
          updatedByName: ctx.auth.realName,
        });
        return toPlatformPrice((await prices.platformPrices(db, input.lineId))[0]!);
      }),

    runRenewalJob,
  };
};
