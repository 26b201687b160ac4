import { lineModeLabel, type TPlatformSeatPrice, type TRouteInput, type TSeatRenewalResult } from '@yunhu/contract';
import type { TPayConfig } from '../../config.js';
import type { TDatabase } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { lockSeatsForRenewal } from '../seat/index.js';
import { ms, toOrder } from './order.kit.js';
import { tradeErrors } from './trade.errors.js';
import { tradeRepository as repo } from './trade.repository.js';
import type { TOrderItem } from './trade.schema.js';
import { priceThroughAgent } from './trade-agent.js';
import { requireOpenedLines } from './trade-agent-stock.js';
import {
  orderFields,
  payFromBalance,
  pricedRenewal,
  priceOf,
  renewalResult,
  sum,
  type TNotify,
} from './trade-seat.kit.js';
import { createSeatRenewalJob } from './trade-seat.renewal.js';
import { tradeSeatRepository as prices } from './trade-seat.repository.js';

export type { TNotify } from './trade-seat.kit.js';

type TLogger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

const toPlatformPrice = (p: Awaited<ReturnType<typeof prices.platformPrices>>[number]): TPlatformSeatPrice => ({
  lineId: p.lineId,
  lineName: p.lineName,
  lineMode: p.lineMode,
  seatPricePerMonth: p.seatPricePerMonth,
  isSet: p.isSet,
  updatedByName: p.updatedByName,
  updatedAt: ms(p.updatedAt),
});

/**
 * Seats bought and renewed with money (docs/decisions/0017-commerce.md). 购买坐席 is an order paid
 * by QR like a package's; a manual renewal is an order paid from the balance at once, or left unpaid
 * for a QR code when the balance is short; the job (trade-seat.renewal) renews seats with
 * auto-renewal from the balance.
 */
export const createTradeSeatService = (deps: {
  database: TDatabase;
  pay: TPayConfig;
  logger: TLogger;
  notify: TNotify;
}) => ({
  /** An order for `count` seats of the line for `months`; the amount from the platform's price. */
  buySeat: async (ctx: TRequestContext, input: TRouteInput<'trade', 'buySeat'>) => {
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
    // enterprise → agent → platform: the agent's month price × months.
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
      ...orderFields(now, deps.pay.orderMinutes),
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
  seatRenewal: async (
    ctx: TRequestContext,
    input: TRouteInput<'trade', 'seatRenewal'>,
  ): Promise<TSeatRenewalResult> => {
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
      ...orderFields(now, deps.pay.orderMinutes),
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

  platformSeatPriceSave: (ctx: TRequestContext, input: TRouteInput<'trade', 'platformSeatPriceSave'>) =>
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

  ...createSeatRenewalJob(deps),
});
