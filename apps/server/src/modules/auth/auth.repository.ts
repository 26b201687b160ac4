import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { roles, tenants, userRoles, users } from '../org/org.schema.js';
import { authAttempts, sessions, smsCodes, wechatTickets } from './auth.schema.js';

export const authRepository = {
  /** The user by account (case-insensitive) or mobile, with the tenant's state. */
  findLoginUser: async (db: TDb, username: string) => {
    const rows = await db
      .select({ user: users, tenant: tenants })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(sql`lower(${users.username}) = lower(${username}) or ${users.mobile} = ${username}`)
      .limit(1);
    return rows[0] ?? null;
  },

  findUserByMobile: async (db: TDb, mobile: string) => {
    const rows = await db
      .select({ user: users, tenant: tenants })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.mobile, mobile))
      .limit(1);
    return rows[0] ?? null;
  },

  findUserByOpenid: async (db: TDb, openid: string) => {
    const rows = await db
      .select({ user: users, tenant: tenants })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.wechatOpenid, openid))
      .limit(1);
    return rows[0] ?? null;
  },

  /** A live session with its user, tenant and the permissions of the user's active roles, in one query. */
  findSession: async (db: TDb, tokenHash: string) => {
    const rows = await db
      .select({
        session: sessions,
        user: users,
        tenant: tenants,
        permissions: sql<string[]>`coalesce((select array_agg(distinct p) from ${userRoles} ur
          join ${roles} r on r.id = ur.role_id and r.status = 'active', unnest(r.permissions) p
          where ur.user_id = ${users.id}), '{}')`,
        isAdmin: sql<boolean>`exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
          where ur.user_id = ${users.id} and r.status = 'active' and r.is_admin)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return rows[0] ?? null;
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

  recordAttempt: (db: TDb, keys: string[], success: boolean) =>
    db.insert(authAttempts).values(keys.map((key) => ({ key, success }))),

  countAttempts: async (db: TDb, key: string, since: Date, success?: boolean) => {
    const conds = [eq(authAttempts.key, key), gt(authAttempts.createdAt, since)];
    if (success !== undefined) conds.push(eq(authAttempts.success, success));
    const [row] = await db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(...conds));
    return row?.n ?? 0;
  },

  /** After a successful sign-in the account's failures no longer count. */
  clearFailures: (db: TDb, key: string) =>
    db.delete(authAttempts).where(and(eq(authAttempts.key, key), eq(authAttempts.success, false))),

  insertSmsCode: (db: TDb, row: typeof smsCodes.$inferInsert) => db.insert(smsCodes).values(row),

  latestSmsCode: async (db: TDb, mobile: string, purpose: string) => {
    const rows = await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    return rows[0] ?? null;
  },

  countSmsSince: async (db: TDb, by: { mobile?: string; ip?: string }, since: Date) => {
    const conds = [gt(smsCodes.createdAt, since)];
    if (by.mobile) conds.push(eq(smsCodes.mobile, by.mobile));
    if (by.ip) conds.push(eq(smsCodes.ip, by.ip));
    const [row] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(...conds));
    return row?.n ?? 0;
  },

  /** Marks the code used only if it still is unused: a code works once, even under a race. */
  consumeSmsCode: async (db: TDb, id: number) => {
    const rows = await db
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    return rows.length === 1;
  },

  bumpSmsAttempts: (db: TDb, id: number) =>
    db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, id)),

  updatePassword: (db: TDb, userId: number, passwordHash: string) =>
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),

  insertTicket: (db: TDb, row: typeof wechatTickets.$inferInsert) => db.insert(wechatTickets).values(row),

  findTicket: async (db: TDb, ticket: string) => {
    const rows = await db.select().from(wechatTickets).where(eq(wechatTickets.ticket, ticket)).limit(1);
    return rows[0] ?? null;
  },

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
