import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';

/** A live row older than this is a call whose end was lost (the wallboard's liveStaleMs). */
const liveStaleMs = 2 * 3_600_000;

/**
 * SQL of 监听: the SIP Call-ID of the call a person of the viewer's data scope is
 * talking in now — a dial request answered (its Call-ID noted at the INVITE, migration 0053) or a
 * call without one (sip_calls: a colleague's call on either side, an inbound call).
 */
export const listenRepository = {
  talkingCallOf: async (
    db: TDb,
    q: { tenantId: number; scope: TDataScope; userId: number; now: Date },
  ): Promise<string | null> => {
    const scoped = scopeCondition(q.scope, { owner: users.id, dept: users.deptId });
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, q.tenantId), eq(users.id, q.userId), scoped));
    if (!person) return null;
    const stale = new Date(q.now.getTime() - liveStaleMs);
    const rows = rowsOf<{ call_id: string }>(
      await db.execute(sql`
      select call_id from (
        select b.call_id, b.updated_at as at from call_binds b
        where b.tenant_id = ${q.tenantId} and b.user_id = ${q.userId} and b.state = 'talking'
          and b.call_id is not null and b.created_at > ${stale}
        union all
        select c.call_id, coalesce(c.answered_at, c.created_at) from sip_calls c
        where c.tenant_id = ${q.tenantId} and c.state = 'talking' and c.created_at > ${stale}
          and (c.user_id = ${q.userId} or c.peer_user_id = ${q.userId})
      ) live order by at desc limit 1`),
    );
    return rows[0]?.call_id ?? null;
  },
};
