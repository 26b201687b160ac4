import { shanghaiDay, shanghaiDayStart } from '@yunhu/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { cursorRows } from '../../db/cursor.js';
import { firstRow } from '../../db/first.js';
import { lines } from '../../db/schema.js';
import type { TDataScope } from '../../db/scope.js';
import { scopeCondition } from '../../db/scope.js';
import { offsetOf } from '../../db/sql.js';
import type { TRowSource } from '../../http/xlsx-stream.js';
import { drawPacketSeconds, livePacketSql, usableBy, usablePacketsForUpdate } from '../packet/index.js';
import { bookedOf, bookingSql, type TBooked, type TBookingRow, type TMovement } from '../trade/index.js';
import { billingDaily, billingSettings, callCharges, lineRates, type TPaidBy } from './billing.schema.js';
import type { TRate, TRated, TSplit } from './rating.js';

/** A rate with its row (null: the line's `price_per_minute` per 60 s, no rate set yet). */
export type TRateAt = TRate & { rateId: number | null };

/** A package a call may draw on, locked by the rating read: what it has left. */
export type TUsablePacket = { packetId: number; name: string; remainingSeconds: number };

/** The call a charge is for: whose, on which line, when and how long. */
export type TChargedCall = {
  tenantId: number;
  userId: number;
  deptId: number | null;
  lineId: number;
  startTime: Date;
  duration: number;
};

export type TChargeRow = TChargedCall & { recordId: number; rate: TRateAt; rated: TRated; split: TSplit };

export type TConsumeRow = {
  recordId: number;
  startTime: Date;
  userId: number;
  realName: string;
  deptId: number | null;
  deptName: string;
  lineId: number;
  lineName: string;
  duration: number;
  billedSeconds: number;
  units: number;
  unitPrice: number;
  incrementSeconds: number;
  amount: number;
  packetSeconds: number;
  balanceAmount: number;
  paidBy: TPaidBy;
  isAllocated: boolean;
};

export type TConsumeQuery = {
  tenantId: number;
  scope: TDataScope;
  filter: { from?: number; to?: number; lineId?: number; userId?: number; deptId?: number };
};

export type TTotals = {
  calls: number;
  duration: number;
  billedSeconds: number;
  amount: number;
  packetSeconds: number;
  balanceAmount: number;
};

// Aliased as the statements below name them (c, d), so filters and scope conditions render c.…, d.….
const c = alias(callCharges, 'c');
const d = alias(billingDaily, 'd');
const iso = (ms: number) => new Date(ms).toISOString();
const num = (v: unknown) => Number(v ?? 0);

const consumeWhere = ({ tenantId, scope, filter: f }: TConsumeQuery): SQL => {
  const conds: (SQL | undefined)[] = [
    sql`${c.tenantId} = ${tenantId}`,
    scopeCondition(scope, { owner: c.userId, dept: c.deptId }),
  ];
  if (f.from !== undefined) conds.push(sql`${c.startTime} >= ${iso(f.from)}`);
  if (f.to !== undefined) conds.push(sql`${c.startTime} < ${iso(f.to)}`);
  if (f.lineId !== undefined) conds.push(sql`${c.lineId} = ${f.lineId}`);
  if (f.userId !== undefined) conds.push(sql`${c.userId} = ${f.userId}`);
  if (f.deptId !== undefined) conds.push(sql`${c.deptId} = ${f.deptId}`);
  return and(...conds)!;
};

/** The consumption rows with their names, newest first (the page and the export read the same). */
const consumeSelect = (where: SQL) => sql`
  select c.*, coalesce((select u.real_name from users u where u.id = c.user_id), '') as real_name,
    coalesce((select dp.name from departments dp where dp.id = c.dept_id), '') as dept_name,
    coalesce((select l.name from lines l where l.id = c.line_id), '') as line_name
  from call_charges c where ${where}
  order by c.start_time desc, c.record_id desc`;

/**
 * One page of the consumption rows: the page's keys first (the index in time order, filters, limit
 * and offset), then their names, so a deep page does not look up the names of the rows it skips.
 */
const consumePageSelect = (where: SQL, paging: { page: number; limit: number }) => sql`
  select c.*, coalesce((select u.real_name from users u where u.id = c.user_id), '') as real_name,
    coalesce((select dp.name from departments dp where dp.id = c.dept_id), '') as dept_name,
    coalesce((select l.name from lines l where l.id = c.line_id), '') as line_name
  from (select * from call_charges c where ${where}
    order by c.start_time desc, c.record_id desc limit ${paging.limit} offset ${offsetOf(paging)}) c
  order by c.start_time desc, c.record_id desc`;

