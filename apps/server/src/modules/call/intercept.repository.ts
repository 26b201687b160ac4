import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { attemptLogPage, type TAttemptFilter } from '../../db/attempt-log.js';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import type { TDataScope } from '../../db/scope.js';
import { callBinds } from './call.schema.js';
import { callIntercepts } from './intercept.schema.js';
import { sipAccounts } from './sip.schema.js';

export type TInterceptInsert = Omit<typeof callIntercepts.$inferInsert, 'id' | 'createdAt'>;

export type TInterceptFilter = TAttemptFilter & { reason?: string };

/**
 * SQL of the SIP edge's authorisation (a dial request's bind taken by the one INVITE it was made
 * for) and of 呼叫拦截记录. Kamailio's look-ups carry no tenant: they run on the server's own
 * connection like the other bind look-ups (call.repository.ts); the list runs in the reader's.
 */
export const interceptRepository = {
  /**
   * Takes the bind for this INVITE in one statement: only a soft-phone request still 'created', no
   * call placed on it yet, made after `since`, by the person whose key is `sipUser`, and for
   * `number` when one is named. Of INVITEs racing for it, one gets its number; the others null.
   */
  claimBind: async (
    db: TDb,
    q: { bindId: string; sipUser: string; callId: string; since: Date; number: string | null },
  ): Promise<{ telB: string } | null> => {
    const owner = db
      .select({ tenantId: sipAccounts.tenantId, userId: sipAccounts.userId })
      .from(sipAccounts)
      .where(eq(sipAccounts.sipUser, q.sipUser));
    const [row] = await db
      .update(callBinds)
      .set({ callId: q.callId, updatedAt: new Date() })
      .where(
        and(
          eq(callBinds.bindId, q.bindId),
          eq(callBinds.state, 'created'),
          isNull(callBinds.callId),
          gt(callBinds.createdAt, q.since),
          sql`(${callBinds.tenantId}, ${callBinds.userId}) in (${owner})`,
          q.number === null ? undefined : eq(callBinds.telB, q.number),
        ),
      )
      .returning({ telB: callBinds.telB });
    return row ?? null;
  },

  /** A bind as the refusal of a claim needs it: whose, for which number, whether used, when made. */
  bindForVerdict: (db: TDb, bindId: string) =>
    firstRow(
      db
        .select({
          telB: callBinds.telB,
          state: callBinds.state,
          callId: callBinds.callId,
          createdAt: callBinds.createdAt,
          sipUser: sipAccounts.sipUser,
        })
        .from(callBinds)
        .leftJoin(
          sipAccounts,
          and(eq(sipAccounts.tenantId, callBinds.tenantId), eq(sipAccounts.userId, callBinds.userId)),
        )
        .where(eq(callBinds.bindId, bindId)),
    ),

  /** One row per refused INVITE: a repeat of one already written (same enterprise and Call-ID) adds none. */
  insert: async (db: TDb, row: TInterceptInsert) => {
    await db.insert(callIntercepts).values(row).onConflictDoNothing();
  },

  /** 呼叫拦截记录: the refusals within the data scope (the caller and his department), newest first. */
  page: (db: TDb, tenantId: number, scope: TDataScope, q: TInterceptFilter) =>
    attemptLogPage(
      db,
      callIntercepts,
      {
        id: callIntercepts.id,
        number: callIntercepts.number,
        reason: callIntercepts.reason,
        sipUser: callIntercepts.sipUser,
        sourceIp: callIntercepts.sourceIp,
        createdAt: callIntercepts.createdAt,
      },
      { tenantId, scope, filter: q, also: q.reason ? eq(callIntercepts.reason, q.reason) : undefined },
    ),
};
