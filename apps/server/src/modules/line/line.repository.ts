import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { callingSettings, departments, users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { staffNameMatch } from '../../db/staff.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { cmccWorkNumbers, lines, tenantNumbers } from './line.schema.js';
import { lineScripts } from './line-script.schema.js';

type TPaging = { page: number; limit: number };

/** What both number lists (号码池 / 外显号码 and 移动工作号) filter on. */
type THeldFilter = {
  /** null = no data scope (外显号码 is the enterprise's configuration, not a staff list). */
  scope: TDataScope | null;
  number?: string;
  /** 'held' = given to someone (distributed, bound), 'free' = in the pool. */
  held?: boolean;
  userName?: string;
  ids?: readonly number[];
};

export type TNumberFilter = Omit<THeldFilter, 'held'> & { lineId?: number; state?: 'free' | 'distributed' };
export type TWorkNumberFilter = Omit<THeldFilter, 'held' | 'scope'> & { scope: TDataScope; state?: 'free' | 'bound' };

/** The columns of a table of numbers some staff member may hold. */
type THeldTable = { tenantId: AnyPgColumn; id: AnyPgColumn; number: AnyPgColumn; holder: AnyPgColumn };

const numberTable: THeldTable = {
  tenantId: tenantNumbers.tenantId,
  id: tenantNumbers.id,
  number: tenantNumbers.number,
  holder: tenantNumbers.userId,
};
const workTable: THeldTable = {
  tenantId: cmccWorkNumbers.tenantId,
  id: cmccWorkNumbers.id,
  number: cmccWorkNumbers.workNumber,
  holder: cmccWorkNumbers.userId,
};

/**
 * The one filter of both number lists. A limited scope sees the free numbers and those held by
 * its people; the holder's name is matched on the joined `users` row.
 */
const heldWhere = (t: THeldTable, tenantId: number, f: THeldFilter, extra?: SQL): SQL => {
  const inScope = f.scope ? scopeCondition(f.scope, { owner: t.holder }) : undefined;
  return and(
    eq(t.tenantId, tenantId),
    inScope ? or(isNull(t.holder), inScope) : undefined,
    f.number ? sql`${t.number} like ${likeOf(f.number)}` : undefined,
    f.held === undefined ? undefined : f.held ? isNotNull(t.holder) : isNull(t.holder),
    f.userName ? staffNameMatch(f.userName) : undefined,
    f.ids ? inArray(t.id, [...f.ids]) : undefined,
    extra,
  )!;
};

const numberWhere = (tenantId: number, { lineId, state, ...f }: TNumberFilter) =>
  heldWhere(
    numberTable,
    tenantId,
    { ...f, held: state === undefined ? undefined : state === 'distributed' },
    lineId ? eq(tenantNumbers.lineId, lineId) : undefined,
  );

const workWhere = (tenantId: number, { state, ...f }: TWorkNumberFilter) =>
  heldWhere(workTable, tenantId, { ...f, held: state === undefined ? undefined : state === 'bound' });

const numberColumns = {
  id: tenantNumbers.id,
  lineId: tenantNumbers.lineId,
  lineName: lines.name,
  number: tenantNumbers.number,
  remark: tenantNumbers.remark,
  userId: tenantNumbers.userId,
  userName: users.realName,
  deptName: departments.name,
  distributedAt: tenantNumbers.distributedAt,
  createdAt: tenantNumbers.createdAt,
};

const workColumns = {
  id: cmccWorkNumbers.id,
  workNumber: cmccWorkNumbers.workNumber,
  remark: cmccWorkNumbers.remark,
  userId: cmccWorkNumbers.userId,
  userName: users.realName,
  deptName: departments.name,
  boundAt: cmccWorkNumbers.boundAt,
};

/** The enterprise holds a seat on the line (aliased: drizzle drops table names in one-table selects). */
const hasTenantSeat = (tenantId: number) =>
  sql`exists (select 1 from seats s where s.line_id = "lines"."id" and s.tenant_id = ${tenantId})`;

const numbersOf = (db: TDb) =>
  db
    .select(numberColumns)
    .from(tenantNumbers)
    .innerJoin(lines, eq(lines.id, tenantNumbers.lineId))
    .leftJoin(users, and(eq(users.tenantId, tenantNumbers.tenantId), eq(users.id, tenantNumbers.userId)))
    .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)));

