import crypto from 'node:crypto';
import { seatCommerce, type TRefundApplication, type TRouteInput, type TSeatCancelQuote, yuan } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRefundPart } from '../../db/schema.js';
import type { TRequestContext } from '../../http/context.js';
import { lockPacket, packetState, setPacketStatus } from '../packet/index.js';
import { refundableTerms, seatHasCallsSince, setSeatAutoRenewal, visibleSeat } from '../seat/index.js';
import { ledgerRepository, tradeErrors } from '../trade/index.js';
import { tradeRefundErrors } from './trade-refund.errors.js';
import { tradeRefundRepository as repo, type TRefundRow } from './trade-refund.repository.js';

const addMonths = (d: Date, n: number) => {
  const x = new Date(d);
  x.setUTCMonth(x.getUTCMonth() + n);
  return x;
};

/** Whole calendar months from `from` that end by `to` (at most `max`): the month under way is not one. */
const wholeMonths = (from: Date, to: Date, max: number) => {
  let m = 0;
  while (m < max && addMonths(from, m + 1) <= to) m++;
  return m;
};

const graceMs = seatCommerce.refundGraceHours * 3_600_000;

/** A 退订 application's number: TD, the epoch milliseconds and 4 random digits. */
const newApplyNo = () => `TD${Date.now()}${crypto.randomInt(1000, 9999)}`;

/**
 * What cancelling the seat would give back now (the terms locked in the caller's transaction): the
 * whole months left, latest paid first; a period bought within the grace hours on a seat with no
 * call since refunds all its months (docs/decisions/0084-seat-refund-grace.md).
 */
const quote = async (
  tx: TDb,
  tenantId: number,
  seat: { id: number; userId: number | null; lineId: number; expireAt: Date },
  now: Date,
) => {
  const terms = await refundableTerms(tx, tenantId, seat.id);
  const paid = terms.reduce((n, term) => n + term.months - term.refundedMonths, 0);
  const recent = terms.filter((term) => now.getTime() - term.createdAt.getTime() < graceMs);
  const since = new Date(Math.min(...recent.map((term) => term.createdAt.getTime())));
  const isUnused = recent.length > 0 && !(await seatHasCallsSince(tx, tenantId, seat, since));
  let left = wholeMonths(now, seat.expireAt, paid);
  const parts: TRefundPart[] = [];
  for (const term of terms) {
    const open = term.months - term.refundedMonths;
    const months = isUnused && recent.includes(term) ? open : Math.min(left, open);
    left = Math.max(0, left - months);
    if (months === 0) continue;
    parts.push({
      orderId: term.orderId,
      orderNo: term.orderNo,
      termId: term.id,
      months,
      amount: months * term.pricePerMonth,
    });
  }
  return {
    seatId: seat.id,
    months: parts.reduce((n, p) => n + p.months, 0),
    amount: parts.reduce((n, p) => n + p.amount, 0),
    parts,
  };
};

const requireSeat = async (ctx: TRequestContext, seatId: number) => {
  const seat = await visibleSeat(ctx, seatId);
  if (!seat) throw tradeErrors.seatsMissing();
  if (seat.status !== 'active') throw tradeRefundErrors.seatNotCancellable();
  return seat;
};

