import {
  lineModeLabel,
  seatStateLabel,
  seatStates,
  sheetTime,
  type TRouteInput,
  type TSeat,
  type TSeatCountMap,
  type TSeatState,
  toPage,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { staffOptions, visibleActiveStaff } from '../../db/staff.js';
import type { TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import type { TPricesFor } from '../packet/index.js';
import { seatErrors } from './seat.errors.js';
import { seatRepository as repo, type TSeatGrant, type TSeatRenewal, type TSeatRow } from './seat.repository.js';

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

// ---- money: the trade area's way in, each in the caller's transaction -------------

export type { TSeatGrant, TSeatRenewal };

/** Creates the seats a paid order item bought (once per order item and unit). */
export const grantSeats = (tx: TDb, g: TSeatGrant, quantity: number) => repo.grant(tx, g, quantity);

/** Renews a seat for a paid order (once per order and seat); false when already done. */
export const renewSeat = (tx: TDb, r: TSeatRenewal) => repo.renew(tx, r);

/** The seats a renewal names, within the person's data scope, locked; null when one is not his to see. */
export const lockSeatsForRenewal = async (ctx: TRequestContext, ids: readonly number[]) => {
  if ((await repo.countVisible(ctx.tx, ctx.auth.tenantId, ctx.scope, ids, new Date())) !== ids.length) return null;
  const locked = await repo.lockForRenewal(ctx.tx, ctx.auth.tenantId, ids);
  // A seat deleted while the lock was awaited is gone: the renewal is refused whole, nothing priced.
  return locked.length === ids.length ? locked : null;
};

export const seatsDueForRenewal = (db: TDb, until: Date, limit: number) => repo.dueAutoRenewals(db, until, limit);
export const lockDueSeat = (tx: TDb, id: number, until: Date) => repo.lockDue(tx, id, until);
/** One seat of the tenant within the person's scope (null when he may not see it). */
export const visibleSeat = (ctx: TRequestContext, id: number) =>
  repo.find(ctx.tx, ctx.auth.tenantId, ctx.scope, id, new Date());
/** The seats a person holds with their lines and states; the caller has checked he may see the person. */
export const seatsHeldBy = async (tx: TDb, tenantId: number, userId: number, now = new Date()) =>
  (await repo.heldBy(tx, tenantId, userId, now)).map((r) => ({
    id: r.id,
    lineId: r.lineId,
    lineName: r.lineName,
    lineMode: r.lineMode,
    state: r.state,
    startAt: r.startAt.getTime(),
    expireAt: r.expireAt.getTime(),
    autoRenewal: r.autoRenewal,
  }));
export const refundableTerms = (tx: TDb, tenantId: number, seatId: number) =>
  repo.refundableTerms(tx, tenantId, seatId);
/** Whether the seat's user called on its line since `since` (an unassigned seat has no calls). */
export const seatHasCallsSince = (
  tx: TDb,
  tenantId: number,
  seat: { userId: number | null; lineId: number },
  since: Date,
) =>
  seat.userId === null ? Promise.resolve(false) : repo.hasCallsSince(tx, tenantId, seat.userId, seat.lineId, since);
export const addRefundedMonths = (tx: TDb, termId: number, months: number) =>
  repo.addRefundedMonths(tx, termId, months);
export const endSeat = (tx: TDb, tenantId: number, seatId: number, now: Date) => repo.end(tx, tenantId, seatId, now);
export const setSeatAutoRenewal = (tx: TDb, tenantId: number, seatId: number, isOn: boolean) =>
  repo.setAutoRenewal(tx, tenantId, [seatId], isOn);
export const markRenewalNotified = (tx: TDb, id: number, expireAt: Date) => repo.markRenewalNotified(tx, id, expireAt);

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

const cnDay = (d: Date) =>
  d
    .toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' })
    .replace(/\//g, '-');

/** The columns of the seat download (坐席列表). */
export const seatColumns: TColumn<TSeatRow>[] = [
  { header: '坐席编号', width: 10, value: (r) => r.id },
  { header: '线路', width: 20, value: (r) => r.lineName },
  { header: '线路类型', width: 10, value: (r) => lineModeLabel(r.lineMode) },
  { header: '员工', value: (r) => r.userName ?? '' },
  { header: '账号', value: (r) => r.username ?? '' },
  { header: '部门', value: (r) => r.deptName ?? '' },
  { header: '状态', width: 10, value: (r) => seatStateLabel[r.state] },
  { header: '开始时间', width: 22, value: (r) => sheetTime(r.startAt) },
  { header: '到期时间', width: 22, value: (r) => sheetTime(r.expireAt) },
  { header: '自动续费', width: 10, value: (r) => (r.autoRenewal ? '开启' : '关闭') },
];

export type TSeatService = ReturnType<typeof createSeatService>;

/**
 * What another area still holds on a seat that stops its delete: a 退订 application under review,
 * or an unpaid renewal order. Bound by app.ts to the refunds area's; read under the seat's lock.
 */
export type TSeatDeleteHold = (
  tx: TDb,
  tenantId: number,
  seatId: number,
) => Promise<'cancelPending' | 'renewalUnpaid' | null>;

/** `database` only for the download, whose rows are read after the request's transaction. */
export const createSeatService = (deps: {
  database: TDatabase;
  /** The month prices an enterprise pays per line (its agent's), by line id. */
  pricesFor?: TPricesFor;
  deleteHold?: TSeatDeleteHold;
}) => {
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

    list: async (ctx: TRequestContext, q: TRouteInput<'seat', 'list'>) => {
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

    addSeat: async (ctx: TRequestContext, input: TRouteInput<'seat', 'addSeat'>) => {
      const now = new Date();
      await requireStaff(ctx, input.userId);
      if (!(await repo.activeLine(ctx.tx, input.lineId))) throw seatErrors.lineMissing();
      await assertNoOtherSeat(ctx, input.userId, input.lineId, now);
      const seat = await repo.lockAssignable(ctx.tx, ctx.auth.tenantId, input.lineId, input.seatId, now);
      if (!seat) throw input.seatId ? seatErrors.chosenSeatTaken() : seatErrors.noFreeSeat();
      await repo.setUser(ctx.tx, ctx.auth.tenantId, seat.id, input.userId);
      return reread(ctx, seat.id, now);
    },

    updateSeat: async (ctx: TRequestContext, input: TRouteInput<'seat', 'updateSeat'>) => {
      const now = new Date();
      const seat = await requireSeat(ctx, input.id, now);
      if (seat.state === 'expired' || seat.state === 'disabled') throw seatErrors.seatNotAssignable();
      await requireStaff(ctx, input.userId);
      if (seat.userId === input.userId) return toSeat(seat);
      await assertNoOtherSeat(ctx, input.userId, seat.lineId, now, seat.id);
      await repo.setUser(ctx.tx, ctx.auth.tenantId, seat.id, input.userId);
      return reread(ctx, seat.id, now);
    },

    autoRenewalSwitch: async (ctx: TRequestContext, { ids, autoRenewal }: TRouteInput<'seat', 'autoRenewalSwitch'>) => {
      await requireVisible(ctx, ids, new Date());
      return { updated: await repo.setAutoRenewal(ctx.tx, ctx.auth.tenantId, ids, autoRenewal) };
    },

    releaseSeat: async (ctx: TRequestContext, { id }: TRouteInput<'seat', 'releaseSeat'>) => {
      const now = new Date();
      const seat = await requireSeat(ctx, id, now);
      if (seat.userId === null) throw seatErrors.notAssigned();
      await repo.setUser(ctx.tx, ctx.auth.tenantId, id, null);
      return reread(ctx, id, now);
    },

    deleteSeat: async (ctx: TRequestContext, { id }: TRouteInput<'seat', 'deleteSeat'>) => {
      const now = new Date();
      await requireSeat(ctx, id, now);
      // Locked, then checked: a renewal paid meanwhile has extended it, or it waits and finds it gone.
      const seat = await repo.lockOne(ctx.tx, ctx.auth.tenantId, id);
      if (!seat) throw seatErrors.seatMissing();
      if (seat.userId !== null) throw seatErrors.seatInUse();
      // Time left on a seat was paid for (or granted); deleting it would drop that time and its terms.
      if (seat.expireAt > now) throw seatErrors.seatTimeLeft(cnDay(seat.expireAt));
      const hold = await deps.deleteHold?.(ctx.tx, ctx.auth.tenantId, id);
      if (hold === 'cancelPending') throw seatErrors.seatCancelPending();
      if (hold === 'renewalUnpaid') throw seatErrors.seatRenewalUnpaid();
      return { deleted: await repo.remove(ctx.tx, ctx.auth.tenantId, id) };
    },

    /** The filtered seats (read when the download is sent) and the file's name; columns: `seatColumns`. */
    download: (ctx: TRequestContext, q: TRouteInput<'seat', 'seatDownload'>) => {
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

    seatPrices: async (ctx: TRequestContext) => {
      const rows = await repo.prices(ctx.tx);
      // An enterprise of an agent sees the month price it will pay (the agent's), as 购买坐席 is priced.
      if (ctx.auth.isSuper || !deps.pricesFor) return rows;
      const prices = await deps.pricesFor(
        ctx.tx,
        ctx.auth.tenantId,
        rows.map((r) => ({ id: r.lineId, price: r.seatPricePerMonth })),
      );
      return rows.map((r) => ({ ...r, seatPricePerMonth: prices.get(r.lineId) ?? r.seatPricePerMonth }));
    },

    staffOptions: (ctx: TRequestContext, { keyword }: TRouteInput<'seat', 'staffOptions'>) =>
      staffOptions(ctx.tx, ctx.auth.tenantId, ctx.scope, keyword),
  };
};
