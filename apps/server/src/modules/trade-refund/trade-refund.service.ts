import crypto from 'node:crypto';
import {
  refundChannelLabel,
  refundKindLabel,
  refundStateLabel,
  type TChannelRefund,
  type TParsedRequestOf,
  type TRefundApplication,
  type TRefundKind,
  type TRefundState,
  type TSeatCancelQuote,
  toPage,
  type tradeRoutes,
  yuan,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TRefundPart } from '../../db/schema.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { lockPacket, packetState, setPacketStatus } from '../packet/index.js';
import { addRefundedMonths, endSeat, refundableTerms, setSeatAutoRenewal, visibleSeat } from '../seat/index.js';
import {
  addOrderRefund,
  book,
  ms,
  reverseAgentMargin,
  type TOrderRefunded,
  type TPayAdapter,
  tradeErrors,
} from '../trade/index.js';
import { tradeRefundErrors } from './trade-refund.errors.js';
import { tradeRefundRepository as repo, type TRefundRow } from './trade-refund.repository.js';
import { createChannelRefunds } from './trade-refund-channel.service.js';

type TReq<K extends keyof typeof tradeRoutes> = TParsedRequestOf<(typeof tradeRoutes)[K]>;

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

/** The channel each application's money could go back through (原路退回), and its shares, by application id. */
type TOriginals = { channel: Map<number, string | null>; shares: Map<number, TChannelRefund[]> };

const toRefund = (
  r: TRefundRow,
  originals: TOriginals = { channel: new Map(), shares: new Map() },
): TRefundApplication => ({
  id: r.id,
  applyNo: r.applyNo,
  tenantId: r.tenantId,
  enterpriseName: r.enterpriseName,
  kind: r.kind as TRefundKind,
  seatId: r.seatId,
  subject: r.subject,
  months: r.months,
  amount: r.amount,
  parts: r.parts,
  reason: r.reason,
  state: r.state as TRefundState,
  rejectReason: r.rejectReason,
  channel: r.channel,
  originalChannel: originals.channel.get(r.id) ?? null,
  channelRefunds: originals.shares.get(r.id) ?? [],
  examinedByName: r.examinedByName,
  examinedAt: ms(r.examinedAt),
  createdByName: r.createdByName,
  createdAt: r.createdAt.getTime(),
});

const cnTime = (d: Date | null) =>
  d ? d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-') : '';

/** The columns of the refund download (退订账单). */
export const refundColumns: TColumn<TRefundRow>[] = [
  { header: '申请单号', width: 28, value: (r) => r.applyNo },
  { header: '类型', width: 10, value: (r) => refundKindLabel[r.kind as TRefundKind] ?? r.kind },
  { header: '内容', width: 36, value: (r) => r.subject },
  { header: '退订月数', width: 10, value: (r) => r.months },
  { header: '退款金额（元）', width: 14, value: (r) => yuan(r.amount) },
  { header: '状态', width: 10, value: (r) => refundStateLabel[r.state as TRefundState] ?? r.state },
  { header: '申请原因', width: 30, value: (r) => r.reason },
  { header: '驳回原因', width: 30, value: (r) => r.rejectReason },
  { header: '退款方式', width: 18, value: (r) => (r.channel ? (refundChannelLabel[r.channel] ?? r.channel) : '') },
  { header: '申请人', value: (r) => r.createdByName },
  { header: '申请时间', width: 22, value: (r) => cnTime(r.createdAt) },
  { header: '审核时间', width: 22, value: (r) => cnTime(r.examinedAt) },
];

/**
 * 坐席退订 (docs/decisions/0017-commerce.md). The rule: the whole calendar months left
 * before the seat's expiry (counted when applying) are refunded at the price paid for them,
 * latest paid period first, never more months than were paid (a seat handed out free refunds
 * nothing); the month under way is not. Approved by the platform, the money returns to the balance
 * (ledger `refund +`, once per application) and the seat ends; each order touched becomes 部分退款
 * or 已退款.
 *
 * 退订 of a bought package: the unused seconds at the price paid, pro rata, rounded down to the fen
 * (`price × remaining ÷ total`, never more than was paid); the package must be bought through an
 * order, active, unexpired and have seconds left. It is locked FOR UPDATE (the lock billing's
 * consumption takes), so a call charged at the same moment is either counted before the quote or
 * finds the package frozen: the application sets it `frozen`, which billing never takes. One
 * application per package under review follows from the same lock (a frozen package is refused).
 * Approved: the package is `refunded` (ended); rejected: `active` again.
 *
 * 原路退回 (channel-refund.service.ts): when the orders the parts come from were paid through the
 * channel configured now (or from the balance, at least one through the channel), the platform may
 * send each order's share back the way it was paid, under its own refund number; what each
 * channel answers is kept per share (success, processing, failed → back to the balance, or no
 * answer → retried by the job).
 */
