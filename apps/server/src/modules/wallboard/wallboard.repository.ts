import { callbackLineMode, softphoneLineMode } from '@yunhu/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { sipRegistrations } from './wallboard.schema.js';

/** One person of the wallboard as the statement answers him (times as epoch ms). */
export type TWallboardRow = {
  userId: number;
  realName: string;
  deptName: string | null;
  softphone: boolean;
  callback: boolean;
  registeredAt: number | null;
  /** 'ringing' | 'talking' of his newest live call; null without one. */
  callState: string | null;
  callSince: number | null;
  /** 'number': partyText is a customer's number (masked by the service); 'colleague': a colleague's name. */
  partyKind: 'number' | 'colleague' | null;
  partyText: string | null;
};

/** A dial request still 'created' (INVITE or carrier not yet there) counts as ringing this long. */
const createdLiveMs = 2 * 60_000;
/** Any live row older than this is a call whose end was lost (dial.service's liveStaleAfterMs). */
const liveStaleMs = 2 * 3_600_000;

const ms = (col: ReturnType<typeof sql>) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/**
 * SQL of 实时监控. The read is one statement: the scope's people with a valid
 * soft-phone or call-back seat, their live registration, and their newest live call — a dial
 * request ringing or talking (tenant + created_at index), or a call without one (sip_calls, live
 * rows only), as caller or as the colleague called. No per-person query.
 */