const dayMs = 86_400_000;
/** The start (epoch ms) of the Asia/Shanghai day an instant falls in. */
const dayStartOf = (ms: number) => shanghaiDayStart(new Date(ms)).getTime();

/**
 * How many charges the consumption list has, from the day roll-up (a month is
 * a million charges at 10,000,000 records, and counting them is most of the page): the roll-up's
 * calls of the whole Asia/Shanghai days the range touches, less the charges of those days outside
 * the range (none for the screen's ranges, which run from a day's start to its last millisecond,
 * but for that millisecond; at most a day's on each side for any other). The roll-up is written in
 * the charge's own statement, with the charge's day, line, department and person, so it answers
 * the filters and the data scope as the charges would.
 */
const consumeTotalSql = (q: TConsumeQuery): SQL => {
  const f = q.filter;
  const lo = f.from === undefined ? undefined : dayStartOf(f.from);
  const hi = f.to === undefined ? undefined : dayStartOf(f.to) === f.to ? f.to : dayStartOf(f.to) + dayMs;
  const conds: (SQL | undefined)[] = [
    sql`d.tenant_id = ${q.tenantId}`,
    scopeCondition(q.scope, { owner: d.userId, dept: d.deptId }),
    lo === undefined ? undefined : sql`d.day >= ${shanghaiDay(lo)}::date`,
    hi === undefined ? undefined : sql`d.day < ${shanghaiDay(hi)}::date`,
    f.lineId === undefined ? undefined : sql`d.line_id = ${f.lineId}`,
    f.userId === undefined ? undefined : sql`d.user_id = ${f.userId}`,
    f.deptId === undefined ? undefined : sql`d.dept_id = ${f.deptId}`,
  ];
  const outside = (from: number, to: number) =>
    sql` - (select count(*) from call_charges c where ${consumeWhere({ ...q, filter: { ...f, from, to } })})`;
  return sql`select (select coalesce(sum(d.calls), 0) from billing_daily d where ${and(...conds)})
    ${lo !== undefined && f.from !== undefined && lo < f.from ? outside(lo, f.from) : sql``}
    ${hi !== undefined && f.to !== undefined && f.to < hi ? outside(f.to, hi) : sql``} as n`;
};

const fromRaw = (r: Record<string, unknown>): TConsumeRow => ({
  recordId: num(r.record_id),
  startTime: new Date(r.start_time as string | Date),
  userId: num(r.user_id),
  realName: String(r.real_name ?? ''),
  deptId: r.dept_id === null || r.dept_id === undefined ? null : num(r.dept_id),
  deptName: String(r.dept_name ?? ''),
  lineId: num(r.line_id),
  lineName: String(r.line_name ?? ''),
  duration: num(r.duration),
  billedSeconds: num(r.billed_seconds),
  units: num(r.units),
  unitPrice: num(r.unit_price),
  incrementSeconds: num(r.increment_seconds),
  amount: num(r.amount),
  packetSeconds: num(r.packet_seconds),
  balanceAmount: num(r.balance_amount),
  paidBy: (typeof r.paid_by === 'string' ? JSON.parse(r.paid_by) : r.paid_by) as TPaidBy,
  isAllocated: Boolean(r.is_allocated),
});

const totalsOf = (r: Record<string, unknown> | undefined): TTotals => ({
  calls: num(r?.calls),
  duration: num(r?.duration),
  billedSeconds: num(r?.billed_seconds),
  amount: num(r?.amount),
  packetSeconds: num(r?.packet_seconds),
  balanceAmount: num(r?.balance_amount),
});

const sums = sql`coalesce(sum(d.calls), 0) as calls, coalesce(sum(d.duration), 0) as duration,
  coalesce(sum(d.billed_seconds), 0) as billed_seconds, coalesce(sum(d.amount), 0) as amount,
  coalesce(sum(d.packet_seconds), 0) as packet_seconds, coalesce(sum(d.balance_amount), 0) as balance_amount`;

