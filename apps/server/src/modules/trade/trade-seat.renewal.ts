import { noticeLinks, seatCommerce, yuan } from '@yunhu/contract';
import type { TPayConfig } from '../../config.js';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { activeAdministrators } from '../org/index.js';
import { lockDueSeat, markRenewalNotified, seatsDueForRenewal } from '../seat/index.js';
import { book, type TBooked } from './ledger.repository.js';
import { deliver, emitOrderPaid } from './order.kit.js';
import { tradeRepository as repo } from './trade.repository.js';
import { orderFields, pricedRenewal, sum, type TNotify } from './trade-seat.kit.js';
import { tradeSeatRepository as prices } from './trade-seat.repository.js';

type TLogger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type TDueSeat = NonNullable<Awaited<ReturnType<typeof lockDueSeat>>>;

const day = 86_400_000;

/**
 * The seats' auto-renewal: `seatCommerce.autoRenewalDays` days before expiry a seat with
 * auto-renewal is renewed for `seatCommerce.autoRenewalMonths` months from the balance, once per
 * seat and period; when the balance is short its administrators hear of it once per period.
 */
export const createSeatRenewalJob = (deps: {
  database: TDatabase;
  pay: TPayConfig;
  logger: TLogger;
  notify: TNotify;
}) => {
  const { database, logger } = deps;

  /** Tells the tenant's administrators, once per period, that the balance did not cover the renewal. */
  const noticeShort = async (
    tx: TDb,
    seat: TDueSeat,
    lineName: string,
    months: number,
    amount: number,
    booked: Exclude<TBooked, { isBooked: true }>,
  ) => {
    if (seat.renewalNotifiedFor?.getTime() === seat.expireAt.getTime()) return;
    const admins = (await activeAdministrators(tx, seat.tenantId)).map((a) => a.userId);
    const expiry = seat.expireAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
    const balance = booked.reason === 'insufficient' ? booked.balance : booked.balanceAfter;
    await deps.notify(
      tx,
      admins.map((userId) => ({
        tenantId: seat.tenantId,
        userId,
        title: '坐席自动续费失败：账户余额不足',
        link: noticeLinks.seats,
        content: `坐席 ${seat.id}（${lineName}）将于 ${expiry} 到期，自动续费 ${months} 个月需 ${yuan(amount)} 元，账户余额 ${yuan(balance)} 元。请充值或在坐席管理中手动续费。`,
      })),
    );
    await markRenewalNotified(tx, seat.id, seat.expireAt);
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
    const fields = orderFields(now, deps.pay.orderMinutes);
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
      await noticeShort(tx, seat, byLine.get(seat.lineId)!.lineName, months, amount, booked);
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
    await emitOrderPaid(tx, { ...order, enterpriseName: '' }, now, 'balance');
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

  return { runRenewalJob };
};