export const wallboardRepository = {
  board: async (db: TDb, q: { tenantId: number; scope: TDataScope; now: Date }): Promise<TWallboardRow[]> => {
    const { tenantId, now } = q;
    const stale = new Date(now.getTime() - liveStaleMs);
    const created = new Date(now.getTime() - createdLiveMs);
    const scoped = scopeCondition(q.scope, { owner: users.id, dept: users.deptId });
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
      with seated as (
        select s.user_id,
          bool_or(l.mode = ${softphoneLineMode}) as softphone,
          bool_or(l.mode = ${callbackLineMode}) as callback
        from seats s join lines l on l.id = s.line_id
        where s.tenant_id = ${tenantId} and s.user_id is not null and s.status = 'active'
          and s.start_at <= ${now} and s.expire_at > ${now}
          and l.status = 'active' and l.mode in (${softphoneLineMode}, ${callbackLineMode})
        group by s.user_id
      ),
      live as (
        select b.user_id, case when b.state = 'talking' then 'talking' else 'ringing' end as state,
          case when b.state = 'created' then b.created_at else b.updated_at end as since,
          'number' as party_kind, b.tel_b as party_text, b.created_at
        from call_binds b
        where b.tenant_id = ${tenantId} and b.created_at > ${stale} and b.state in ('created', 'ringing', 'talking')
          and (b.state in ('ringing', 'talking') or (b.state = 'created' and b.created_at > ${created}))
        union all
        select c.user_id, c.state, coalesce(c.answered_at, c.created_at),
          case when c.peer_user_id is null then 'number' else 'colleague' end,
          case when c.peer_user_id is null then c.tel_b else pu.real_name end, c.created_at
        from sip_calls c left join users pu on pu.tenant_id = c.tenant_id and pu.id = c.peer_user_id
        where c.tenant_id = ${tenantId} and c.created_at > ${stale}
        union all
        select c.peer_user_id, c.state, coalesce(c.answered_at, c.created_at), 'colleague', cu.real_name, c.created_at
        from sip_calls c join users cu on cu.tenant_id = c.tenant_id and cu.id = c.user_id
        where c.tenant_id = ${tenantId} and c.created_at > ${stale} and c.peer_user_id is not null
      ),
      newest as (
        select distinct on (user_id) * from live order by user_id, (state = 'talking') desc, created_at desc
      )
      select users.id as user_id, users.real_name, d.name as dept_name, seated.softphone, seated.callback,
        ${ms(sql`r.updated_at`)} as registered_at, n.state as call_state, ${ms(sql`n.since`)} as call_since,
        n.party_kind, n.party_text
      from seated
        join users on users.id = seated.user_id
        left join departments d on d.tenant_id = users.tenant_id and d.id = users.dept_id
        left join sip_registrations r on r.user_id = users.id and r.tenant_id = ${tenantId} and r.expires_at > ${now}
        left join newest n on n.user_id = users.id
      where users.tenant_id = ${tenantId} and users.status = 'active' ${scoped ? sql`and ${scoped}` : sql``}
      order by d.name nulls last, users.real_name, users.id`),
    );
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      userId: Number(r.user_id),
      realName: String(r.real_name),
      deptName: (r.dept_name as string | null) ?? null,
      softphone: r.softphone === true,
      callback: r.callback === true,
      registeredAt: num(r.registered_at),
      callState: (r.call_state as string | null) ?? null,
      callSince: num(r.call_since),
      partyKind: (r.party_kind as TWallboardRow['partyKind']) ?? null,
      partyText: (r.party_text as string | null) ?? null,
    }));
  },

  /**
   * A registration as Kamailio reports it (route REG_EVENT): online until `expiresAt`, or offline
   * (no contact left). Kamailio's events carry no tenant, so this runs on the server's connection
   * with the tenant of the key, like the call events (sip-call.repository.ts).
   */
  upsert: (db: TDb, row: { tenantId: number; userId: number; expiresAt: Date; at: Date }) =>
    db
      .insert(sipRegistrations)
      .values({ ...row, updatedAt: row.at })
      .onConflictDoUpdate({
        target: [sipRegistrations.userId, sipRegistrations.tenantId],
        // A registration that stays keeps its "since" (updated_at moves only when it starts again).
        set: {
          tenantId: row.tenantId,
          expiresAt: row.expiresAt,
          updatedAt: sql`case when ${sipRegistrations.expiresAt} > ${row.at} then ${sipRegistrations.updatedAt} else ${row.at} end`,
        },
      }),

  /** Until when the person's soft-phone is registered, null when it is not now. */
  registeredUntil: async (db: TDb, tenantId: number, userId: number, now: Date) =>
    (
      await db
        .select({ expiresAt: sipRegistrations.expiresAt })
        .from(sipRegistrations)
        .where(
          and(
            eq(sipRegistrations.tenantId, tenantId),
            eq(sipRegistrations.userId, userId),
            gt(sipRegistrations.expiresAt, now),
          ),
        )
    )[0]?.expiresAt ?? null,

  remove: (db: TDb, userId: number) => db.delete(sipRegistrations).where(eq(sipRegistrations.userId, userId)),

  /** Every tenant's registrations (a Kamailio started): on the server's own connection, like upsert. */
  forgetAll: (db: TDb) => db.delete(sipRegistrations),

  /** Soft-phones registered now, every tenant's (the operator's metrics; the server's own connection). */
  onlineCount: async (db: TDb, now: Date): Promise<number> =>
    Number(
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from sip_registrations where expires_at > ${now}`),
      )[0]?.n ?? 0,
    ),

  /**
   * Calls under way across every tenant, by the board's own rules of what is live: dial requests
   * ringing or talking (a 'created' one only for its first minutes) and SIP calls without one.
   */
  liveCallCounts: async (db: TDb, now: Date): Promise<{ kind: 'dial' | 'sip'; state: string; n: number }[]> => {
    const stale = new Date(now.getTime() - liveStaleMs);
    const created = new Date(now.getTime() - createdLiveMs);
    const rows = rowsOf<{ kind: 'dial' | 'sip'; state: string; n: number }>(
      await db.execute(sql`
      select 'dial' as kind, case when state = 'talking' then 'talking' else 'ringing' end as state, count(*)::int as n
      from call_binds
      where created_at > ${stale} and state in ('created', 'ringing', 'talking')
        and (state in ('ringing', 'talking') or created_at > ${created})
      group by 2
      union all
      select 'sip', state, count(*)::int from sip_calls where created_at > ${stale} group by 2`),
    );
    return rows.map((r) => ({ kind: r.kind, state: r.state, n: Number(r.n) }));
  },

  /**
   * The SIP Call-IDs of the calls under way as liveCallCounts counts them, every tenant: dial
   * requests ringing or talking (their partial index) and calls without one (sip_calls, live rows only).
   */
  liveCallIds: async (db: TDb, now: Date): Promise<string[]> => {
    const stale = new Date(now.getTime() - liveStaleMs);
    const rows = rowsOf<{ callId: string }>(
      await db.execute(sql`
      select call_id as "callId" from call_binds
      where call_id is not null and state in ('ringing', 'talking') and created_at > ${stale}
      union
      select call_id from sip_calls where created_at > ${stale}`),
    );
    return rows.map((r) => r.callId);
  },
};
