import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { usableBy } from './packet-share.repository.js';
import { livePacketSql } from './packet-state.repository.js';

/** Seconds a call took from one package. */
export type TPacketTake = { packetId: number; name: string; seconds: number };

/**
 * Takes up to `seconds` of call time from the enterprise's packages of a line (billing,
 * docs/decisions/0018-billing.md), in one statement: the active packages valid at the call's start
 * with seconds left are locked FOR UPDATE, earliest expiry first, and each gives what it has left
 * until the call is covered. Parallel charges of one line queue on the lock and each sees what the
 * one before left; the check constraint of migration 0041 keeps every package within its minutes.
 * Answers what each package gave, in the order taken (nothing when none had seconds left).
 * (package sharing): only the packages the caller's user may draw on — restricted to nobody,
 * or to him (`usableBy`; no user: only the unrestricted ones); the lock is the same, so sharing changes and charges run one after the other.
 */
export const takePacketSeconds = async (
  tx: TDb,
  q: { tenantId: number; userId?: number; lineId: number; at: Date; seconds: number },
): Promise<TPacketTake[]> => {
  if (q.seconds <= 0) return [];
  return rowsOf<{ id: string | number; name: string; taken: number; before: string | number }>(
    await tx.execute(sql`
      with locked as (
        select id, name, expire_at, total_minutes * 60 - used_seconds as remaining from packets
        where tenant_id = ${q.tenantId} and line_id = ${q.lineId} and ${livePacketSql('packets', q.at)}
          and ${usableBy(sql`packets.id`, q.userId)}
        order by expire_at, id
        for update
      ), ordered as (
        select id, name, remaining, coalesce(sum(remaining) over (order by expire_at, id
          rows between unbounded preceding and 1 preceding), 0) as before
        from locked
      )
      update packets p set used_seconds = p.used_seconds + least(o.remaining, ${q.seconds} - o.before)
      from ordered o where p.id = o.id and o.before < ${q.seconds}
      returning p.id, o.name, least(o.remaining, ${q.seconds} - o.before)::int as taken, o.before`),
  )
    .map((r) => ({ packetId: Number(r.id), name: r.name, seconds: Number(r.taken), before: Number(r.before) }))
    .sort((a, b) => a.before - b.before)
    .map(({ before: _b, ...take }) => take);
};
