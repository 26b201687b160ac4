import { and, count, eq, gt, gte, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { lines, users } from '../../db/schema.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import type { TPreparedCharge } from '../billing/index.js';
import { callBinds, callRecords } from './call.schema.js';

export type TBindRow = typeof callBinds.$inferSelect;
export type TCallRecordInsert = typeof callRecords.$inferInsert;

/** States of a dial request that are over (call_binds.state); 'cancelled' was never placed. */
const overStates = ['finished', 'failed', 'cancelled'];
export const isBindOver = (state: string) => overStates.includes(state);

/** A person's dial requests made after `since` (call_binds_tenant_user_created_idx). */
export const bindsOfPersonSince = (q: { tenantId: number; userId: number }, since: Date) =>
  and(eq(callBinds.tenantId, q.tenantId), eq(callBinds.userId, q.userId), gt(callBinds.createdAt, since));

/**
 * SQL of the dial flow and the call records. Reads of people and lines are name or
 * number look-ups for the record; their areas own those tables.
 */
export const callRepository = {
  insertBind: async (db: TDb, row: typeof callBinds.$inferInsert) =>
    (await db.insert(callBinds).values(row).returning())[0]!,

  /**
   * How many calls of the enterprise are under way on each of its lines (the dial guard's holds,
   * billing: the balance is shared by the lines), in one statement: requests not yet over and recent
   * enough to still be live, as `isNumberBusyWithOthers` reads them. Lines with none are left out.
   */
  countUnderWayByLine: async (
    db: TDb,
    q: { tenantId: number; now: Date; createdStaleAfterMs: number; liveStaleAfterMs: number },
  ): Promise<{ lineId: number; underWay: number }[]> => {
    const createdSince = new Date(q.now.getTime() - q.createdStaleAfterMs);
    const liveSince = new Date(q.now.getTime() - q.liveStaleAfterMs);
    const rows = await db
      .select({ lineId: callBinds.lineId, n: count() })
      .from(callBinds)
      .where(
        and(
          eq(callBinds.tenantId, q.tenantId),
          gt(callBinds.createdAt, liveSince),
          notInArray(callBinds.state, overStates),
          or(
            and(eq(callBinds.state, 'created'), gt(callBinds.createdAt, createdSince)),
            ne(callBinds.state, 'created'),
          ),
        ),
      )
      .groupBy(callBinds.lineId);
    return rows.map((r) => ({ lineId: r.lineId, underWay: Number(r.n) }));
  },

  /**
   * Whether someone else of the enterprise has a call with this number under way: a request not
   * yet over, recent enough to still be live (a soft-phone request that never rang goes stale
   * after `createdStaleAfterMs`, any other after `liveStaleAfterMs`).
   */
  isNumberBusyWithOthers: async (
    db: TDb,
    q: {
      tenantId: number;
      userId: number;
      telB: string;
      now: Date;
      createdStaleAfterMs: number;
      liveStaleAfterMs: number;
    },
  ) => {
    const createdSince = new Date(q.now.getTime() - q.createdStaleAfterMs);
    const liveSince = new Date(q.now.getTime() - q.liveStaleAfterMs);
    return hasRow(
      db
        .select({ id: callBinds.id })
        .from(callBinds)
        .where(
          and(
            eq(callBinds.tenantId, q.tenantId),
            eq(callBinds.telB, q.telB),
            ne(callBinds.userId, q.userId),
            notInArray(callBinds.state, overStates),
            or(
              and(eq(callBinds.state, 'created'), gt(callBinds.createdAt, createdSince)),
              and(ne(callBinds.state, 'created'), gt(callBinds.createdAt, liveSince)),
            ),
          ),
        ),
    );
  },

  /** Dial requests of one person since `since`, all of them or to one number (the daily limits). */
  countBinds: async (db: TDb, q: { tenantId: number; userId: number; since: Date; telB?: string }) => {
    const [row] = await db
      .select({ n: count() })
      .from(callBinds)
      .where(
        and(
          bindsOfPersonSince(q, q.since),
          ne(callBinds.state, 'cancelled'),
          q.telB === undefined ? undefined : eq(callBinds.telB, q.telB),
        ),
      );
    return row?.n ?? 0;
  },

  /** One person's own dial request. */
  findOwnBind: (db: TDb, tenantId: number, userId: number, bindId: string): Promise<TBindRow | null> =>
    firstRow(
      db
        .select()
        .from(callBinds)
        .where(and(eq(callBinds.tenantId, tenantId), eq(callBinds.userId, userId), eq(callBinds.bindId, bindId))),
    ),

  /** The record of a dial request: among the person's calls since it was made (tenant, user, time index). */
  recordOfBind: (db: TDb, bind: TBindRow) =>
    firstRow(
      db
        .select({ id: callRecords.id, callStatus: callRecords.callStatus, duration: callRecords.duration })
        .from(callRecords)
        .where(
          and(
            eq(callRecords.tenantId, bind.tenantId),
            eq(callRecords.userId, bind.userId),
            // A carrier may date the call a little before our request was stored; an hour covers any clock.
            gte(callRecords.startTime, new Date(bind.createdAt.getTime() - 3_600_000)),
            eq(callRecords.bindId, bind.bindId),
          ),
        ),
    ),

  /** A dial request by its bind id, whatever the tenant (callbacks carry no session). */
  findBind: (db: TDb, bindId: string): Promise<TBindRow | null> =>
    firstRow(db.select().from(callBinds).where(eq(callBinds.bindId, bindId))),

  /**
   * Every enterprise's soft-phone dial requests under way through Kamailio (a Call-ID noted, not
   * ended): those a Kamailio that started no longer carries. The server's own connection.
   */
  liveSipBinds: (db: TDb) =>
    db
      .select({ bindId: callBinds.bindId, callId: callBinds.callId })
      .from(callBinds)
      .where(and(isNotNull(callBinds.callId), inArray(callBinds.state, ['ringing', 'talking']))),

  /** `callId`: the soft-phone call's SIP Call-ID, noted with its INVITE (监听 finds the call by it). */
  setBindState: (
    db: TDb,
    tenantId: number,
    bindId: string,
    state: string,
    onlyFrom?: string[],
    callId?: string,
    at = new Date(),
  ) =>
    db
      .update(callBinds)
      .set({ state, updatedAt: at, ...(callId ? { callId } : {}) })
      .where(
        and(
          eq(callBinds.tenantId, tenantId),
          eq(callBinds.bindId, bindId),
          onlyFrom ? inArray(callBinds.state, onlyFrom) : undefined,
        ),
      ),

  /**
   * Writes a call record once per carrier call id: a repeated callback finds the record already
   * there and changes nothing. Answers whether this call wrote it.
   */
  insertRecordOnce: async (db: TDb, row: TCallRecordInsert) => {
    const inserted = await db
      .insert(callRecords)
      .values(row)
      .onConflictDoNothing({ target: [callRecords.carrierCallId, callRecords.tenantId] })
      .returning({ id: callRecords.id });
    return inserted[0]?.id ?? null;
  },

  /**
   * `insertRecordOnce` with the call's charge in the same statement (billing's `prepareCharge`:
   * charging adds no round trip to a record's ingestion): the record is the statement's `rec`,
   * and the charge's parts write only for a record written. Answers the record's id (null: there
   * already) and the charge's columns for its `settle`.
   */
  insertChargedRecordOnce: async (db: TDb, row: TCallRecordInsert, charge: TPreparedCharge) => {
    const insert = db
      .insert(callRecords)
      .values(row)
      .onConflictDoNothing({ target: [callRecords.carrierCallId, callRecords.tenantId] })
      .returning({ id: callRecords.id });
    const parts = charge.sql(sql`rec`);
    const [found] = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql`with rec as (${insert.getSQL()}), ${parts.ctes} select (select id from rec) as id, ${parts.columns}`,
      ),
    );
    return { id: found?.id === null || found?.id === undefined ? null : Number(found.id), row: found };
  },

  /** The ids of the platform's active lines (the line picker asks the seat area about each). */
  /** What 回拨 needs of a call record: whose it is (the data scope), the number and the customer. */
  recordToCallBack: (db: TDb, tenantId: number, id: number) =>
    firstRow(
      db
        .select({
          userId: callRecords.userId,
          deptId: callRecords.deptId,
          telB: callRecords.telB,
          customerId: callRecords.customerId,
          callType: callRecords.callType,
        })
        .from(callRecords)
        .where(tenantRowIs(callRecords, tenantId, id)),
    ),

  /** The active call-back lines (mode 0), for 回拨's default line. */
  activeLineIdsOfMode: async (db: TDb, mode: number) =>
    (
      await db
        .select({ id: lines.id })
        .from(lines)
        .where(and(eq(lines.status, 'active'), eq(lines.mode, mode)))
        .orderBy(lines.id)
    ).map((r) => r.id),

  activeLineIds: async (db: TDb) =>
    (await db.select({ id: lines.id }).from(lines).where(eq(lines.status, 'active')).orderBy(lines.id)).map(
      (r) => r.id,
    ),

  /** A person's own number: the call-back line rings it first (telA). */
  userMobile: async (db: TDb, tenantId: number, userId: number) =>
    (
      await firstRow(
        db
          .select({ mobile: users.mobile })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.tenantId, tenantId))),
      )
    )?.mobile ?? '',
};
