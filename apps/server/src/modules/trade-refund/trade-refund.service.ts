import {
  refundChannelLabel,
  refundKindLabel,
  refundStateLabel,
  sheetTime,
  type TChannelRefund,
  type TRefundApplication,
  type TRefundKind,
  type TRefundState,
  type TRouteInput,
  toPage,
  yuan,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { ms, type TPayAdapter } from '../trade/index.js';
import { createRefundApplications } from './trade-refund.apply.js';
import { createRefundExamination } from './trade-refund.examine.js';
import { createPlatformRechargeRefund } from './trade-refund.platform.js';
import { tradeRefundRepository as repo, type TRefundRow } from './trade-refund.repository.js';
import { createChannelRefunds } from './trade-refund-channel.service.js';

/** The channel each application's money could go back through (原路退回), and its shares, by application id. */
type TOriginals = { channel: Map<number, string | null>; shares: Map<number, TChannelRefund[]> };

/** What every reader of an application is shown of it: the platform's queue and an agent's list alike. */
export const refundBasics = (r: TRefundRow) => ({
  id: r.id,
  applyNo: r.applyNo,
  enterpriseName: r.enterpriseName,
  kind: r.kind as TRefundKind,
  subject: r.subject,
  months: r.months,
  amount: r.amount,
  reason: r.reason,
  state: r.state as TRefundState,
  rejectReason: r.rejectReason,
  examinedAt: ms(r.examinedAt),
  createdAt: r.createdAt.getTime(),
});

const toRefund = (
  r: TRefundRow,
  originals: TOriginals = { channel: new Map(), shares: new Map() },
): TRefundApplication => ({
  ...refundBasics(r),
  tenantId: r.tenantId,
  seatId: r.seatId,
  parts: r.parts,
  channel: r.channel,
  originalChannel: originals.channel.get(r.id) ?? null,
  channelRefunds: originals.shares.get(r.id) ?? [],
  examinedByName: r.examinedByName,
  createdByName: r.createdByName,
});

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
  { header: '申请时间', width: 22, value: (r) => sheetTime(r.createdAt) },
  { header: '审核时间', width: 22, value: (r) => sheetTime(r.examinedAt) },
];

/**
 * 坐席退订 (docs/decisions/0017-commerce.md). The rule: the whole calendar months left
 * before the seat's expiry (counted when applying) are refunded at the price paid for them,
 * latest paid period first, never more months than were paid (a seat handed out free refunds
 * nothing); the month under way is not — except a period bought within the last 24 hours on a seat
 * with no call since, which refunds in full (docs/decisions/0084-seat-refund-grace.md). Approved by the platform, the money returns to the balance
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
 * 原路退回 (trade-refund-channel.service.ts): when the orders the parts come from were paid through the
 * channel configured now (or from the balance, at least one through the channel), the platform may
 * send each order's share back the way it was paid, under its own refund number; what each
 * channel answers is kept per share (success, processing, failed → back to the balance, or no
 * answer → retried by the job).
 *
 * One file per use case: the applications (trade-refund.apply), the review (trade-refund.examine);
 * the lists are here.
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

  const examination = createRefundExamination({ adapter: deps.adapter, channelRefunds, withOriginals });

  return {
    /** The shares of a refund: a channel's notification, the job, an order's details. */
    channelRefunds,
    ...createRefundApplications(withOriginals),

    showSeatCancelTab: async ({ auth, tx }: TRequestContext) => ({
      isShown: await repo.hasSeatHistory(tx, auth.tenantId),
    }),

    refundPage: async (ctx: TRequestContext, q: TRouteInput<'trade', 'refundPage'>) => {
      const { records, total } = await repo.page(ctx.tx, { ...q, tenantId: ctx.auth.tenantId }, q);
      return toPage(await withOriginals(ctx.tx, records), total, q);
    },

    refundExport: (ctx: TRequestContext, f: TRouteInput<'trade', 'refundExport'>) => ({
      fileName: `退订账单_${new Date().toISOString().slice(0, 10)}.xlsx`,
      rows: repo.rows(deps.database, ctx.auth.tenantId, f),
    }),

    platformRefundPage: (ctx: TRequestContext, q: TRouteInput<'trade', 'platformRefundPage'>) =>
      asPlatform(ctx, async (db) => {
        const { records, total } = await repo.page(db, q, q);
        return toPage(await withOriginals(db, records), total, q);
      }),

    ...examination,
    ...createPlatformRechargeRefund({ approve: examination.approve, withOriginals }),
  };
};

export type TTradeRefundService = ReturnType<typeof createTradeRefundService>;
