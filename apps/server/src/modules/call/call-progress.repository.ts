import { softphoneLineMode } from '@yunhu/contract';
import { and, eq, gt, inArray, ne, or } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { hasRow } from '../../db/first.js';
import { bindsOfPersonSince } from './call.repository.js';
import { callBinds } from './call.schema.js';

/** What a carrier reports while its call happens (callback-progress.ts). */
export type TCarrierProgressEvent = 'ringing' | 'answered';

/**
 * SQL of a call's progress: the carrier's progress events move a dial request forward
 * only (a late or repeated event changes nothing), and the dial flow asks whether the person has a
 * call under way.
 */
export const callProgressRepository = {
  /**
   * 'ringing': the customer's phone rings (from the order, progress ''); 'answered': the call is
   * talking (from ringing). A request already over, or further on, is left as it is.
   */
  advance: async (db: TDb, tenantId: number, bindId: string, event: TCarrierProgressEvent) => {
    const at = new Date();
    const where = and(eq(callBinds.tenantId, tenantId), eq(callBinds.bindId, bindId), eq(callBinds.state, 'ringing'));
    const changed =
      event === 'ringing'
        ? await db
            .update(callBinds)
            .set({ progress: 'ringing', updatedAt: at })
            .where(and(where, eq(callBinds.progress, '')))
            .returning({ id: callBinds.id })
        : await db
            .update(callBinds)
            .set({ state: 'talking', progress: 'talking', updatedAt: at })
            .where(where)
            .returning({ id: callBinds.id });
    return changed.length > 0;
  },

  /**
   * Whether the person has a carrier call under way (a call-back or app line rings his own phone):
   * a request ringing since `ringingSince` or talking since `talkingSince` (older ones went stale:
   * a lost callback must not stop him dialing). Soft-phone calls are the page's phone's, which
   * holds one call at a time and refuses a second itself.
   */
  hasCallUnderWay: (db: TDb, q: { tenantId: number; userId: number; ringingSince: Date; talkingSince: Date }) =>
    hasRow(
      db
        .select({ id: callBinds.id })
        .from(callBinds)
        .where(
          and(
            bindsOfPersonSince(q, q.talkingSince),
            ne(callBinds.lineMode, softphoneLineMode),
            inArray(callBinds.state, ['ringing', 'talking']),
            or(eq(callBinds.state, 'talking'), gt(callBinds.createdAt, q.ringingSince)),
          ),
        ),
    ),
};