/** 坐席退订 and 套餐退订: the quote and the applications, each waiting for the platform's review. */
export const createRefundApplications = (
  withOriginals: (db: TDb, rows: TRefundRow[]) => Promise<TRefundApplication[]>,
) => ({
  seatCancelQuote: async (
    ctx: TRequestContext,
    { seatId }: TRouteInput<'trade', 'seatCancelQuote'>,
  ): Promise<TSeatCancelQuote> => {
    const seat = await requireSeat(ctx, seatId);
    return quote(ctx.tx, ctx.auth.tenantId, seat, new Date());
  },

  seatCancelOrder: async (ctx: TRequestContext, input: TRouteInput<'trade', 'seatCancelOrder'>) => {
    const { tenantId } = ctx.auth;
    const seat = await requireSeat(ctx, input.seatId);
    if (await repo.pendingOfSeat(ctx.tx, tenantId, seat.id)) throw tradeRefundErrors.refundPending();
    const q = await quote(ctx.tx, tenantId, seat, new Date());
    if (q.amount <= 0) throw tradeRefundErrors.nothingToRefund();
    const id = await repo.insert(ctx.tx, {
      tenantId,
      applyNo: newApplyNo(),
      kind: 'seat',
      seatId: seat.id,
      subject: `坐席 ${seat.id}（${seat.lineName}）退订未使用的 ${q.months} 个月`,
      months: q.months,
      amount: q.amount,
      parts: q.parts,
      reason: input.reason,
      createdBy: ctx.auth.userId,
      createdByName: ctx.auth.realName,
    });
    // A parallel application of the same seat won the unique index.
    if (id === null) throw tradeRefundErrors.refundPending();
    // A seat being cancelled is not renewed automatically meanwhile.
    await setSeatAutoRenewal(ctx.tx, tenantId, seat.id, false);
    const [app] = await withOriginals(ctx.tx, [(await repo.byId(ctx.tx, id))!]);
    return app!;
  },

  /**
   * 充值退款: what of a paid top-up is unused — never more than the order's amount not yet refunded,
   * nor more than the balance holds now. The order is locked, so of parallel applications one wins
   * and the others find it under review.
   */
  rechargeRefundApply: async (ctx: TRequestContext, input: TRouteInput<'trade', 'rechargeRefundApply'>) => {
    const { tenantId } = ctx.auth;
    const order = await repo.lockRechargeOrder(ctx.tx, tenantId, input.orderNo);
    if (!order) throw tradeRefundErrors.rechargeMissing();
    const left = order.amount - order.refundedAmount;
    if ((order.state !== 'paid' && order.state !== 'partRefunded') || left <= 0) {
      throw tradeRefundErrors.rechargeNotPaid();
    }
    if (await repo.pendingOfOrder(ctx.tx, tenantId, order.id)) throw tradeRefundErrors.rechargePending();
    const balance = Number((await ledgerRepository.account(ctx.tx, tenantId))?.balance ?? 0);
    const amount = Math.min(left, balance);
    if (amount <= 0) throw tradeRefundErrors.rechargeSpent();
    const id = await repo.insert(ctx.tx, {
      tenantId,
      applyNo: newApplyNo(),
      kind: 'recharge',
      subject: `充值订单 ${order.orderNo} 退回未使用的 ${yuan(amount)} 元`,
      months: 0,
      amount,
      parts: [{ orderId: order.id, orderNo: order.orderNo, termId: null, months: 0, amount }],
      reason: input.reason,
      createdBy: ctx.auth.userId,
      createdByName: ctx.auth.realName,
    });
    if (id === null) throw tradeRefundErrors.rechargePending();
    const [app] = await withOriginals(ctx.tx, [(await repo.byId(ctx.tx, id))!]);
    return app!;
  },

  packetUnsubscribe: async (ctx: TRequestContext, input: TRouteInput<'trade', 'packetUnsubscribe'>) => {
    const { tenantId } = ctx.auth;
    const now = new Date();
    const row = await lockPacket(ctx.tx, tenantId, input.packetId);
    if (!row) throw tradeRefundErrors.packetMissing();
    const { packet, lineName } = row;
    const state = packetState(packet, now);
    if (state === 'frozen') throw tradeRefundErrors.packetNotRefundable('已有退订申请在审核中');
    if (state === 'used') throw tradeRefundErrors.packetNothingLeft();
    if (state === 'expired') throw tradeRefundErrors.packetNotRefundable('已过期');
    if (state !== 'active') throw tradeRefundErrors.packetNotRefundable('已退订或已停用');
    const totalSeconds = packet.totalMinutes * 60;
    const seconds = totalSeconds - packet.usedSeconds;
    if (packet.orderId === null) throw tradeRefundErrors.packetNotBought();
    const order = await repo.orderOf(ctx.tx, packet.orderId);
    if (!order || (order.state !== 'paid' && order.state !== 'partRefunded')) throw tradeRefundErrors.packetNotBought();
    // Pro rata at the price paid, rounded down: never more than was paid.
    const amount = Math.floor((packet.price * seconds) / totalSeconds);
    if (amount <= 0) throw tradeRefundErrors.packetNothingLeft();
    const minutes = `${Math.floor(seconds / 60)} 分${seconds % 60 ? ` ${seconds % 60} 秒` : ''}`;
    const id = await repo.insert(ctx.tx, {
      tenantId,
      applyNo: newApplyNo(),
      kind: 'package',
      subject: `套餐 ${packet.name}（${lineName}）退订未使用的 ${minutes}`,
      months: 0,
      amount,
      parts: [
        { orderId: order.id, orderNo: order.orderNo, termId: null, packetId: packet.id, seconds, months: 0, amount },
      ],
      reason: input.reason,
      createdBy: ctx.auth.userId,
      createdByName: ctx.auth.realName,
    });
    if (id === null) throw tradeRefundErrors.packetNotRefundable('已有退订申请在审核中');
    // Frozen under review: billing's consumption takes active packages only.
    await setPacketStatus(ctx.tx, tenantId, packet.id, 'active', 'frozen');
    const [app] = await withOriginals(ctx.tx, [(await repo.byId(ctx.tx, id))!]);
    return app!;
  },
});
