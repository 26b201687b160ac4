import { softphoneLineMode } from '@yunhu/contract';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { callBinds, callingSettings, lines, seats, tenants, users } from '../../db/schema.js';
import { sipAccounts } from './sip.schema.js';

// The seat and line tables are read here (docs/decisions/0062): only this "holds a valid soft-phone
// seat" question is asked of them.
const validSoftphoneSeat = (now: Date) =>
  and(
    eq(seats.status, 'active'),
    lte(seats.startAt, now),
    gt(seats.expireAt, now),
    eq(lines.mode, softphoneLineMode),
    eq(lines.status, 'active'),
  );

export const sipRepository = {
  /** Whether the user holds a seat on an active soft-phone line right now. */
  hasSoftphoneSeat: (db: TDb, tenantId: number, userId: number, now: Date) =>
    hasRow(
      db
        .select({ id: seats.id })
        .from(seats)
        .innerJoin(lines, eq(lines.id, seats.lineId))
        .where(and(eq(seats.tenantId, tenantId), eq(seats.userId, userId), validSoftphoneSeat(now))),
    ),

  findByUser: (db: TDb, tenantId: number, userId: number) =>
    firstRow(
      db
        .select()
        .from(sipAccounts)
        .where(and(eq(sipAccounts.tenantId, tenantId), eq(sipAccounts.userId, userId))),
    ),

  /** Creates the account, or returns the one a concurrent first request just created. */
  insert: async (db: TDb, row: { tenantId: number; userId: number; sipUser: string; password: string }) => {
    await db
      .insert(sipAccounts)
      .values(row)
      .onConflictDoNothing({ target: [sipAccounts.userId, sipAccounts.tenantId] });
    return (await sipRepository.findByUser(db, row.tenantId, row.userId))!;
  },

  updatePassword: async (db: TDb, tenantId: number, userId: number, password: string) =>
    (
      await db
        .update(sipAccounts)
        .set({ password, rotatedAt: new Date() })
        .where(and(eq(sipAccounts.tenantId, tenantId), eq(sipAccounts.userId, userId)))
        .returning()
    )[0] ?? null,

  /**
   * The password of a SIP key whose owner may use the soft-phone now: active enterprise, active
   * account, a valid soft-phone seat. Platform-wide (Kamailio knows no tenant), so it runs outside
   * the tenant scope, like the sign-in lookup.
   */
  findUsablePassword: async (db: TDb, sipUser: string, now: Date) => {
    const row = await firstRow(
      db
        .select({ password: sipAccounts.password })
        .from(sipAccounts)
        .innerJoin(users, and(eq(users.tenantId, sipAccounts.tenantId), eq(users.id, sipAccounts.userId)))
        .innerJoin(tenants, eq(tenants.id, sipAccounts.tenantId))
        .innerJoin(seats, and(eq(seats.tenantId, sipAccounts.tenantId), eq(seats.userId, sipAccounts.userId)))
        .innerJoin(lines, eq(lines.id, seats.lineId))
        .where(
          and(
            eq(sipAccounts.sipUser, sipUser),
            eq(users.status, 'active'),
            eq(tenants.status, 'active'),
            validSoftphoneSeat(now),
          ),
        ),
    );
    return row?.password ?? null;
  },

  /**
   * Inbound (decision 0016): the SIP key a call to `number` rings. A seat's number is the
   * 外显号码 an agent calls out with: the agent who most recently dialled from it (call_binds.tel_x),
   * else one whose calling settings name it; only someone who may use the soft-phone now.
   */
  findInboundKey: async (db: TDb, number: string, now: Date): Promise<string | null> => {
    /** The key of someone in `from` (a table with tenant_id, user_id) who may use the soft-phone now. */
    const usableKey = (from: typeof callBinds | typeof callingSettings) =>
      db
        .select({ sipUser: sipAccounts.sipUser })
        .from(from)
        .innerJoin(sipAccounts, and(eq(sipAccounts.tenantId, from.tenantId), eq(sipAccounts.userId, from.userId)))
        .innerJoin(users, and(eq(users.tenantId, sipAccounts.tenantId), eq(users.id, sipAccounts.userId)))
        .innerJoin(tenants, eq(tenants.id, sipAccounts.tenantId))
        .innerJoin(seats, and(eq(seats.tenantId, sipAccounts.tenantId), eq(seats.userId, sipAccounts.userId)))
        .innerJoin(lines, eq(lines.id, seats.lineId))
        .$dynamic();
    const reachable = and(eq(users.status, 'active'), eq(tenants.status, 'active'), validSoftphoneSeat(now));
    const [byBind] = await usableKey(callBinds)
      .where(and(eq(callBinds.telX, number), reachable))
      .orderBy(desc(callBinds.createdAt))
      .limit(1);
    if (byBind) return byBind.sipUser;
    const [bySettings] = await usableKey(callingSettings)
      .where(and(eq(callingSettings.callerNumber, number), reachable))
      .orderBy(desc(callingSettings.updatedAt))
      .limit(1);
    return bySettings?.sipUser ?? null;
  },
};