const ownNumbers = (db: TDb, tenantId: number) =>
  db
    .select({ lineId: tenantNumbers.lineId, number: tenantNumbers.number })
    .from(tenantNumbers)
    .where(eq(tenantNumbers.tenantId, tenantId))
    .orderBy(asc(tenantNumbers.id));

/** A line's caller numbers: its own, then the enterprise's on it, each once. */
const withOwnNumbers = <L extends { id: number; callerNumbers: string[] }>(
  rows: L[],
  own: { lineId: number; number: string }[],
) =>
  rows.map((l) => ({
    ...l,
    callerNumbers: [...new Set([...l.callerNumbers, ...own.filter((n) => n.lineId === l.id).map((n) => n.number)])],
  }));

export const lineRepository = {
  /** Every active line of the platform, with the enterprise's seats on it and its numbers merged in. */
  linesWithSeats: async (db: TDb, tenantId: number, now: Date) => {
    const [rows, own] = await Promise.all([
      db
        .select({
          id: lines.id,
          name: lines.name,
          mode: lines.mode,
          pricePerMinute: lines.pricePerMinute,
          area: lines.area,
          callerNumbers: lines.callerNumbers,
          // Written out with an alias: drizzle drops table names from columns in a one-table select.
          seatCount: sql<number>`(select count(*)::int from seats s where s.line_id = "lines"."id" and s.tenant_id = ${tenantId})`,
          freeSeatCount: sql<number>`(select count(*)::int from seats s where s.line_id = "lines"."id" and s.tenant_id = ${tenantId}
          and s.user_id is null and s.status = 'active' and s.expire_at > ${now.toISOString()}::timestamptz)`,
          scriptId: sql<number | null>`(select ls.script_id from line_scripts ls
            where ls.line_id = "lines"."id" and ls.tenant_id = ${tenantId})`.mapWith(Number),
          scriptTitle: sql<
            string | null
          >`(select r.title from line_scripts ls join resource_items r on r.tenant_id = ls.tenant_id and r.id = ls.script_id
            where ls.line_id = "lines"."id" and ls.tenant_id = ${tenantId})`,
        })
        .from(lines)
        .where(eq(lines.status, 'active'))
        .orderBy(asc(lines.id)),
      ownNumbers(db, tenantId),
    ]);
    return withOwnNumbers(rows, own);
  },

  /** Active lines the enterprise holds seats on, each with the line's numbers and its own ones. */
  tenantLines: async (db: TDb, tenantId: number) => {
    const [rows, own] = await Promise.all([
      db
        .select({ id: lines.id, name: lines.name, mode: lines.mode, callerNumbers: lines.callerNumbers })
        .from(lines)
        .where(and(eq(lines.status, 'active'), hasTenantSeat(tenantId)))
        .orderBy(asc(lines.id)),
      ownNumbers(db, tenantId),
    ]);
    return withOwnNumbers(rows, own);
  },

  /** An active line the enterprise holds at least one seat on (its own numbers not merged). */
  tenantLine: (db: TDb, tenantId: number, lineId: number) =>
    firstRow(
      db
        .select({ id: lines.id, callerNumbers: lines.callerNumbers })
        .from(lines)
        .where(and(eq(lines.id, lineId), eq(lines.status, 'active'), hasTenantSeat(tenantId))),
    ),

  numberPage: async (db: TDb, tenantId: number, f: TNumberFilter, paging: TPaging) => {
    const where = numberWhere(tenantId, f);
    const page = await pageOf(
      db
        .select({ n: count() })
        .from(tenantNumbers)
        .leftJoin(users, and(eq(users.tenantId, tenantNumbers.tenantId), eq(users.id, tenantNumbers.userId)))
        .where(where),
      numbersOf(db).where(where).orderBy(asc(tenantNumbers.lineId), desc(tenantNumbers.id)).$dynamic(),
      paging,
    );
    return { rows: page.records, total: page.total };
  },

  findNumbers: (db: TDb, tenantId: number, f: TNumberFilter & { ids: readonly number[] }) =>
    numbersOf(db).where(numberWhere(tenantId, f)),

  numberTaken: async (db: TDb, tenantId: number, number: string, exceptId?: number) =>
    (
      await db
        .select({ id: tenantNumbers.id })
        .from(tenantNumbers)
        .where(and(eq(tenantNumbers.tenantId, tenantId), eq(tenantNumbers.number, number)))
    ).some((r) => r.id !== exceptId),

  /** Staff whose calling settings show one of these numbers (a number in use is not deleted from under them). */
  numbersInUse: async (db: TDb, tenantId: number, numbers: readonly string[]) =>
    numbers.length === 0
      ? 0
      : ((
          await db
            .select({ n: count() })
            .from(callingSettings)
            .where(
              and(
                eq(callingSettings.tenantId, tenantId),
                or(...numbers.map((n) => eq(callingSettings.callerNumber, n))),
              ),
            )
        )[0]?.n ?? 0),

  insertNumber: async (db: TDb, row: { tenantId: number; lineId: number; number: string; remark: string }) =>
    (await db.insert(tenantNumbers).values(row).returning({ id: tenantNumbers.id }))[0]!.id,

  updateNumber: (db: TDb, tenantId: number, id: number, set: { lineId: number; number: string; remark: string }) =>
    db
      .update(tenantNumbers)
      .set(set)
      .where(tenantRowIs(tenantNumbers, tenantId, id)),

  distribute: async (db: TDb, tenantId: number, ids: readonly number[], userId: number | null) =>
    (
      await db
        .update(tenantNumbers)
        .set({ userId, distributedAt: userId === null ? null : new Date() })
        .where(and(eq(tenantNumbers.tenantId, tenantId), inArray(tenantNumbers.id, [...ids])))
        .returning({ id: tenantNumbers.id })
    ).length,

  deleteNumbers: async (db: TDb, tenantId: number, ids: readonly number[]) =>
    (
      await db
        .delete(tenantNumbers)
        .where(and(eq(tenantNumbers.tenantId, tenantId), inArray(tenantNumbers.id, [...ids])))
        .returning({ id: tenantNumbers.id })
    ).length,

  workPage: async (db: TDb, tenantId: number, f: TWorkNumberFilter, paging: TPaging) => {
    const where = workWhere(tenantId, f);
    const page = await pageOf(
      db
        .select({ n: count() })
        .from(cmccWorkNumbers)
        .leftJoin(users, and(eq(users.tenantId, cmccWorkNumbers.tenantId), eq(users.id, cmccWorkNumbers.userId)))
        .where(where),
      db
        .select(workColumns)
        .from(cmccWorkNumbers)
        .leftJoin(users, and(eq(users.tenantId, cmccWorkNumbers.tenantId), eq(users.id, cmccWorkNumbers.userId)))
        .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)))
        .where(where)
        .orderBy(asc(cmccWorkNumbers.id))
        .$dynamic(),
      paging,
    );
    return { rows: page.records, total: page.total };
  },

  /** The work number with its holder, locked for the bind or unbind. */
  lockWorkNumber: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .select({ id: cmccWorkNumbers.id, userId: cmccWorkNumbers.userId })
        .from(cmccWorkNumbers)
        .where(tenantRowIs(cmccWorkNumbers, tenantId, id))
        .for('update')
    )[0] ?? null,

  workNumberOf: (db: TDb, tenantId: number, userId: number) =>
    firstRow(
      db
        .select({ id: cmccWorkNumbers.id })
        .from(cmccWorkNumbers)
        .where(and(eq(cmccWorkNumbers.tenantId, tenantId), eq(cmccWorkNumbers.userId, userId))),
    ),

  setWorkHolder: (db: TDb, tenantId: number, id: number, userId: number | null) =>
    db
      .update(cmccWorkNumbers)
      .set({ userId, boundAt: userId === null ? null : new Date() })
      .where(tenantRowIs(cmccWorkNumbers, tenantId, id)),

  // ---- 线路话术 ----------------------------------------------------------------------------------
  /** The enterprise's script for a line, or null. */
  scriptOf: async (db: TDb, tenantId: number, lineId: number) =>
    (
      await firstRow(
        db
          .select({ scriptId: lineScripts.scriptId })
          .from(lineScripts)
          .where(and(eq(lineScripts.tenantId, tenantId), eq(lineScripts.lineId, lineId))),
      )
    )?.scriptId ?? null,

  /** Names the line's script (null: none any more). */
  setScript: async (db: TDb, tenantId: number, lineId: number, scriptId: number | null) => {
    if (scriptId === null) {
      await db.delete(lineScripts).where(and(eq(lineScripts.tenantId, tenantId), eq(lineScripts.lineId, lineId)));
      return;
    }
    await db
      .insert(lineScripts)
      .values({ tenantId, lineId, scriptId })
      .onConflictDoUpdate({
        target: [lineScripts.tenantId, lineScripts.lineId],
        set: { scriptId, updatedAt: sql`now()` },
      });
  },
};
