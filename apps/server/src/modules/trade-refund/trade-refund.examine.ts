import {
  refundKindLabel,
  refundStateLabel,
  type TRefundApplication,
  type TRefundKind,
  type TRefundState,
  type TRefundTarget,
  type TRouteInput,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { setPacketStatus } from '../packet/index.js';
import { addRefundedMonths, endSeat } from '../seat/index.js';
import { addOrderRefund, book, reverseAgentMargin, type TOrderRefunded, type TPayAdapter } from '../trade/index.js';
import { tradeRefundErrors } from './trade-refund.errors.js';
import { tradeRefundRepository as repo, type TRefundRow } from './trade-refund.repository.js';
import type { TChannelRefunds } from './trade-refund-channel.service.js';

/** The platform's review of refund applications (退订审核). */
export const createRefundExamination = (deps: {
  adapter: TPayAdapter;
  channelRefunds: TChannelRefunds;
  withOriginals: (db: TDb, rows: TRefundRow[]) => Promise<TRefundApplication[]>;
}) => {
  const { channelRefunds, withOriginals } = deps;

  /**
   * An application approved, in the platform's transaction (the caller locked it, pending): each
   * order's share refunded, the seat ended, the packages closed, the money booked back to the balance
   * or sent the way it was paid (a top-up's only that way), the agent's margin taken back.
   */
  const approve = async (
    db: TDb,
    ctx: TRequestContext,
    app: TRefundRow,
    refundTo: TRefundTarget | undefined,
    now: Date,
  ): Promise<TRefundApplication> => {
    const by = { examinedByName: ctx.auth.realName, examinedAt: now };
    const packetIds = app.parts.flatMap((p) => (p.packetId === undefined ? [] : [p.packetId]));
    const isRecharge = app.kind === 'recharge';
    // A top-up's money is in the balance already: it can only leave the way it came.
    if (isRecharge && refundTo !== 'original') throw tradeRefundErrors.rechargeOriginalOnly();
    const refunded: { order: TOrderRefunded; amount: number; key: string }[] = [];
    for (const [i, part] of app.parts.entries()) {
      if (part.termId !== null) await addRefundedMonths(db, part.termId, part.months);
      const order = await addOrderRefund(db, part.orderId, part.amount);
      refunded.push({ order, amount: part.amount, key: `${app.applyNo}:${i}` });
    }
    if (app.seatId !== null) await endSeat(db, app.tenantId, app.seatId, now);
    for (const packetId of packetIds) await setPacketStatus(db, app.tenantId, packetId, 'frozen', 'refunded');
    const kindLabel = refundKindLabel[app.kind as TRefundKind] ?? app.kind;
    const who = { userId: ctx.auth.userId, name: ctx.auth.realName };
    if (!isRecharge) {
      const booked = await book(db, {
        tenantId: app.tenantId,
        kind: 'refund',
        amount: app.amount,
        bizType: 'refundApply',
        bizKey: app.applyNo,
        remark: `${kindLabel}退款：${app.subject}`,
        by: who,
      });
      if (!booked.isBooked) throw tradeRefundErrors.refundExamined(refundStateLabel.approved);
    }
    // Sold through an agent: its margin taken back pro rata, after the enterprise's booking.
    for (const r of refunded) await reverseAgentMargin(db, r.order, r.amount, r.key);
    // 原路退回: each order's share leaves the balance again and goes back the way it was paid.
    const isOriginal = refundTo === 'original';
    // A top-up's share leaves only what the balance still holds (unused); the others were just booked in.
    if (isOriginal) await channelRefunds.approve(db, app, kindLabel, who, { mayOverdraw: !isRecharge });
    await repo.update(db, app.id, {
      state: 'approved',
      channel: isOriginal ? deps.adapter.channel : 'balance',
      ...by,
    });
    const [approved] = await withOriginals(db, [(await repo.byId(db, app.id))!]);
    return approved!;
  };

  return {
    approve,

    /**
     * The platform's decision, once per application: it is locked, so of two approvals at once the
     * second finds it examined; the refund is booked on the application number as the last wall.
     */
    examine: (ctx: TRequestContext, input: TRouteInput<'trade', 'examine'>) =>
      asPlatform(ctx, async (db) => {
        const app = await repo.byId(db, input.id, true);
        if (!app) throw tradeRefundErrors.refundMissing();
        if (app.state !== 'pending') {
          throw tradeRefundErrors.refundExamined(refundStateLabel[app.state as TRefundState] ?? app.state);
        }
        const now = new Date();
        const by = { examinedByName: ctx.auth.realName, examinedAt: now };
        const packetIds = app.parts.flatMap((p) => (p.packetId === undefined ? [] : [p.packetId]));
        if (!input.isApproved) {
          await repo.update(db, app.id, { state: 'rejected', rejectReason: input.rejectReason ?? '', ...by });
          // Rejected: the package may be used again.
          for (const packetId of packetIds) await setPacketStatus(db, app.tenantId, packetId, 'frozen', 'active');
          const [rejected] = await withOriginals(db, [(await repo.byId(db, app.id))!]);
          return rejected!;
        }
        return approve(db, ctx, app, input.refundTo, now);
      }),
  };
};
