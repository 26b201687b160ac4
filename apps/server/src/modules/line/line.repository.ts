import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { departments, users } from '../org/org.schema.js';
import { staffNameMatch } from '../seat/staff.js';
import { cmccWorkNumbers, lines, tenantNumbers } from './line.schema.js';

export type TNumberWhere = {
  /** null = no data scope (外显号码 is the enterprise's configuration, not a staff list). */
  scope: TDataScope | null;
  lineId?: number;
  number?: string;
  state?: 'free' | 'distributed';
  userName?: string;
  ids?: readonly number[];
};

/** A limited scope sees the free numbers and those held by its people. */
const heldInScope = (scope: TDataScope | null, holder: AnyPgColumn) => {
  const held = scope ? scopeCondition(scope, { owner: holder }) : undefined;
  return held ? or(isNull(holder), held) : undefined;
};

const numberWhere = (tenantId: number, w: TNumberWhere): SQL =>
  and(
    eq(tenantNumbers.tenantId, tenantId),
    heldInScope(w.scope, tenantNumbers.userId),
    w.lineId ? eq(tenantNumbers.lineId, w.lineId) : undefined,
    w.number ? sql`${tenantNumbers.number} like ${likeOf(w.number)}` : undefined,
    w.state === 'free' ? isNull(tenantNumbers.userId) : undefined,
    w.state === 'distributed' ? isNotNull(tenantNumbers.userId) : undefined,
    w.userName ? staffNameMatch(w.userName) : undefined,
    w.ids ? inArray(tenantNumbers.id, [...w.ids]) : undefined,
  )!;

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

export type TWorkNumberWhere = {
  scope: TDataScope;
  number?: string;
  state?: 'free' | 'bound';
  userName?: string;
  ids?: readonly number[];
};

const workWhere = (tenantId: number, w: TWorkNumberWhere): SQL =>
  and(
    eq(cmccWorkNumbers.tenantId, tenantId),
    heldInScope(w.scope, cmccWorkNumbers.userId),
    w.number ? sql`${cmccWorkNumbers.workNumber} like ${likeOf(w.number)}` : undefined,
    w.state === 'free' ? isNull(cmccWorkNumbers.userId) : undefined,
    w.state === 'bound' ? isNotNull(cmccWorkNumbers.userId) : undefined,
    w.userName ? staffNameMatch(w.userName) : undefined,
    w.ids ? inArray(cmccWorkNumbers.id, [...w.ids]) : undefined,
  )!;

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
export const hasTenantSeat = (tenantId: number) =>
  sql`exists (select 1 from seats s where s.line_id = "lines"."id" and s.tenant_id = ${tenantId})`;

export const lineRepository = {
  /** Every active line of the platform, with the enterprise's seats on it. */
  linesWithSeats: (db: TDb, tenantId: number, now: Date) =>
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
      })
      .from(lines)
      .where(eq(lines.status, 'active'))
      .orderBy(asc(lines.id)),

  ownNumbers: (db: TDb, tenantId: number) =>
    db
      .select({ lineId: tenantNumbers.lineId, number: tenantNumbers.number })
      .from(tenantNumbers)
      .where(eq(tenantNumbers.tenantId, tenantId))
      .orderBy(asc(tenantNumbers.id)),

  /** An active line the enterprise holds at least one seat on. */
  tenantLine: async (db: TDb, tenantId: number, lineId: number) =>
    (
      await db
        .select({ id: lines.id, callerNumbers: lines.callerNumbers })
        .from(lines)
        .where(and(eq(lines.id, lineId), eq(lines.status, 'active'), hasTenantSeat(tenantId)))
    )[0] ?? null,

  numberPage: async (db: TDb, tenantId: number, w: TNumberWhere, offset: number, limit: number) => {
    const where = numberWhere(tenantId, w);
    const [rows, [total]] = await Promise.all([
      db
        .select(numberColumns)
        .from(tenantNumbers)
        .innerJoin(lines, eq(lines.id, tenantNumbers.lineId))
        .leftJoin(users, eq(users.id, tenantNumbers.userId))
        .leftJoin(departments, eq(departments.id, users.deptId))
        .where(where)
        .orderBy(asc(tenantNumbers.lineId), desc(tenantNumbers.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(tenantNumbers).leftJoin(users, eq(users.id, tenantNumbers.userId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  findNumbers: (db: TDb, tenantId: number, w: TNumberWhere) =>
    db
      .select(numberColumns)
      .from(tenantNumbers)
      .innerJoin(lines, eq(lines.id, tenantNumbers.lineId))
      .leftJoin(users, eq(users.id, tenantNumbers.userId))
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(numberWhere(tenantId, w)),

  numberTaken: async (db: TDb, tenantId: number, number: string, exceptId?: number) =>
    (
      await db
        .select({ id: tenantNumbers.id })
        .from(tenantNumbers)
        .where(and(eq(tenantNumbers.tenantId, tenantId), eq(tenantNumbers.number, number)))
    ).some((r) => r.id !== exceptId),

  insertNumber: async (db: TDb, row: { tenantId: number; lineId: number; number: string; remark: string }) =>
    (await db.insert(tenantNumbers).values(row).returning({ id: tenantNumbers.id }))[0]!.id,

  updateNumber: (db: TDb, tenantId: number, id: number, set: Partial<typeof tenantNumbers.$inferInsert>) =>
    db
      .update(tenantNumbers)
      .set(set)
      .where(and(eq(tenantNumbers.tenantId, tenantId), eq(tenantNumbers.id, id))),

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

  workPage: async (db: TDb, tenantId: number, w: TWorkNumberWhere, offset: number, limit: number) => {
    const where = workWhere(tenantId, w);
    const [rows, [total]] = await Promise.all([
      db
        .select(workColumns)
        .from(cmccWorkNumbers)
        .leftJoin(users, eq(users.id, cmccWorkNumbers.userId))
        .leftJoin(departments, eq(departments.id, users.deptId))
        .where(where)
        .orderBy(asc(cmccWorkNumbers.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: count() })
        .from(cmccWorkNumbers)
        .leftJoin(users, eq(users.id, cmccWorkNumbers.userId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The work number with its holder, locked for the bind or unbind. */
  lockWorkNumber: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .select({ id: cmccWorkNumbers.id, userId: cmccWorkNumbers.userId })
        .from(cmccWorkNumbers)
        .where(and(eq(cmccWorkNumbers.tenantId, tenantId), eq(cmccWorkNumbers.id, id)))
        .for('update')
    )[0] ?? null,

  workNumberOf: async (db: TDb, tenantId: number, userId: number) =>
    (
      await db
        .select({ id: cmccWorkNumbers.id })
        .from(cmccWorkNumbers)
        .where(and(eq(cmccWorkNumbers.tenantId, tenantId), eq(cmccWorkNumbers.userId, userId)))
    )[0] ?? null,

  setWorkHolder: (db: TDb, tenantId: number, id: number, userId: number | null) =>
    db
      .update(cmccWorkNumbers)
      .set({ userId, boundAt: userId === null ? null : new Date() })
      .where(and(eq(cmccWorkNumbers.tenantId, tenantId), eq(cmccWorkNumbers.id, id))),
};
