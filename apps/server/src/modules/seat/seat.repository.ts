import { seatLimits, type TSeatState } from '@yunhu/contract';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/client.js';
import { departments, lines, users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { offsetOf } from '../../db/sql.js';
import { staffNameMatch } from '../../db/staff.js';
import { withTenant } from '../../db/tenant.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { seats } from './seat.schema.js';

const day = 86_400_000;

export type TSeatFilter = {
  userName?: string;
  lineId?: number;
  state?: TSeatState;
  expireFrom?: number;
  expireTo?: number;
};
type TSeatWhere = TSeatFilter & { scope: TDataScope; ids?: readonly number[] };
export type TSeatSort = { sortField?: keyof typeof sortColumns; sortOrder?: 'ascend' | 'descend' };

const soonAfter = (now: Date) => new Date(now.getTime() + seatLimits.expiringDays * day);

/** The state of a seat at `now` (contract seatStates), as one SQL expression for lists and counts. */
const stateSql = (now: Date) => sql<TSeatState>`case
  when ${seats.status} <> 'active' then 'disabled'
  when ${seats.expireAt} <= ${now.toISOString()}::timestamptz then 'expired'
  when ${seats.expireAt} <= ${soonAfter(now).toISOString()}::timestamptz then 'expiring'
  when ${seats.userId} is null then 'free'
  else 'inUse' end`;

/** The same states as filters, so an index on expiry can serve them. */
const stateCondition = (state: TSeatState, now: Date): SQL => {
  const active = eq(seats.status, 'active');
  const later = gt(seats.expireAt, soonAfter(now));
  switch (state) {
    case 'disabled':
      return ne(seats.status, 'active');
    case 'expired':
      return and(active, lte(seats.expireAt, now))!;
    case 'expiring':
      return and(active, gt(seats.expireAt, now), lte(seats.expireAt, soonAfter(now)))!;
    case 'free':
      return and(active, later, isNull(seats.userId))!;
    case 'inUse':
      return and(active, later, isNotNull(seats.userId))!;
  }
};

/** A seat one may dial on at `now`: active, started, not expired, on an active line (joined as `lines`). */
export const usableAt = (now: Date) =>
  and(eq(seats.status, 'active'), lte(seats.startAt, now), gt(seats.expireAt, now), eq(lines.status, 'active'));

/** The user's active seats on the line. */
const heldOnLine = (tenantId: number, userId: number, lineId: number) =>
  and(eq(seats.tenantId, tenantId), eq(seats.userId, userId), eq(seats.lineId, lineId), eq(seats.status, 'active'));

/** A seat nobody holds that can still be used: what 分配坐席 hands out. */
const assignable = (now: Date) => and(eq(seats.status, 'active'), gt(seats.expireAt, now), isNull(seats.userId));

const seatWhere = (tenantId: number, w: TSeatWhere, now: Date): SQL =>
  and(
    eq(seats.tenantId, tenantId),
    // A limited scope sees the seats its people hold; free seats belong to the enterprise as a whole.
    scopeCondition(w.scope, { owner: seats.userId }),
    w.userName ? staffNameMatch(w.userName) : undefined,
    w.lineId ? eq(seats.lineId, w.lineId) : undefined,
    w.state ? stateCondition(w.state, now) : undefined,
    w.expireFrom !== undefined ? gt(seats.expireAt, new Date(w.expireFrom - 1)) : undefined,
    w.expireTo !== undefined ? lte(seats.expireAt, new Date(w.expireTo)) : undefined,
    w.ids ? inArray(seats.id, [...w.ids]) : undefined,
  )!;

const seatColumns = (now: Date) => ({
  id: seats.id,
  lineId: seats.lineId,
  lineName: lines.name,
  lineMode: lines.mode,
  userId: seats.userId,
  userName: users.realName,
  username: users.username,
  userDeptId: users.deptId,
  deptName: departments.name,
  startAt: seats.startAt,
  expireAt: seats.expireAt,
  autoRenewal: seats.autoRenewal,
  status: seats.status,
  state: stateSql(now),
});

export type TSeatRow = {
  id: number;
  lineId: number;
  lineName: string;
  lineMode: number;
  userId: number | null;
  userName: string | null;
  username: string | null;
  userDeptId: number | null;
  deptName: string | null;
  startAt: Date;
  expireAt: Date;
  autoRenewal: boolean;
  status: string;
  state: TSeatState;
};

const sortColumns = { expireAt: seats.expireAt, startAt: seats.startAt } as const;

const seatsOf = (db: TDb, now: Date) =>
  db
    .select(seatColumns(now))
    .from(seats)
    .innerJoin(lines, eq(lines.id, seats.lineId))
    .leftJoin(users, eq(users.id, seats.userId))
    .leftJoin(departments, eq(departments.id, users.deptId));

const orderOf = (sort: TSeatSort) =>
  sort.sortField
    ? [(sort.sortOrder === 'descend' ? desc : asc)(sortColumns[sort.sortField]), asc(seats.id)]
    : [asc(seats.lineId), asc(seats.id)];

/** One page of the seat list (rows only). */
const rowsAt = (db: TDb, tenantId: number, w: TSeatWhere, sort: TSeatSort, offset: number, limit: number, now: Date) =>
  seatsOf(db, now)
    .where(seatWhere(tenantId, w, now))
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset);

