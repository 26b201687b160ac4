import { payChannelLabel, type TChannelRefund, type TPayChannel, yuan } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TRefundPart } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { book, ms, type TPayAdapter, type TRefundEvent, type TRefundResult } from '../trade/index.js';
import { tradeRefundErrors } from './trade-refund.errors.js';
import {
  channelRefundRepository as repo,
  type TChannelRefundRow,
  type TPaidBy,
} from './trade-refund-channel.repository.js';

type TLogger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** One order's share of an application, and where it goes back. */
export type TRefundLeg = {
  orderId: number;
  orderNo: string;
  amount: number;
  /** balance: the order was paid from the balance; else the channel of its QR payment. */
  channel: string;
  outTradeNo: string | null;
  total: number;
  refundNo: string;
};

export const toChannelRefund = (r: TChannelRefundRow): TChannelRefund => ({
  refundNo: r.refundNo,
  orderNo: r.orderNo,
  channel: r.channel,
  amount: r.amount,
  state: r.state,
  reason: r.reason,
  attempts: r.attempts,
  finishedAt: ms(r.finishedAt),
});

/**
 * 原路退回 split by order (docs/decisions/0017-commerce.md). An application's parts are
 * grouped by the order that paid them (in the parts' order: the latest paid months first); each
 * order's share goes back the way that order was paid — its QR payment's channel under its own
 * refund number (the application number when one order paid it all, else the application number
 * + `-n`), or the balance for an order paid from the balance. The approval books the money out per
 * channel share (`refund −`, key the refund number) and asks the channel in its transaction; what
 * the channel answers is kept per share: success, processing (a notification or the job ends it),
 * failed (the share comes back to the balance, `refund +` keyed `refundChannelBack` + the refund
 * number, and shows 退款失败 with the reason), or no answer (pending: the job sends the same number
 * again). Nothing is booked twice: every movement is keyed by the refund number, and each share's
 * state changes under its row lock from pending/processing only.
 */
