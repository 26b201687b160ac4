import { seatLimits, type TSeatState } from '@yunhu/contract';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { callRecords, departments, lines, seatPrices, users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { offsetOf } from '../../db/sql.js';
import { staffNameMatch } from '../../db/staff.js';
import { withTenant } from '../../db/tenant.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { seats, seatTerms } from './seat.schema.js';

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
    .leftJoin(users, and(eq(users.tenantId, seats.tenantId), eq(users.id, seats.userId)))
    .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)));

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
        .leftJoin(users, and(eq(users.tenantId, seats.tenantId), eq(users.id, seats.userId)))
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
  usable: (db: TDb, tenantId: number, userId: number, lineId: number, now: Date) =>
    firstRow(
      db
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
        .orderBy(desc(seats.expireAt)),
    ),

  /** The seats a person holds, newest expiry first (his detail in 员工管理). */
  heldBy: (db: TDb, tenantId: number, userId: number, now: Date) =>
    seatsOf(db, now)
      .where(and(eq(seats.tenantId, tenantId), eq(seats.userId, userId)))
      .orderBy(desc(seats.expireAt), asc(seats.id)),

  /** How many of the ids the scope sees (a batch names only seats it sees, or changes nothing). */
  countVisible: async (db: TDb, tenantId: number, scope: TDataScope, ids: readonly number[], now: Date) =>
    (
      await db
        .select({ n: count() })
        .from(seats)
        .leftJoin(users, and(eq(users.tenantId, seats.tenantId), eq(users.id, seats.userId)))
        .where(seatWhere(tenantId, { scope, ids }, now))
    )[0]?.n ?? 0,

  countByState: (db: TDb, tenantId: number, scope: TDataScope, now: Date) =>
    db
      .select({ state: stateSql(now), n: count() })
      .from(seats)
      .leftJoin(users, and(eq(users.tenantId, seats.tenantId), eq(users.id, seats.userId)))
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
      .leftJoin(users, and(eq(users.tenantId, seats.tenantId), eq(users.id, seats.userId)))
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
  holdsSeatOnLine: (db: TDb, tenantId: number, userId: number, lineId: number, now: Date, exceptId?: number) =>
    hasRow(
      db
        .select({ id: seats.id })
        .from(seats)
        .where(
          and(
            heldOnLine(tenantId, userId, lineId),
            gt(seats.expireAt, now),
            exceptId ? ne(seats.id, exceptId) : undefined,
          ),
        ),
    ),

  setUser: (db: TDb, tenantId: number, id: number, userId: number | null) =>
    db
      .update(seats)
      .set({ userId })
      .where(tenantRowIs(seats, tenantId, id)),

  setAutoRenewal: async (db: TDb, tenantId: number, ids: readonly number[], autoRenewal: boolean) =>
    (
      await db
        .update(seats)
        .set({ autoRenewal })
        .where(and(eq(seats.tenantId, tenantId), inArray(seats.id, [...ids])))
        .returning({ id: seats.id })
    ).length,

  /** The seat's row locked FOR UPDATE: a delete waits for a renewal holding it, and the other way round. */
  lockOne: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .select({ id: seats.id, userId: seats.userId, expireAt: seats.expireAt })
        .from(seats)
        .where(tenantRowIs(seats, tenantId, id))
        .for('update')
    )[0] ?? null,

  remove: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .delete(seats)
        .where(and(eq(seats.tenantId, tenantId), eq(seats.id, id), isNull(seats.userId)))
        .returning({ id: seats.id })
    ).length,

  /** Seat prices of the lines the platform offers (seat-price/list-by-tenant-code): its price, or the line's default. */
  prices: (db: TDb) =>
    db
      .select({
        lineId: lines.id,
        lineName: lines.name,
        lineMode: lines.mode,
        seatPricePerMonth:
          sql<number>`coalesce(${seatPrices.pricePerMonth}, ${lines.seatPricePerMonth})::bigint`.mapWith(Number),
        pricePerMinute: lines.pricePerMinute,
      })
      .from(lines)
      .leftJoin(seatPrices, eq(seatPrices.lineId, lines.id))
      .where(eq(lines.status, 'active'))
      .orderBy(asc(lines.id)),

  activeLine: (db: TDb, lineId: number) =>
    firstRow(
      db
        .select({ id: lines.id })
        .from(lines)
        .where(and(eq(lines.id, lineId), eq(lines.status, 'active'))),
    ),

  // ---- money (the trade area) -------------------------------------------------------

  /** Creates the seats of one paid order item with their first term; a second grant adds nothing. */
  grant: async (db: TDb, g: TSeatGrant, quantity: number) => {
    const expireAt = sql`${g.at.toISOString()}::timestamptz + make_interval(months => ${g.months}::int)`;
    const created = await db
      .insert(seats)
      .values(
        Array.from({ length: quantity }, (_, i) => ({
          tenantId: g.tenantId,
          lineId: g.lineId,
          startAt: g.at,
          expireAt,
          orderId: g.orderId,
          orderItem: g.orderItem * 1000 + i,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: seats.id, startAt: seats.startAt, expireAt: seats.expireAt });
    if (created.length > 0) {
      await db.insert(seatTerms).values(
        created.map((s) => ({
          tenantId: g.tenantId,
          seatId: s.id,
          orderId: g.orderId,
          orderNo: g.orderNo,
          kind: 'seatPurchase',
          months: g.months,
          pricePerMonth: g.pricePerMonth,
          startsAt: s.startAt,
          endsAt: s.expireAt,
        })),
      );
    }
    return created.length;
  },

  /**
   * Renews one seat by whole months from its expiry (or from now once expired) for a paid order:
   * the term is written first and once per (order, seat), the seat's expiry follows it.
   */
  renew: async (db: TDb, r: TSeatRenewal) => {
    const start = sql`greatest(${seats.expireAt}, ${r.at.toISOString()}::timestamptz)`;
    const [term] = rowsOf<{ ends_at: string | Date }>(
      await db.execute(sql`insert into seat_terms (tenant_id, seat_id, order_id, order_no, kind, months, price_per_month, starts_at, ends_at)
        select ${r.tenantId}, ${seats.id}, ${r.orderId}, ${r.orderNo}, 'seatRenewal', ${r.months}, ${r.pricePerMonth},
          ${start}, ${start} + make_interval(months => ${r.months}::int)
        from ${seats} where ${seats.tenantId} = ${r.tenantId} and ${seats.id} = ${r.seatId}
        on conflict (order_id, seat_id, tenant_id) do nothing returning ends_at`),
    );
    if (!term) return false;
    await db
      .update(seats)
      .set({ expireAt: new Date(term.ends_at) })
      .where(tenantRowIs(seats, r.tenantId, r.seatId));
    return true;
  },

  /** The seats named, of the tenant, locked FOR UPDATE (a renewal prices and extends them). */
  lockForRenewal: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .select({ id: seats.id, lineId: seats.lineId, status: seats.status, expireAt: seats.expireAt })
      .from(seats)
      .where(and(eq(seats.tenantId, tenantId), inArray(seats.id, [...ids])))
      .orderBy(asc(seats.id))
      .for('update'),

  /** Seats with auto-renewal expiring before `until`, across tenants (the job's list). */
  dueAutoRenewals: async (db: TDb, until: Date, limit: number) =>
    rowsOf<{ id: string | number; tenant_id: string | number }>(
      await db.execute(sql`select id, tenant_id from seats where auto_renewal and status = 'active'
        and expire_at <= ${until.toISOString()}::timestamptz order by expire_at limit ${limit}`),
    ).map((r) => ({ id: Number(r.id), tenantId: Number(r.tenant_id) })),

  /** The seat if still due, locked FOR UPDATE SKIP LOCKED: another process renewing it is left alone. */
  lockDue: async (db: TDb, id: number, until: Date) =>
    (
      await db
        .select({
          id: seats.id,
          tenantId: seats.tenantId,
          lineId: seats.lineId,
          expireAt: seats.expireAt,
          renewalNotifiedFor: seats.renewalNotifiedFor,
        })
        .from(seats)
        .where(
          and(eq(seats.id, id), eq(seats.autoRenewal, true), eq(seats.status, 'active'), lte(seats.expireAt, until)),
        )
        .for('update', { skipLocked: true })
    )[0] ?? null,

  markRenewalNotified: (db: TDb, id: number, expireAt: Date) =>
    db.update(seats).set({ renewalNotifiedFor: expireAt }).where(eq(seats.id, id)),

  /** The seat's paid periods with months not yet refunded, latest first, locked (a cancellation takes them). */
  refundableTerms: (db: TDb, tenantId: number, seatId: number) =>
    db
      .select({
        id: seatTerms.id,
        orderId: seatTerms.orderId,
        orderNo: seatTerms.orderNo,
        months: seatTerms.months,
        refundedMonths: seatTerms.refundedMonths,
        pricePerMonth: seatTerms.pricePerMonth,
        createdAt: seatTerms.createdAt,
      })
      .from(seatTerms)
      .where(
        and(
          eq(seatTerms.tenantId, tenantId),
          eq(seatTerms.seatId, seatId),
          sql`${seatTerms.refundedMonths} < ${seatTerms.months}`,
        ),
      )
      .orderBy(desc(seatTerms.endsAt), desc(seatTerms.id))
      .for('update'),

  /** Whether the user made or took a call on the line since `since` (any call record: dialled is used). */
  hasCallsSince: (db: TDb, tenantId: number, userId: number, lineId: number, since: Date) =>
    hasRow(
      db
        .select({ id: callRecords.id })
        .from(callRecords)
        .where(
          and(
            eq(callRecords.tenantId, tenantId),
            eq(callRecords.userId, userId),
            eq(callRecords.lineId, lineId),
            sql`${callRecords.startTime} >= ${since}`,
          ),
        ),
    ),

  addRefundedMonths: (db: TDb, termId: number, months: number) =>
    db
      .update(seatTerms)
      .set({ refundedMonths: sql`${seatTerms.refundedMonths} + ${months}` })
      .where(eq(seatTerms.id, termId)),

  /** A seat cancelled (退订 approved): released, stopped now, no auto-renewal. */
  end: (db: TDb, tenantId: number, seatId: number, now: Date) =>
    db
      .update(seats)
      .set({ status: 'cancelled', userId: null, autoRenewal: false, expireAt: now })
      .where(tenantRowIs(seats, tenantId, seatId)),
};

export type TSeatGrant = {
  tenantId: number;
  lineId: number;
  months: number;
  pricePerMonth: number;
  orderId: number;
  orderNo: string;
  orderItem: number;
  at: Date;
};

export type TSeatRenewal = {
  tenantId: number;
  seatId: number;
  months: number;
  pricePerMonth: number;
  orderId: number;
  orderNo: string;
  at: Date;
};