export const seatRepository = {
  page: async (
    db: TDb,
    q: {
      tenantId: number;
      scope: TDataScope;
      filter: TSeatFilter;
      sort: TSeatSort;
      paging: { page: number; limit: number };
    },
    now: Date,
  ): Promise<{ rows: TSeatRow[]; total: number }> => {
    const w = { ...q.filter, scope: q.scope };
    const [rows, [total]] = await Promise.all([
      rowsAt(db, q.tenantId, w, q.sort, offsetOf(q.paging), q.paging.limit, now),
      db
        .select({ n: count() })
        .from(seats)
        .leftJoin(users, eq(users.id, seats.userId))
        .where(seatWhere(q.tenantId, w, now)),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * The rows of the download, read when it is sent (after the request's transaction), in batches
   * of their own short tenant transactions.
   */
  rows: (
    database: TDatabase,
    q: { tenantId: number; scope: TDataScope; filter: TSeatFilter; sort: TSeatSort },
    now: Date,
  ) =>
    batchedRows((offset) =>
      withTenant(database, q.tenantId, (tx) =>
        rowsAt(tx, q.tenantId, { ...q.filter, scope: q.scope }, q.sort, offset, 1000, now),
      ),
    ),

  /** One seat of the tenant, within the scope, with its line and holder. */
  find: async (db: TDb, tenantId: number, scope: TDataScope, id: number, now: Date): Promise<TSeatRow | null> =>
    (await seatsOf(db, now).where(seatWhere(tenantId, { scope, ids: [id] }, now)))[0] ?? null,

  /**
   * The seat a user may dial on now: his active seat on that active line, started and not yet
   * expired; the one that lasts longest, so a renewal bought in advance never hides the current one.
   */
  usable: async (db: TDb, tenantId: number, userId: number, lineId: number, now: Date) =>
    (
      await db
        .select({
          seatId: seats.id,
          lineId: lines.id,
          lineMode: lines.mode,
          lineName: lines.name,
          callerNumbers: lines.callerNumbers,
        })
        .from(seats)
        .innerJoin(lines, eq(lines.id, seats.lineId))
        .where(and(heldOnLine(tenantId, userId, lineId), usableAt(now)))
        .orderBy(desc(seats.expireAt))
        .limit(1)
    )[0] ?? null,

  /** How many of the ids the scope sees (a batch names only seats it sees, or changes nothing). */
  countVisible: async (db: TDb, tenantId: number, scope: TDataScope, ids: readonly number[], now: Date) =>
    (
      await db
        .select({ n: count() })
        .from(seats)
        .leftJoin(users, eq(users.id, seats.userId))
        .where(seatWhere(tenantId, { scope, ids }, now))
    )[0]?.n ?? 0,

  countByState: (db: TDb, tenantId: number, scope: TDataScope, now: Date) =>
    db
      .select({ state: stateSql(now), n: count() })
      .from(seats)
      .leftJoin(users, eq(users.id, seats.userId))
      .where(seatWhere(tenantId, { scope }, now))
      .groupBy(sql`1`),

  countByLine: (db: TDb, tenantId: number, scope: TDataScope, now: Date) =>
    db
      .select({
        lineId: lines.id,
        lineName: lines.name,
        lineMode: lines.mode,
        total: count(),
        free: sql<number>`(count(*) filter (where ${assignable(now)}))::int`,
      })
      .from(seats)
      .innerJoin(lines, eq(lines.id, seats.lineId))
      .leftJoin(users, eq(users.id, seats.userId))
      .where(seatWhere(tenantId, { scope }, now))
      .groupBy(lines.id, lines.name, lines.mode)
      .orderBy(asc(lines.id)),

  /** Locks a free seat of the line: the given one, or the one that lasts longest. */
  lockAssignable: async (db: TDb, tenantId: number, lineId: number, seatId: number | undefined, now: Date) =>
    (
      await db
        .select({ id: seats.id })
        .from(seats)
        .where(
          and(
            eq(seats.tenantId, tenantId),
            eq(seats.lineId, lineId),
            assignable(now),
            seatId ? eq(seats.id, seatId) : undefined,
          ),
        )
        .orderBy(desc(seats.expireAt), asc(seats.id))
        .limit(1)
        .for('update')
    )[0] ?? null,

  /** Whether the user holds a seat on the line that is not expired (other than `exceptId`). */
  holdsSeatOnLine: async (db: TDb, tenantId: number, userId: number, lineId: number, now: Date, exceptId?: number) =>
    (
      await db
        .select({ id: seats.id })
        .from(seats)
        .where(
          and(
            heldOnLine(tenantId, userId, lineId),
            gt(seats.expireAt, now),
            exceptId ? ne(seats.id, exceptId) : undefined,
          ),
        )
        .limit(1)
    ).length > 0,

  setUser: (db: TDb, tenantId: number, id: number, userId: number | null) =>
    db
      .update(seats)
      .set({ userId })
      .where(and(eq(seats.tenantId, tenantId), eq(seats.id, id))),

  setAutoRenewal: async (db: TDb, tenantId: number, ids: readonly number[], autoRenewal: boolean) =>
    (
      await db
        .update(seats)
        .set({ autoRenewal })
        .where(and(eq(seats.tenantId, tenantId), inArray(seats.id, [...ids])))
        .returning({ id: seats.id })
    ).length,

  /** Adds whole months from the expiry, or from now for a seat that has expired. */
  extend: async (db: TDb, tenantId: number, ids: readonly number[], months: number, now: Date) =>
    (
      await db
        .update(seats)
        .set({
          expireAt: sql`greatest(${seats.expireAt}, ${now.toISOString()}::timestamptz) + make_interval(months => ${months}::int)`,
        })
        .where(and(eq(seats.tenantId, tenantId), inArray(seats.id, [...ids])))
        .returning({ id: seats.id })
    ).length,

  countDisabled: async (db: TDb, tenantId: number, ids: readonly number[]) =>
    (
      await db
        .select({ n: count() })
        .from(seats)
        .where(and(eq(seats.tenantId, tenantId), inArray(seats.id, [...ids]), ne(seats.status, 'active')))
    )[0]?.n ?? 0,

  remove: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .delete(seats)
        .where(and(eq(seats.tenantId, tenantId), eq(seats.id, id), isNull(seats.userId)))
        .returning({ id: seats.id })
    ).length,

  /** Seat prices of the lines the platform offers (seat-price/list-by-tenant-code). */
  prices: (db: TDb) =>
    db
      .select({
        lineId: lines.id,
        lineName: lines.name,
        lineMode: lines.mode,
        seatPricePerMonth: lines.seatPricePerMonth,
        pricePerMinute: lines.pricePerMinute,
      })
      .from(lines)
      .where(eq(lines.status, 'active'))
      .orderBy(asc(lines.id)),

  activeLine: async (db: TDb, lineId: number) =>
    (
      await db
        .select({ id: lines.id })
        .from(lines)
        .where(and(eq(lines.id, lineId), eq(lines.status, 'active')))
    )[0] ?? null,
};
