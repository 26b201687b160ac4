import {
  lineModeLabel,
  type seatRoutes,
  seatStateLabel,
  seatStates,
  type TParsedRequestOf,
  type TSeat,
  type TSeatCountMap,
  type TSeatState,
  toPage,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { staffOptions, visibleActiveStaff } from '../../db/staff.js';
import type { TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { seatErrors } from './seat.errors.js';
import { seatRepository as repo, type TSeatRow } from './seat.repository.js';

type TReq<K extends keyof typeof seatRoutes> = TParsedRequestOf<(typeof seatRoutes)[K]>;

export type TUsableSeat = {
  seatId: number;
  lineId: number;
  lineMode: number;
  lineName: string;
  callerNumbers: string[];
};

/**
 * The seat a user may dial on now (spec section 4, "no valid seat"): his active seat on that
 * active line, started and not yet expired. The dial flow asks this before every call, in its `tx`.
 */
export const findUsableSeat = (
  db: TDb,
  tenantId: number,
  userId: number,
  lineId: number,
  now = new Date(),
): Promise<TUsableSeat | null> => repo.usable(db, tenantId, userId, lineId, now);

// ---- 坐席管理 (spec section 7 "Seats") ---------------------------------------------------------

const toSeat = (r: TSeatRow): TSeat => ({
  id: r.id,
  lineId: r.lineId,
  lineName: r.lineName,
  lineMode: r.lineMode,
  userId: r.userId,
  userName: r.userName,
  username: r.username,
  deptName: r.deptName,
  startAt: r.startAt.getTime(),
  expireAt: r.expireAt.getTime(),
  autoRenewal: r.autoRenewal,
  state: r.state,
});

/** Times in the sheet as the enterprise reads them (Asia/Shanghai), whatever the server's zone. */
const cnTime = (d: Date) => d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-');

/** The columns of the seat download (坐席列表). */
export const seatColumns: TColumn<TSeatRow>[] = [
  { header: '坐席编号', width: 10, value: (r) => r.id },
  { header: '线路', width: 20, value: (r) => r.lineName },
  { header: '线路类型', width: 10, value: (r) => lineModeLabel(r.lineMode) },
  { header: '员工', value: (r) => r.userName ?? '' },
  { header: '账号', value: (r) => r.username ?? '' },
  { header: '部门', value: (r) => r.deptName ?? '' },
  { header: '状态', width: 10, value: (r) => seatStateLabel[r.state] },
  { header: '开始时间', width: 22, value: (r) => cnTime(r.startAt) },
  { header: '到期时间', width: 22, value: (r) => cnTime(r.expireAt) },
  { header: '自动续费', width: 10, value: (r) => (r.autoRenewal ? '开启' : '关闭') },
];

export type TSeatService = ReturnType<typeof createSeatService>;

/** `database` only for the download, whose rows are read after the request's transaction. */
export const createSeatService = (deps: { database: TDatabase }) => {
  const { database } = deps;

  const requireSeat = async (ctx: TRequestContext, id: number, now: Date) => {
    const seat = await repo.find(ctx.tx, ctx.auth.tenantId, ctx.scope, id, now);
    if (!seat) throw seatErrors.seatMissing();
    return seat;
  };
  const requireVisible = async (ctx: TRequestContext, ids: readonly number[], now: Date) => {
    if ((await repo.countVisible(ctx.tx, ctx.auth.tenantId, ctx.scope, ids, now)) !== ids.length) {
      throw seatErrors.seatMissing();
    }
  };
  const requireStaff = async (ctx: TRequestContext, userId: number) => {
    const visible = await visibleActiveStaff(ctx.tx, ctx.auth.tenantId, ctx.scope, [userId]);
    if (visible.length === 0) throw seatErrors.staffMissing();
  };
  const reread = async (ctx: TRequestContext, id: number, now: Date) =>
    toSeat((await repo.find(ctx.tx, ctx.auth.tenantId, { kind: 'all' }, id, now))!);
  const assertNoOtherSeat = async (
    ctx: TRequestContext,
    userId: number,
    lineId: number,
    now: Date,
    except?: number,
  ) => {
    if (await repo.holdsSeatOnLine(ctx.tx, ctx.auth.tenantId, userId, lineId, now, except)) {
      throw seatErrors.alreadyOnLine();
    }
  };

  return {
    countMap: async (ctx: TRequestContext): Promise<TSeatCountMap> => {
      const { tx, auth, scope } = ctx;
      const now = new Date();
      const [states, byLine] = await Promise.all([
        repo.countByState(tx, auth.tenantId, scope, now),
        repo.countByLine(tx, auth.tenantId, scope, now),
      ]);
      const byState = Object.fromEntries(seatStates.map((s) => [s, 0])) as Record<TSeatState, number>;
      for (const row of states) byState[row.state] = row.n;
      return {
        total: states.reduce((sum, r) => sum + r.n, 0),
        byState,
        byLine: byLine.map((l) => ({ ...l, free: Number(l.free) })),
      };
    },

    list: async (ctx: TRequestContext, q: TReq<'list'>) => {
      const { page, limit, sortField, sortOrder, ...filter } = q;
      const { rows, total } = await repo.page(
        ctx.tx,
        {
          tenantId: ctx.auth.tenantId,
          scope: ctx.scope,
          filter,
          sort: { sortField, sortOrder },
          paging: { page, limit },
        },
        new Date(),
      );
      return toPage(rows.map(toSeat), total, q);
    },

    addSeat: async (ctx: TRequestContext, input: TReq<'addSeat'>) => {
      const now = new Date();
      await requireStaff(ctx, input.userId);
      if (!(await repo.activeLine(ctx.tx, input.lineId))) throw seatErrors.lineMissing();
      await assertNoOtherSeat(ctx, input.userId, input.lineId, now);
      const seat = await repo.lockAssignable(ctx.tx, ctx.auth.tenantId, input.lineId, input.seatId, now);
      if (!seat) throw input.seatId ? seatErrors.chosenSeatTaken() : seatErrors.noFreeSeat();
      await repo.setUser(ctx.tx, ctx.auth.tenantId, seat.id, input.userId);
      return reread(ctx, seat.id, now);
    },

    updateSeat: async (ctx: TRequestContext, input: TReq<'updateSeat'>) => {
      const now = new Date();
      const seat = await requireSeat(ctx, input.id, now);
      if (seat.state === 'expired' || seat.state === 'disabled') throw seatErrors.seatNotAssignable();
      await requireStaff(ctx, input.userId);
      if (seat.userId === input.userId) return toSeat(seat);
      await assertNoOtherSeat(ctx, input.userId, seat.lineId, now, seat.id);
      await repo.setUser(ctx.tx, ctx.auth.tenantId, seat.id, input.userId);
      return reread(ctx, seat.id, now);
    },

    autoRenewalSwitch: async (ctx: TRequestContext, { ids, autoRenewal }: TReq<'autoRenewalSwitch'>) => {
      await requireVisible(ctx, ids, new Date());
      return { updated: await repo.setAutoRenewal(ctx.tx, ctx.auth.tenantId, ids, autoRenewal) };
    },

    /** Billing comes with its own issue; until then a renewal extends the seats and is audited (ADR 0005). */
    manualRenewal: async (ctx: TRequestContext, { ids, months }: TReq<'manualRenewal'>) => {
      const now = new Date();
      await requireVisible(ctx, ids, now);
      if ((await repo.countDisabled(ctx.tx, ctx.auth.tenantId, ids)) > 0) throw seatErrors.renewDisabled();
      return { updated: await repo.extend(ctx.tx, ctx.auth.tenantId, ids, months, now) };
    },

    releaseSeat: async (ctx: TRequestContext, { id }: TReq<'releaseSeat'>) => {
      const now = new Date();
      const seat = await requireSeat(ctx, id, now);
      if (seat.userId === null) throw seatErrors.notAssigned();
      await repo.setUser(ctx.tx, ctx.auth.tenantId, id, null);
      return reread(ctx, id, now);
    },

    deleteSeat: async (ctx: TRequestContext, { id }: TReq<'deleteSeat'>) => {
      const now = new Date();
      const seat = await requireSeat(ctx, id, now);
      if (seat.userId !== null) throw seatErrors.seatInUse();
      return { deleted: await repo.remove(ctx.tx, ctx.auth.tenantId, id) };
    },

    /** The filtered seats (read when the download is sent) and the file's name; columns: `seatColumns`. */
    download: (ctx: TRequestContext, q: TReq<'seatDownload'>) => {
      const now = new Date();
      const { sortField, sortOrder, ...filter } = q;
      return {
        fileName: `坐席列表_${now.toISOString().slice(0, 10)}.xlsx`,
        rows: repo.rows(
          database,
          { tenantId: ctx.auth.tenantId, scope: ctx.scope, filter, sort: { sortField, sortOrder } },
          now,
        ),
      };
    },

    seatPrices: (ctx: TRequestContext) => repo.prices(ctx.tx),

    staffOptions: (ctx: TRequestContext, { keyword }: TReq<'staffOptions'>) =>
      staffOptions(ctx.tx, ctx.auth.tenantId, ctx.scope, keyword),
  };
};