/** The month's days of the roll-up, within the scope and the filters. */
const dailyWhere = (
  tenantId: number,
  scope: TDataScope,
  month: { first: string; next: string },
  f: { lineId?: number; deptId?: number } = {},
): SQL => {
  const conds: (SQL | undefined)[] = [
    sql`d.tenant_id = ${tenantId}`,
    sql`d.day >= ${month.first}::date and d.day < ${month.next}::date`,
    scopeCondition(scope, { owner: d.userId, dept: d.deptId }),
  ];
  if (f.lineId !== undefined) conds.push(sql`d.line_id = ${f.lineId}`);
  if (f.deptId !== undefined) conds.push(sql`d.dept_id = ${f.deptId}`);
  return and(...conds)!;
};

/** A rate read beside its line (`lines l left join lateral (… line_rates …) r`); no rate row: the line's price per 60 s. */
const rateOfRow = (row: Record<string, unknown>): TRateAt => {
  const hasRate = row.id !== null && row.id !== undefined;
  return {
    rateId: hasRate ? num(row.id) : null,
    unitPrice: hasRate ? num(row.unit_price) : num(row.price_per_minute),
    incrementSeconds: hasRate ? num(row.increment_seconds) : 60,
    minimumSeconds: hasRate ? num(row.minimum_seconds) : 0,
    freeSeconds: hasRate ? num(row.free_seconds) : 0,
  };
};