export const createTradeRefundService = (deps: {
  database: TDatabase;
  adapter: TPayAdapter;
  logger?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}) => {
  const channelRefunds = createChannelRefunds(deps);
  /** Where each pending application's money could go back, and each approved one's shares. */
  const originalsOf = async (db: TDb, rows: TRefundRow[]): Promise<TOriginals> => {
    const pending = rows.filter((r) => r.state === 'pending');
    const plans = await channelRefunds.planAll(db, pending);
    return {
      channel: new Map(pending.map((r) => [r.id, 'legs' in plans.get(r.applyNo)! ? deps.adapter.channel : null])),
      shares: await channelRefunds.sharesOf(
        db,
        rows.filter((r) => r.state === 'approved').map((r) => r.id),
      ),
    };
  };
  const withOriginals = async (db: TDb, rows: TRefundRow[]) => {
    const originals = await originalsOf(db, rows);
    return rows.map((r) => toRefund(r, originals));
  };

  /** What cancelling the seat would give back now (the terms locked in the caller's transaction). */
  const quote = async (tx: TDb, tenantId: number, seatId: number, expireAt: Date, now: Date) => {
    const terms = await refundableTerms(tx, tenantId, seatId);
    const paid = terms.reduce((n, term) => n + term.months - term.refundedMonths, 0);
    let left = wholeMonths(now, expireAt, paid);
    const parts: TRefundPart[] = [];
    for (const term of terms) {
      if (left === 0) break;
      const months = Math.min(left, term.months - term.refundedMonths);
      parts.push({
        orderId: term.orderId,
        orderNo: term.orderNo,
        termId: term.id,
        months,
        amount: months * term.pricePerMonth,
      });
      left -= months;
    }
    return {
      seatId,
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

  return {
    /** The shares of a refund: a channel's notification, the job, an order's details. */
    channelRefunds,

    seatCancelQuote: async (ctx: TRequestContext, { seatId }: TReq<'seatCancelQuote'>): Promise<TSeatCancelQuote> => {
      const seat = await requireSeat(ctx, seatId);
      return quote(ctx.tx, ctx.auth.tenantId, seatId, seat.expireAt, new Date());
    },

    seatCancelOrder: async (ctx: TRequestContext, input: TReq<'seatCancelOrder'>) => {
      const { tenantId } = ctx.auth;
      const seat = await requireSeat(ctx, input.seatId);
      if (await repo.pendingOfSeat(ctx.tx, tenantId, seat.id)) throw tradeRefundErrors.refundPending();
      const q = await quote(ctx.tx, tenantId, seat.id, seat.expireAt, new Date());
      if (q.amount <= 0) throw tradeRefundErrors.nothingToRefund();
      const id = await repo.insert(ctx.tx, {
        tenantId,
        applyNo: `TD${Date.now()}${crypto.randomInt(1000, 9999)}`,
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

    packetUnsubscribe: async (ctx: TRequestContext, input: TReq<'packetUnsubscribe'>) => {
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
      if (!order || (order.state !== 'paid' && order.state !== 'partRefunded'))
        throw tradeRefundErrors.packetNotBought();
      // Pro rata at the price paid, rounded down: never more than was paid.
      const amount = Math.floor((packet.price * seconds) / totalSeconds);
      if (amount <= 0) throw tradeRefundErrors.packetNothingLeft();
      const minutes = `${Math.floor(seconds / 60)} 分${seconds % 60 ? ` ${seconds % 60} 秒` : ''}`;
      const id = await repo.insert(ctx.tx, {
        tenantId,
        applyNo: `TD${Date.now()}${crypto.randomInt(1000, 9999)}`,
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

    refundPage: async (ctx: TRequestContext, q: TReq<'refundPage'>) => {
      const { records, total } = await repo.page(ctx.tx, { ...q, tenantId: ctx.auth.tenantId }, q);
      return toPage(await withOriginals(ctx.tx, records), total, q);
    },

    refundExport: (ctx: TRequestContext, f: TReq<'refundExport'>) => ({
      fileName: `退订账单_${new Date().toISOString().slice(0, 10)}.xlsx`,
      rows: repo.rows(deps.database, ctx.auth.tenantId, f),
    }),

    platformRefundPage: (ctx: TRequestContext, q: TReq<'platformRefundPage'>) =>
      asPlatform(ctx, async (db) => {
        const { records, total } = await repo.page(db, q, q);
        return toPage(await withOriginals(db, records), total, q);
      }),

    /**
     * The platform's decision, once per application: it is locked, so of two approvals at once the
     * second finds it examined; the refund is booked on the application number as the last wall.
     */
    examine: (ctx: TRequestContext, input: TReq<'examine'>) =>
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
        // Sold through an agent: its margin taken back pro rata, after the enterprise's booking.
        for (const r of refunded) await reverseAgentMargin(db, r.order, r.amount, r.key);
        // 原路退回: each order's share leaves the balance again and goes back the way it was paid.
        const isOriginal = input.refundTo === 'original';
        if (isOriginal) await channelRefunds.approve(db, app, kindLabel, who);
        await repo.update(db, app.id, {
          state: 'approved',
          channel: isOriginal ? deps.adapter.channel : 'balance',
          ...by,
        });
        const [approved] = await withOriginals(db, [(await repo.byId(db, app.id))!]);
        return approved!;
      }),
  };
};

export type TTradeRefundService = ReturnType<typeof createTradeRefundService>;
