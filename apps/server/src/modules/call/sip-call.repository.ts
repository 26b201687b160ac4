import { softphoneLineMode } from '@yunhu/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { callBinds, lines, seats, users } from '../../db/schema.js';
import { callRecords, sipCalls } from './call.schema.js';
import { sipAccounts } from './sip.schema.js';

export type TSipCallRow = typeof sipCalls.$inferSelect;

/**
 * SQL of the SIP calls without a dial request (internal and inbound calls, migration
 * 0040): the live row per Call-ID and its record. Kamailio's events carry no tenant, so the look-ups
 * by key or Call-ID run on the server's own connection like the bind look-up (call.repository.ts).
 */
export const sipCallRepository = {
  /** The person behind a SIP key, whatever the tenant: his enterprise, department and number. */
  personOfKey: (db: TDb, sipUser: string) =>
    firstRow(
      db
        .select({
          tenantId: sipAccounts.tenantId,
          userId: sipAccounts.userId,
          deptId: users.deptId,
          mobile: users.mobile,
        })
        .from(sipAccounts)
        .innerJoin(users, and(eq(users.tenantId, sipAccounts.tenantId), eq(users.id, sipAccounts.userId)))
        .where(eq(sipAccounts.sipUser, sipUser)),
    ),

  /**
   * The line an inbound call to `number` came in on: the line of his latest dial request from that
   * number (the number is one of its 外显号码), else the line of his soft-phone seat.
   */
  lineOfNumber: async (db: TDb, tenantId: number, userId: number, number: string): Promise<number | null> => {
    const [byBind] = await db
      .select({ lineId: callBinds.lineId })
      .from(callBinds)
      .where(and(eq(callBinds.tenantId, tenantId), eq(callBinds.userId, userId), eq(callBinds.telX, number)))
      .orderBy(desc(callBinds.createdAt))
      .limit(1);
    if (byBind) return byBind.lineId;
    const [bySeat] = await db
      .select({ lineId: seats.lineId })
      .from(seats)
      .innerJoin(lines, eq(lines.id, seats.lineId))
      .where(and(eq(seats.tenantId, tenantId), eq(seats.userId, userId), eq(lines.mode, softphoneLineMode)))
      .orderBy(desc(seats.expireAt))
      .limit(1);
    return bySeat?.lineId ?? null;
  },

  /** The live row of a call; a repeated invite (a retransmission) keeps the first. */
  insertOnce: async (db: TDb, row: typeof sipCalls.$inferInsert) =>
    (
      await db
        .insert(sipCalls)
        .values(row)
        .onConflictDoNothing({ target: [sipCalls.callId, sipCalls.tenantId] })
        .returning()
    )[0] ?? null,

  find: (db: TDb, callId: string): Promise<TSipCallRow | null> =>
    firstRow(db.select().from(sipCalls).where(eq(sipCalls.callId, callId))),

  /** The answer: talking since now (only from ringing: a late event changes nothing). */
  setAnswered: (db: TDb, tenantId: number, callId: string, at: Date) =>
    db
      .update(sipCalls)
      .set({ state: 'talking', answeredAt: at })
      .where(and(eq(sipCalls.tenantId, tenantId), eq(sipCalls.callId, callId), eq(sipCalls.state, 'ringing'))),

  remove: (db: TDb, tenantId: number, callId: string) =>
    db.delete(sipCalls).where(and(eq(sipCalls.tenantId, tenantId), eq(sipCalls.callId, callId))),

  /** Every enterprise's live calls (all Kamailio carries): the server's own connection. */
  listLive: (db: TDb) => db.select({ callId: sipCalls.callId }).from(sipCalls),

  /** Rows older than `before`: calls whose end Kamailio never reported (a restart); the sweep drops them. */
  removeStale: (db: TDb, before: Date) => db.delete(sipCalls).where(lt(sipCalls.createdAt, before)),

  /** Whether the record of a call id is written (a repeated end event after the live row went). */
  hasRecord: (db: TDb, carrierCallId: string) =>
    hasRow(db.select({ id: callRecords.id }).from(callRecords).where(eq(callRecords.carrierCallId, carrierCallId))),
};

/**
 * The gateway recordings of soft-phone records: attached once converted, and those still being made
 * when the server stopped (the start-up sweep).
 */
export const gatewayRecordingRepository = {
  /** Pending records of calls that ended before `before` (the server's start: none is being converted). */
  list: (db: TDb, before: Date, limit: number) =>
    db
      .select({
        tenantId: callRecords.tenantId,
        carrierCallId: callRecords.carrierCallId,
        callType: callRecords.callType,
      })
      .from(callRecords)
      .where(and(eq(callRecords.recordingState, 'pending'), lt(callRecords.endTime, before)))
      .limit(limit),

  /**
   * A soft-phone record's gateway recording once converted: its key and
   * state; `isSilent` (the capture held no packet either way) turns a connected record into a failed one
   * with no talk time and no charge (通话无媒体). By the call's id, written once (carrier_call_id).
   */
  attachGatewayRecording: async (
    db: TDb,
    tenantId: number,
    carrierCallId: string,
    patch: { key: string | null; state: string; isSilent: boolean },
  ) => {
    const one = and(eq(callRecords.tenantId, tenantId), eq(callRecords.carrierCallId, carrierCallId));
    const [record] = await db
      .update(callRecords)
      .set({ preRecordUrl: patch.key, recordingState: patch.state })
      .where(one)
      .returning({
        id: callRecords.id,
        bindId: callRecords.bindId,
        userId: callRecords.userId,
        customerId: callRecords.customerId,
      });
    if (patch.isSilent) {
      await db
        .update(callRecords)
        .set({ callStatus: 4, duration: 0, postage: 0, endReason: '通话无媒体' })
        .where(and(one, eq(callRecords.callStatus, 1)));
    }
    return record ?? null;
  },
};