export const createChannelRefunds = (deps: { database: TDatabase; adapter: TPayAdapter; logger?: TLogger }) => {
  const { adapter } = deps;

  /** How each application could go back through the channel (its legs), or why not. */
  const legsOf = (
    app: { applyNo: string; parts: TRefundPart[] },
    paidBy: Map<number, TPaidBy>,
  ): { legs: TRefundLeg[] } | { why: string } => {
    const byOrder = new Map<number, TRefundLeg>();
    for (const part of app.parts) {
      const leg = byOrder.get(part.orderId);
      if (leg) {
        leg.amount += part.amount;
        continue;
      }
      const paid = paidBy.get(part.orderId);
      if (!paid) return { why: `订单 ${part.orderNo} 不存在` };
      let channel: string;
      if (paid.outTradeNo && paid.channel) {
        if (paid.channel !== adapter.channel) {
          const label = payChannelLabel[paid.channel as TPayChannel] ?? paid.channel;
          return { why: `订单 ${part.orderNo} 是通过${label}支付的，不是当前的支付渠道` };
        }
        channel = paid.channel;
      } else if (paid.orderChannel === 'balance') channel = 'balance';
      else return { why: `订单 ${part.orderNo} 没有可退回的支付` };
      byOrder.set(part.orderId, {
        orderId: part.orderId,
        orderNo: part.orderNo,
        amount: part.amount,
        channel,
        outTradeNo: channel === 'balance' ? null : paid.outTradeNo,
        total: channel === 'balance' ? 0 : (paid.amount ?? 0),
        refundNo: '',
      });
    }
    const legs = [...byOrder.values()];
    if (!legs.some((l) => l.channel !== 'balance')) return { why: '该申请的订单都是用余额支付的' };
    legs.forEach((l, i) => {
      l.refundNo = legs.length === 1 ? app.applyNo : `${app.applyNo}-${i + 1}`;
    });
    return { legs };
  };

  /** The legs of many applications at once (lists), by apply number; null where only the balance can take it. */
  const planAll = async (db: TDb, apps: { applyNo: string; parts: TRefundPart[] }[]) => {
    const paidBy = await repo.paidBy(db, [...new Set(apps.flatMap((a) => a.parts.map((p) => p.orderId)))]);
    return new Map(apps.map((a) => [a.applyNo, legsOf(a, paidBy)]));
  };

  /**
   * What the channel answered for one share, applied once: only a pending or processing share
   * moves; a failure gives the money back to the balance (keyed by the refund number).
   */
  const finish = async (db: TDb, row: TChannelRefundRow, result: TRefundResult) => {
    if (row.state !== 'pending' && row.state !== 'processing') return row.state;
    const now = new Date();
    if (result.state === 'processing') {
      await repo.update(db, row.id, { state: 'processing', reason: '', channelRefundId: result.channelRefundId });
      return 'processing';
    }
    if (result.state === 'failed') {
      await book(db, {
        tenantId: row.tenantId,
        kind: 'refund',
        amount: row.amount,
        bizType: 'refundChannelBack',
        bizKey: row.refundNo,
        remark: `订单 ${row.orderNo} 原路退回失败，退回余额：${result.reason}`.slice(0, 200),
      });
    }
    await repo.update(db, row.id, {
      state: result.state,
      reason: result.reason,
      channelRefundId: result.channelRefundId ?? row.channelRefundId,
      finishedAt: now,
    });
    return result.state;
  };

  /** Sends one share to its channel (again, under the same number); no answer leaves it pending. */
  const send = async (db: TDb, row: TChannelRefundRow, reason: string) => {
    let result: TRefundResult;
    try {
      result = await adapter.refund(
        { outTradeNo: row.outTradeNo!, amount: row.amount, total: row.total, refundNo: row.refundNo, reason },
        db,
      );
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      await repo.update(db, row.id, {
        reason: `渠道未应答，将自动重试：${why}`.slice(0, 200),
        attempts: row.attempts + 1,
      });
      deps.logger?.warn({ refundNo: row.refundNo, err: error }, 'refund: channel did not answer, retried by the job');
      return 'pending' as const;
    }
    await repo.update(db, row.id, { attempts: row.attempts + 1 });
    return finish(db, { ...row, attempts: row.attempts + 1 }, result);
  };

  return {
    planAll,

    /** The shares of the applications, by application id (lists and the approval's answer). */
    sharesOf: async (db: TDb, applicationIds: number[]) => {
      const map = new Map<number, TChannelRefund[]>();
      for (const r of await repo.ofApplications(db, applicationIds)) {
        map.set(r.applicationId, [...(map.get(r.applicationId) ?? []), toChannelRefund(r)]);
      }
      return map;
    },

    ofOrder: async (db: TDb, orderId: number) => (await repo.ofOrder(db, orderId)).map(toChannelRefund),

    /**
     * In the approval's transaction, after `refund +` of the whole application: each channel share
     * leaves the balance again and is sent; a balance share stays there (recorded, done). A top-up's
     * refund books nothing in first (its money is in the balance): `mayOverdraw: false` lets it take
     * only what the balance still holds.
     */
    approve: async (
      db: TDb,
      app: { id: number; tenantId: number; applyNo: string; parts: TRefundPart[]; reason: string },
      label: string,
      by: { userId: number; name: string },
      opts = { mayOverdraw: true },
    ) => {
      const plan = (await planAll(db, [app])).get(app.applyNo)!;
      if ('why' in plan) throw tradeRefundErrors.originalUnavailable(plan.why);
      const now = new Date();
      for (const leg of plan.legs) {
        if (leg.channel === 'balance') continue;
        const channelLabel = payChannelLabel[leg.channel as TPayChannel] ?? leg.channel;
        const out = await book(db, {
          tenantId: app.tenantId,
          kind: 'refund',
          amount: -leg.amount,
          bizType: 'refundChannel',
          bizKey: leg.refundNo,
          remark: `${label}原路退回（${channelLabel}）：订单 ${leg.orderNo}，交易 ${leg.outTradeNo}`.slice(0, 200),
          by,
          isCovered: opts.mayOverdraw,
        });
        if (!out.isBooked && out.reason === 'insufficient') {
          throw tradeRefundErrors.rechargeBalanceShort(yuan(out.balance));
        }
        if (!out.isBooked) throw tradeRefundErrors.refundExamined('已通过');
      }
      await repo.insert(
        db,
        plan.legs.map((leg) => ({
          tenantId: app.tenantId,
          applicationId: app.id,
          refundNo: leg.refundNo,
          orderId: leg.orderId,
          orderNo: leg.orderNo,
          channel: leg.channel,
          outTradeNo: leg.outTradeNo,
          total: leg.total,
          amount: leg.amount,
          state: leg.channel === 'balance' ? ('success' as const) : ('pending' as const),
          finishedAt: leg.channel === 'balance' ? now : null,
        })),
      );
      const reason = `${label}：${app.reason}`.slice(0, 80);
      for (const leg of plan.legs) {
        if (leg.channel === 'balance') continue;
        const row = (await repo.lock(db, leg.refundNo))!;
        await send(db, row, reason);
      }
      return plan.legs;
    },

    /** A verified refund notification: the share ends once, in its enterprise's transaction. */
    settle: async (event: TRefundEvent) => {
      const tenantId = await repo.tenantOf(deps.database.db, event.refundNo);
      if (tenantId === null) return 'unknown refund' as const;
      return withTenant(deps.database, tenantId, async (tx) => {
        const row = (await repo.lock(tx, event.refundNo))!;
        if (row.outTradeNo !== event.outTradeNo || row.amount !== event.amount) {
          deps.logger?.warn({ refundNo: event.refundNo, amount: event.amount }, 'refund: notice differs, refused');
          return 'amount mismatch' as const;
        }
        if (row.state === 'success' || row.state === 'failed') return 'duplicate' as const;
        return finish(tx, row, event);
      });
    },

    /**
     * The job: each share not finished is sent again (no answer yet) or asked about (processing),
     * each in its enterprise's transaction, taken SKIP LOCKED so two processes never handle one.
     */
    run: async (now = new Date()) => {
      let done = 0;
      for (const { refundNo, tenantId } of await repo.due(deps.database.db, now, 100)) {
        try {
          await withTenant(deps.database, tenantId, async (tx) => {
            const row = await repo.lock(tx, refundNo, true);
            if (!row || (row.state !== 'pending' && row.state !== 'processing')) return;
            if (row.state === 'pending') {
              if ((await send(tx, row, '退订退款')) !== 'pending') done++;
              return;
            }
            const result = await adapter.refundQuery({ outTradeNo: row.outTradeNo!, refundNo }, tx);
            // The channel holds no refund by this number: it never arrived; the same number again.
            if (result === null) {
              if ((await send(tx, row, '退订退款')) !== 'pending') done++;
            } else if (result.state === 'processing') {
              await repo.update(tx, row.id, { attempts: row.attempts + 1 });
            } else {
              await finish(tx, row, result);
              done++;
            }
          });
        } catch (error) {
          deps.logger?.error({ err: error, refundNo }, 'refund: job failed for one refund');
        }
      }
      return { done };
    },
  };
};

export type TChannelRefunds = ReturnType<typeof createChannelRefunds>;
