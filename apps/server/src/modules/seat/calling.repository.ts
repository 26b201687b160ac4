import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { rowsByKeys } from '../../db/by-keys.js';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { departments, lines, users } from '../../db/schema.js';
import type { TDataScope } from '../../db/scope.js';
import { activeStaffOf, staffNameMatch } from '../../db/staff.js';
import { usableAt } from './seat.repository.js';
import { callingSettings, seats } from './seat.schema.js';

export type TCallingWhere = { scope: TDataScope; userName?: string; deptId?: number; userIds?: readonly number[] };

const callingWhere = (tenantId: number, w: TCallingWhere): SQL =>
  and(
    activeStaffOf(tenantId, w.scope),
    w.userName ? staffNameMatch(w.userName) : undefined,
    w.deptId ? eq(users.deptId, w.deptId) : undefined,
    w.userIds ? inArray(users.id, [...w.userIds]) : undefined,
  )!;

export type TSettingsRow = typeof callingSettings.$inferSelect;
export type TSettingsValues = Omit<typeof callingSettings.$inferInsert, 'id' | 'tenantId' | 'userId' | 'updatedAt'>;

export const callingRepository = {
  /** Active staff of the scope, each with his settings row (if any) and its line's name. */
  page: async (db: TDb, tenantId: number, w: TCallingWhere, paging: { page: number; limit: number }) => {
    const where = callingWhere(tenantId, w);
    const page = await pageOf(
      db.select({ n: count() }).from(users).where(where),
      db
        .select({
          userId: users.id,
          realName: users.realName,
          username: users.username,
          deptName: departments.name,
          settings: callingSettings,
          lineName: lines.name,
        })
        .from(users)
        .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)))
        .leftJoin(
          callingSettings,
          and(eq(callingSettings.tenantId, users.tenantId), eq(callingSettings.userId, users.id)),
        )
        .leftJoin(lines, eq(lines.id, callingSettings.lineId))
        .where(where)
        .orderBy(asc(users.jobNumber), asc(users.id))
        .$dynamic(),
      paging,
    );
    return { rows: page.records, total: page.total };
  },

  /** The names of the lines each user holds a usable seat on now. */
  seatLines: (db: TDb, tenantId: number, userIds: readonly number[], now: Date) =>
    rowsByKeys(userIds, (ids) =>
      db
        .selectDistinct({ userId: seats.userId, lineName: lines.name, lineId: lines.id })
        .from(seats)
        .innerJoin(lines, eq(lines.id, seats.lineId))
        .where(and(eq(seats.tenantId, tenantId), inArray(seats.userId, ids), usableAt(now)))
        .orderBy(asc(lines.id)),
    ),

  /** One person's own settings row, if he has one. */
  settingsOf: (db: TDb, tenantId: number, userId: number): Promise<TSettingsRow | null> =>
    firstRow(
      db
        .select()
        .from(callingSettings)
        .where(and(eq(callingSettings.tenantId, tenantId), eq(callingSettings.userId, userId))),
    ),

  /** Writes the given fields for each user: a new row starts from the defaults, an existing one keeps the rest. */
  upsert: async (db: TDb, tenantId: number, userIds: readonly number[], values: TSettingsValues) => {
    if (userIds.length === 0) return 0;
    const rows = await db
      .insert(callingSettings)
      .values(userIds.map((userId) => ({ tenantId, userId, ...values })))
      .onConflictDoUpdate({
        target: [callingSettings.tenantId, callingSettings.userId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning({ id: callingSettings.id });
    return rows.length;
  },

  remove: async (db: TDb, tenantId: number, userIds: readonly number[]) =>
    (
      await db
        .delete(callingSettings)
        .where(and(eq(callingSettings.tenantId, tenantId), inArray(callingSettings.userId, [...userIds])))
        .returning({ id: callingSettings.id })
    ).length,
};
