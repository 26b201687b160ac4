import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TTestApp } from '../../test/harness.js';
import { numberBlacklist, platformNumberBlacklist } from '../blacklist/blacklist.schema.js';
import { customers } from '../crm/crm.schema.js';
import { lines } from '../line/line.schema.js';
import { tenants, users } from '../org/org.schema.js';
import { callingSettings } from '../seat/seat.schema.js';
import { callBinds, callRecords } from './call.schema.js';

/** Test helpers of the dial flow: the demo lines and people, calling settings and black-lists. */
export const callKit = async (t: TTestApp) => {
  const { db } = t.database;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
  const tenantId = demo!.id;
  const lineOf = async (mode: number) => (await db.select().from(lines).where(eq(lines.mode, mode)).limit(1))[0]!;
  const userId = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!.id;

  /** His calling settings (呼叫管理); defaults to calls at any hour so tests do not depend on the clock. */
  const setRules = async (username: string, set: Partial<typeof callingSettings.$inferInsert> = {}) => {
    const id = await userId(username);
    const row = { allowedFrom: '00:00', allowedTo: '24:00', perNumberDailyLimit: 50, dailyLimit: 5000, ...set };
    await db
      .insert(callingSettings)
      .values({ tenantId, userId: id, ...row })
      .onConflictDoUpdate({ target: [callingSettings.tenantId, callingSettings.userId], set: row });
  };

  /** One of his own customers (private pool). */
  const customerOf = async (username: string) =>
    (
      await db
        .select()
        .from(customers)
        .where(and(eq(customers.ownerId, await userId(username)), isNull(customers.deletedAt)))
        .orderBy(customers.id)
        .limit(1)
    )[0]!;

  /**
   * Ends his calls under way (the calls a test held back never call back): a person has one call
   * at a time, so his next dial is refused until then.
   */
  const endCalls = async (username: string) =>
    db
      .update(callBinds)
      .set({ state: 'failed' })
      .where(and(eq(callBinds.userId, await userId(username)), inArray(callBinds.state, ['ringing', 'talking'])));

  /**
   * A soft-phone call of `username` (sip-<callId>) of 2 s two minutes ago, its recording still with
   * the gateway unless `over` says otherwise (a stored one, another length).
   */
  const pendingSoftphoneCall = async (
    callId: string,
    username: string,
    over: Partial<typeof callRecords.$inferInsert> = {},
  ) => {
    const at = new Date(Date.now() - 120_000);
    const [user] = await db.select().from(users).where(eq(users.username, username));
    const [row] = await db
      .insert(callRecords)
      .values({
        tenantId,
        userId: user!.id,
        deptId: user!.deptId,
        lineId: (await lineOf(2)).id,
        bindId: '',
        telA: 'e100001-1',
        telB: '13812345678',
        callStatus: 1,
        finishStatus: 1,
        duration: 2,
        startTime: at,
        endTime: new Date(at.getTime() + 2000),
        recordingState: 'pending',
        carrierCallId: `sip-${callId}`,
        ...over,
      })
      .returning();
    return row!;
  };

  const blockForTenant = (number: string) => db.insert(numberBlacklist).values({ tenantId, number, source: 'manual' });
  const blockForPlatform = (number: string) => db.insert(platformNumberBlacklist).values({ number, source: 'manual' });

  /** The record of soft-phone call `callId` (carrier call id sip-<callId>), undefined until written. */
  const softphoneRecordOf = async (callId: string) =>
    (
      await db
        .select()
        .from(callRecords)
        .where(eq(callRecords.carrierCallId, `sip-${callId}`))
    )[0];

  return {
    tenantId,
    sipLine: await lineOf(2),
    callbackLine: await lineOf(0),
    appLine: await lineOf(1),
    userId,
    setRules,
    customerOf,
    blockForTenant,
    blockForPlatform,
    endCalls,
    pendingSoftphoneCall,
    softphoneRecordOf,
  };
};
