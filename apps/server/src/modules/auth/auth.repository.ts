import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { offAppsOf } from '../../db/apps-off.js';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { tenants, users } from '../../db/schema.js';
import { rolePermissionsOf } from '../../db/staff.js';
import { authCounters, sessions, smsCodes, wechatTickets } from './auth.schema.js';

/** The one user a sign-in names, with his tenant (whose state decides whether he may enter). */
const userWithTenant = (db: TDb, where: SQL) =>
  firstRow(
    db
      .select({ user: users, tenant: tenants })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(where),
  );

export const authRepository = {
  /** The user by account (case-insensitive) or mobile, with the tenant's state. */
  findLoginUser: (db: TDb, username: string) =>
    userWithTenant(db, sql`lower(${users.username}) = lower(${username}) or ${users.mobile} = ${username}`),

  findUserByMobile: (db: TDb, mobile: string) => userWithTenant(db, eq(users.mobile, mobile)),

  findUserByOpenid: (db: TDb, openid: string) => userWithTenant(db, eq(users.wechatOpenid, openid)),

  /**
   * A live session with its user, tenant and the permissions of the user's active roles, in one
   * query. A string two roles share may come twice (no DISTINCT: its sort by the collation was most
   * of the look-up, migration 0063); authOf holds them as a Set.
   */
  findSession: (db: TDb, tokenHash: string) =>
    firstRow(
      db
        .select({
          session: sessions,
          user: users,
          tenant: tenants,
          ...rolePermissionsOf(users.id),
          ...offAppsOf(tenants.id),
        })
        .from(sessions)
        .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()))),
    ),

  /**
   * findSession as the first statement of a request's transaction, sent with its BEGIN: migration
   * 0061's session_entering, which reads the session, the person, his enterprise, permissions and
   * data scope's columns (org's rule) with plans PostgreSQL keeps for the connection, then enters
   * the enterprise (app.tenant_id, and `role` once everything is read). Written out rather than
   * parameterised, as a simple query that goes with the BEGIN must be: the hash is hex we made, the
   * time an ISO literal, the role a name of ours. The same rule as findSession; a token hash that is
   * not one of ours has no statement (null): it finds nothing without a query.
   */
  sessionEntering: (tokenHash: string, now: Date, role: 'yunhu_app' | 'none'): string | null =>
    /^[0-9a-f]{64}$/.test(tokenHash)
      ? `select session_entering('${tokenHash}', '${now.toISOString()}'::timestamptz, '${role}') as found`
      : null,

  /** What sessionEntering's rows say: the session with its person, enterprise and scope, or null. */
  sessionEntered: (rows: readonly Record<string, unknown>[]) => {
    const r = rows[0]?.found as
      | {
          token_hash: string;
          user_id: number;
          username: string;
          real_name: string;
          dept_id: number | null;
          user_status: string;
          must_change_password: boolean;
          tenant_id: number;
          tenant_code: string;
          tenant_status: string;
          is_super: boolean;
          permissions: string[];
          is_admin: boolean;
          scope_all: boolean;
          scope_depts: number[];
          off_apps?: string[];
        }
      | null
      | undefined;
    if (!r) return null;
    return {
      session: { tokenHash: r.token_hash },
      user: {
        id: Number(r.user_id),
        username: r.username,
        realName: r.real_name,
        deptId: r.dept_id === null ? null : Number(r.dept_id),
        status: r.user_status,
        mustChangePassword: r.must_change_password,
      },
      tenant: { id: Number(r.tenant_id), code: r.tenant_code, status: r.tenant_status, isSuper: r.is_super },
      permissions: r.permissions,
      offApps: r.off_apps ?? [],
      isAdmin: r.is_admin,
      more: { scope_all: r.scope_all, scope_depts: r.scope_depts },
    };
  },

  createSession: (db: TDb, row: typeof sessions.$inferInsert) => db.insert(sessions).values(row),

  revokeSession: (db: TDb, tokenHash: string) =>
    db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash)),

  revokeUserSessions: (db: TDb, userId: number) =>
    db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),

  touchLogin: (db: TDb, userId: number) =>
    db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId)),

  /**
   * Takes one try of a limit in one atomic step: the counter of `key` goes up by one only while it
   * is under `limit` in its window (a window older than `windowSeconds` starts again at one).
   * Concurrent requests serialise on the row, so no more than `limit` of them get a try.
   */
  takeTry: async (db: TDb, key: string, limit: number, windowSeconds: number) => {
    const isStale = sql`${authCounters.windowStart} < now() - ${windowSeconds}::int * interval '1 second'`;
    const rows = await db
      .insert(authCounters)
      .values({ key, tries: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: authCounters.key,
        set: {
          tries: sql`case when ${isStale} then 1 else ${authCounters.tries} + 1 end`,
          windowStart: sql`case when ${isStale} then now() else ${authCounters.windowStart} end`,
        },
        setWhere: sql`${isStale} or ${authCounters.tries} < ${limit}::int`,
      })
      .returning({ tries: authCounters.tries });
    return rows.length === 1;
  },

  /** Gives a try back (a right password, or a try refused by a later limit): only failures stay counted. */
  giveBackTry: (db: TDb, key: string) =>
    db
      .update(authCounters)
      .set({ tries: sql`greatest(${authCounters.tries} - 1, 0)` })
      .where(eq(authCounters.key, key)),

  clearTries: (db: TDb, key: string) => db.delete(authCounters).where(eq(authCounters.key, key)),

  /** Counters whose window ended a day ago say nothing any more. */
  pruneCounters: (db: TDb) =>
    db.delete(authCounters).where(sql`${authCounters.windowStart} < now() - interval '1 day'`),

  /** Whether the user signed in from this address lately: his own address is spared the account-wide ceiling. */
  hasSignedInFrom: (db: TDb, userId: number, ip: string, since: Date) =>
    hasRow(
      db
        .select({ one: sql<number>`1` })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, since))),
    ),

  /** Revokes every live session of an enterprise (it is being closed). */
  revokeTenantSessions: (db: TDb, tenantId: number) =>
    db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt))),

  insertSmsCode: (db: TDb, row: typeof smsCodes.$inferInsert) => db.insert(smsCodes).values(row),

  latestSmsCode: (db: TDb, mobile: string, purpose: string) =>
    firstRow(
      db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt)),
    ),

  /** Marks the code used only if it still is unused: a code works once, even under a race. */
  consumeSmsCode: async (db: TDb, id: number) => {
    const rows = await db
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    return rows.length === 1;
  },

  /**
   * Takes one try of a code in one atomic step, before it is compared: only a live code under its
   * try limit answers, so concurrent guesses cannot check more than `maxTries` of them.
   */
  takeSmsTry: async (db: TDb, id: number, maxTries: number) => {
    const rows = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(
        and(
          eq(smsCodes.id, id),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, new Date()),
          sql`${smsCodes.attempts} < ${maxTries}::int`,
        ),
      )
      .returning({ id: smsCodes.id });
    return rows.length === 1;
  },

  /** The person's own new password: whatever someone else set before is replaced, so no change is due any more. */
  updatePassword: (db: TDb, userId: number, passwordHash: string) =>
    db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId)),

  insertTicket: (db: TDb, row: typeof wechatTickets.$inferInsert) => db.insert(wechatTickets).values(row),

  findTicket: (db: TDb, ticket: string) =>
    firstRow(db.select().from(wechatTickets).where(eq(wechatTickets.ticket, ticket))),

  /** Moves a ticket from one status to the next only if it is still in the first (single use). */
  moveTicket: async (db: TDb, ticket: string, from: string, set: Partial<typeof wechatTickets.$inferInsert>) => {
    const rows = await db
      .update(wechatTickets)
      .set(set)
      .where(and(eq(wechatTickets.ticket, ticket), eq(wechatTickets.status, from)))
      .returning({ ticket: wechatTickets.ticket });
    return rows.length === 1;
  },

  setOpenid: (db: TDb, userId: number, openid: string | null) =>
    db.update(users).set({ wechatOpenid: openid }).where(eq(users.id, userId)),
};