export const billingRepository = {
  /**
   * The line's rate in force at `at` (the newest row from before it), or its price per minute per
   * 60 s when none was set; null when the line does not exist.
   */
  rateAt: async (tx: TDb, lineId: number, at: Date): Promise<(TRateAt & { lineName: string }) | null> => {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select l.name, l.price_per_minute, r.id, r.unit_price, r.increment_seconds, r.minimum_seconds, r.free_seconds
        from lines l left join lateral (
          select * from line_rates r where r.line_id = l.id and r.valid_from <= ${at.toISOString()}
          order by r.valid_from desc, r.id desc limit 1
        ) r on true
        where l.id = ${lineId}`),
    );
    return row ? { lineName: String(row.name), ...rateOfRow(row) } : null;
  },

  /**
   * A finished call's rate (as `rateAt`, for the call's start) and, when it may cost something
   * (`mayDraw`: answered, some seconds), the packages its person may draw on, locked FOR UPDATE
   * until the transaction ends (the packet area's `usablePacketsForUpdate`: earliest expiry first,
   * seconds left), in one statement: the charge then takes from them in its own single statement
   * (`insertCharge`), no second read of the packages (one round trip per charge). A line
   * that does not exist answers null.
   */
  rateForCall: async (
    tx: TDb,
    q: { tenantId: number; userId: number; lineId: number; at: Date; mayDraw: boolean },
  ): Promise<{ rate: TRateAt; packets: TUsablePacket[] } | null> => {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        ${q.mayDraw ? sql`with usable as (${usablePacketsForUpdate(q)})` : sql``}
        select l.price_per_minute, r.id, r.unit_price, r.increment_seconds, r.minimum_seconds, r.free_seconds,
          ${
            q.mayDraw
              ? sql`(select coalesce(jsonb_agg(jsonb_build_object('packetId', u.id, 'name', u.name,
                  'remainingSeconds', u.remaining) order by u.expire_at, u.id), '[]'::jsonb) from usable u)`
              : sql`'[]'::jsonb`
          } as packets
        from lines l left join lateral (
          select * from line_rates r where r.line_id = l.id and r.valid_from <= ${q.at.toISOString()}
          order by r.valid_from desc, r.id desc limit 1
        ) r on true
        where l.id = ${q.lineId}`),
    );
    if (!row) return null;
    const packets = (typeof row.packets === 'string' ? JSON.parse(row.packets) : row.packets) as TUsablePacket[];
    return {
      rate: rateOfRow(row),
      packets: packets.map((p) => ({
        packetId: num(p.packetId),
        name: p.name,
        remainingSeconds: num(p.remainingSeconds),
      })),
    };
  },

  /**
   * The charge of one call as parts of the statement that writes its record (the call area's
   * `insertRecordOnce`, so charging adds no round trip to a record's ingestion). `record` is
   * the caller's common table expression of the record it inserted (a row with its `id`, none when
   * the record was there already). `ctes` (to put after the caller's): the seconds taken from the
   * packages (locked by `rateForCall` in this transaction: the packet area's `drawPacketSeconds`),
   * the charge row (key = the record; the person's billing switch read as it stands: cost
   * allocation), its day's roll-up row of (day, line, department, person) grown, and, when the
   * balance pays a part, its consumption booking (the trade area's `bookingSql`, keyed by the
   * record, only when the charge row was written); each happens only for a record written.
   * `columns` (the caller's select list) are read back by `chargedOf`.
   */
  chargeSql: (ch: Omit<TChargeRow, 'recordId'>, booking: TMovement | null, record: SQL) => {
    const paidBy: TPaidBy = { packets: ch.split.takes, balance: ch.split.balanceAmount };
    const book = booking
      ? bookingSql(booking, sql`exists (select 1 from charge)`, sql`(select id::text from ${record})`)
      : null;
    const drawn = ch.split.takes.length > 0;
    return {
      ctes: sql`${drawn ? sql`drawn as (${drawPacketSeconds(ch.split.takes, sql`exists (select 1 from ${record})`)}),` : sql``}
        charge as (
          insert into call_charges (record_id, tenant_id, user_id, dept_id, line_id, start_time, duration,
            billed_seconds, units, unit_price, increment_seconds, amount, packet_seconds, balance_amount, paid_by, is_allocated)
          select id, ${ch.tenantId}, ${ch.userId}, ${ch.deptId}::bigint, ${ch.lineId}, ${ch.startTime.toISOString()}::timestamptz,
            ${ch.duration}, ${ch.rated.billedSeconds}, ${ch.rated.units}, ${ch.rate.unitPrice}, ${ch.rate.incrementSeconds},
            ${ch.rated.amount}, ${ch.split.packetSeconds}, ${ch.split.balanceAmount}, ${JSON.stringify(paidBy)}::jsonb,
            coalesce((select u.billing_enabled from users u where u.id = ${ch.userId}), true)
          from ${record}
          on conflict (record_id, tenant_id) do nothing
          returning *
        ), daily as (
          insert into billing_daily as s (tenant_id, day, line_id, dept_id, user_id, calls, duration, billed_seconds,
            amount, packet_seconds, balance_amount)
          select tenant_id, (start_time at time zone 'Asia/Shanghai')::date, line_id, dept_id, user_id, 1, duration,
            billed_seconds, amount, packet_seconds, balance_amount from charge
          on conflict (tenant_id, day, line_id, dept_id, user_id) do update set
            calls = s.calls + 1, duration = s.duration + excluded.duration,
            billed_seconds = s.billed_seconds + excluded.billed_seconds, amount = s.amount + excluded.amount,
            packet_seconds = s.packet_seconds + excluded.packet_seconds,
            balance_amount = s.balance_amount + excluded.balance_amount
        )${book ? sql`, ${book.ctes}` : sql``}`,
      columns: sql`(select count(*) from charge)::int as charged,
        ${drawn ? sql`(select count(*) from drawn)::int` : sql`0`} as drawn${book ? sql`, ${book.columns}` : sql``}`,
    };
  },

  /** What `chargeSql`'s columns say (`booked`: null when none was asked or the enterprise has no account yet). */
  chargedOf: (
    booking: TMovement | null,
    row: Record<string, unknown> | undefined,
  ): { charged: boolean; drawn: number; booked: TBooked | null } => ({
    charged: num(row?.charged) > 0,
    drawn: num(row?.drawn),
    booked: booking ? bookedOf(booking, row as TBookingRow | undefined) : null,
  }),

  consumePage: async (tx: TDb, q: TConsumeQuery, paging: { page: number; limit: number }) => {
    const [total] = rowsOf<{ n: unknown }>(await tx.execute(consumeTotalSql(q)));
    const records = rowsOf<Record<string, unknown>>(await tx.execute(consumePageSelect(consumeWhere(q), paging))).map(
      fromRaw,
    );
    return { records, total: num(total?.n) };
  },

  consumeOne: async (tx: TDb, q: TConsumeQuery, recordId: number): Promise<TConsumeRow | null> => {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(consumeSelect(and(consumeWhere(q), sql`c.record_id = ${recordId}`)!)),
    );
    return row ? fromRaw(row) : null;
  },

  consumeRows: <T>(database: TDatabase, q: TConsumeQuery, map: (row: TConsumeRow) => T): TRowSource<T> =>
    cursorRows(database, q.tenantId, consumeSelect(consumeWhere(q)), (raw) => map(fromRaw(raw))),

  /** The month's bill per line and department (named), largest amount first. */
  billRows: async (
    tx: TDb,
    tenantId: number,
    scope: TDataScope,
    month: { first: string; next: string },
    f: { lineId?: number; deptId?: number },
    paging?: { page: number; limit: number },
  ) => {
    const where = dailyWhere(tenantId, scope, month, f);
    const grouped = sql`select d.line_id, d.dept_id, ${sums} from billing_daily d where ${where} group by d.line_id, d.dept_id`;
    const [total] = paging
      ? rowsOf<{ n: unknown }>(await tx.execute(sql`select count(*) as n from (${grouped}) g`))
      : [undefined];
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select g.*, coalesce((select l.name from lines l where l.id = g.line_id), '') as line_name,
          coalesce((select dp.name from departments dp where dp.id = g.dept_id), '') as dept_name
        from (${grouped}) g order by g.amount desc, g.line_id, g.dept_id nulls first
        ${paging ? sql`limit ${paging.limit} offset ${offsetOf(paging)}` : sql``}`),
    ).map((r) => ({
      ...totalsOf(r),
      key: `${num(r.line_id)}-${r.dept_id ?? 0}`,
      lineId: num(r.line_id),
      lineName: String(r.line_name ?? ''),
      deptId: r.dept_id === null ? null : num(r.dept_id),
      deptName: String(r.dept_name ?? ''),
    }));
    return { records: rows, total: paging ? num(total?.n) : rows.length };
  },

  /** The month's totals (and any other month's, for month over month). */
  totals: async (tx: TDb, tenantId: number, scope: TDataScope, month: { first: string; next: string }) =>
    totalsOf(
      rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select ${sums} from billing_daily d where ${dailyWhere(tenantId, scope, month)}`),
      )[0],
    ),

  /**
   * The month by day, line, department and person (named; people: the 20 who cost most among those
   * whose billing switch is on — cost allocation, decision 0035: the others count for their
   * department only).
   */
  analysis: async (tx: TDb, tenantId: number, scope: TDataScope, month: { first: string; next: string }) => {
    const where = dailyWhere(tenantId, scope, month);
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with m as (select * from billing_daily d where ${where}),
        g as (
          select 'day' as dim, null::bigint as id, to_char(d.day, 'YYYY-MM-DD') as label, ${sums} from m d group by d.day
          union all select 'line', d.line_id, null, ${sums} from m d group by d.line_id
          union all select 'dept', d.dept_id, null, ${sums} from m d group by d.dept_id
          union all select * from (select 'user', d.user_id, null, ${sums} from m d
            where exists (select 1 from users u where u.id = d.user_id and u.billing_enabled)
            group by d.user_id order by amount desc, d.user_id limit 20) u
        )
        select g.*, case g.dim
            when 'line' then (select l.name from lines l where l.id = g.id)
            when 'dept' then (select dp.name from departments dp where dp.id = g.id)
            when 'user' then (select u.real_name from users u where u.id = g.id)
            else g.label end as name
        from g`),
    );
    const of = (dim: string) => rows.filter((r) => r.dim === dim);
    const named = (dim: string) =>
      of(dim)
        .map((r) => ({ ...totalsOf(r), id: r.id === null ? null : num(r.id), name: String(r.name ?? '') }))
        .sort((a, b) => b.amount - a.amount);
    return {
      byDay: of('day')
        .map((r) => ({ ...totalsOf(r), day: String(r.label) }))
        .sort((a, b) => a.day.localeCompare(b.day)),
      byLine: named('line'),
      byDept: named('dept'),
      byUser: named('user'),
    };
  },

  settings: (tx: TDb, tenantId: number) =>
    firstRow(tx.select().from(billingSettings).where(eq(billingSettings.tenantId, tenantId))),

  saveSettings: async (tx: TDb, tenantId: number, s: { lowBalanceFen: number; isSms: boolean }) => {
    await tx
      .insert(billingSettings)
      .values({ tenantId, ...s })
      .onConflictDoUpdate({
        target: billingSettings.tenantId,
        // A new threshold is a new watch: the next crossing is told again.
        set: { ...s, notifiedAt: null, updatedAt: new Date() },
      });
  },

  /** Whether a line has rates or a price at all, and its name. */
  line: (db: TDb, lineId: number) =>
    firstRow(db.select({ id: lines.id, name: lines.name }).from(lines).where(eq(lines.id, lineId))),

  /** Every line's rate in force now (or its price per minute), with the history of one line when asked. */
  rates: async (db: TDb, at: Date, lineId?: number) => {
    const current = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select l.id as line_id, l.name as line_name, l.price_per_minute, r.*
        from lines l left join lateral (
          select r.id, r.unit_price, r.increment_seconds, r.minimum_seconds, r.free_seconds, r.valid_from, r.created_by_name
          from line_rates r where r.line_id = l.id and r.valid_from <= ${at.toISOString()}
          order by r.valid_from desc, r.id desc limit 1
        ) r on true
        ${lineId === undefined ? sql`` : sql`where l.id = ${lineId}`}
        order by l.id`),
    );
    const history =
      lineId === undefined
        ? []
        : await db
            .select({ rate: lineRates, lineName: lines.name })
            .from(lineRates)
            .innerJoin(lines, eq(lines.id, lineRates.lineId))
            .where(eq(lineRates.lineId, lineId))
            .orderBy(asc(lineRates.validFrom), asc(lineRates.id));
    return { current, history };
  },

  insertRate: async (db: TDb, row: typeof lineRates.$inferInsert) =>
    (await db.insert(lineRates).values(row).returning())[0]!,

  /** Enterprises whose balance is under their threshold and not yet told (read across tenants). */
  dueLowBalance: async (db: TDb) =>
    rowsOf<{ tenant_id: unknown }>(
      await db.execute(sql`
        select s.tenant_id from billing_settings s join accounts a on a.tenant_id = s.tenant_id
        where s.low_balance_fen > 0 and s.notified_at is null and a.balance < s.low_balance_fen`),
    ).map((r) => num(r.tenant_id)),

  /**
   * Takes the enterprise's low-balance notice in one statement: only one process (or run) gets the
   * row back, so the administrators are told once per crossing.
   */
  claimLowBalance: async (tx: TDb, tenantId: number, at: Date) =>
    rowsOf<{ balance: unknown; low_balance_fen: unknown; is_sms: boolean }>(
      await tx.execute(sql`
        update billing_settings s set notified_at = ${at.toISOString()} from accounts a
        where s.tenant_id = ${tenantId} and a.tenant_id = s.tenant_id and s.notified_at is null
          and s.low_balance_fen > 0 and a.balance < s.low_balance_fen
        returning a.balance, s.low_balance_fen, s.is_sms`),
    ).map((r) => ({ balance: num(r.balance), threshold: num(r.low_balance_fen), isSms: r.is_sms }))[0] ?? null,

  administrators: async (db: TDb, tenantId: number) =>
    rowsOf<{ id: unknown; mobile: string }>(
      await db.execute(sql`
        select distinct u.id, u.mobile from users u
        join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id
        join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
        where u.tenant_id = ${tenantId} and u.status = 'active' and r.is_admin and r.status = 'active'`),
    ).map((r) => ({ userId: num(r.id), mobile: r.mobile })),

  /** Enterprises back at or above their threshold are watched again. */
  rearmRecovered: async (db: TDb) => {
    await db.execute(sql`
      update billing_settings s set notified_at = null from accounts a
      where a.tenant_id = s.tenant_id and s.notified_at is not null and a.balance >= s.low_balance_fen`);
  },

  /**
   * The dial guard's view of some lines of an enterprise, in one statement: each line's rate in
   * force at `at` (as `rateAt`), its usable package seconds, and the enterprise's balance. On the
   * dialler's line only the packages he may draw on count (套餐共享, `usableBy`: what his charge
   * would draw); another line's seconds count whole, as its calls under way are other people's.
   */
  linesFunds: async (
    tx: TDb,
    tenantId: number,
    lineIds: number[],
    at: Date,
    dialler: { lineId: number; userId: number },
  ) => {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select l.id as line_id, l.name, l.price_per_minute,
          r.id, r.unit_price, r.increment_seconds, r.minimum_seconds, r.free_seconds,
          coalesce((select sum(p.total_minutes * 60 - p.used_seconds) from packets p
            where p.tenant_id = ${tenantId} and p.line_id = l.id and ${livePacketSql('p', at)}
              and (l.id <> ${dialler.lineId} or ${usableBy(sql`p.id`, dialler.userId)})), 0) as seconds,
          coalesce((select a.balance from accounts a where a.tenant_id = ${tenantId}), 0) as balance
        from lines l left join lateral (
          select * from line_rates r where r.line_id = l.id and r.valid_from <= ${at.toISOString()}
          order by r.valid_from desc, r.id desc limit 1
        ) r on true
        where l.id = any(${`{${lineIds.join(',')}}`}::bigint[])`),
    );
    return {
      balance: num(rows[0]?.balance),
      lines: rows.map((row) => ({ lineId: num(row.line_id), rate: rateOfRow(row), packetSeconds: num(row.seconds) })),
    };
  },
};
