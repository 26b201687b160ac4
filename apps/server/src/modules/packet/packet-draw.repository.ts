import { type SQL, sql } from 'drizzle-orm';
import { usableBy } from './packet-share.repository.js';
import { livePacketSql } from './packet-state.repository.js';
import type { TPacketTake } from './packet-usage.repository.js';

/**
 * Billing's draw on the packages as parts of its own statements (docs/decisions/0018-billing.md
 * "Charging once"): a call's charge costs one round trip more than a free call's ingestion, so the
 * packages are locked by the rating read and drawn on by the charge's statement, each a fragment of
 * the packet area's (the selection's rule is here, once).
 */

/**
 * The packages a call of `userId` on a line may draw on at `at`, earliest expiry first, locked
 * FOR UPDATE until the transaction ends (a select, for a `with` of the caller's): active, expiring
 * after the call's start, seconds left, and usable by the person (package sharing:
 * `usableBy`). Columns: id, name, expire_at, remaining (seconds). Parallel charges of one line queue
 * on the lock, and each sees what the one before it left (a row a locked read waited for is read
 * again at its newest version).
 */
export const usablePacketsForUpdate = (q: { tenantId: number; userId: number; lineId: number; at: Date }): SQL => sql`
  select id, name, expire_at, total_minutes * 60 - used_seconds as remaining from packets
  where tenant_id = ${q.tenantId} and line_id = ${q.lineId} and ${livePacketSql('packets', q.at)}
    and ${usableBy(sql`packets.id`, q.userId)}
  order by expire_at, id
  for update`;

/**
 * Takes the seconds of each take from its package (an update returning each package's id, for a
 * `with` of the caller's). The caller holds the packages' locks (`usablePacketsForUpdate` in the
 * same transaction) and takes no more than each had left; the check constraint of migration 0041
 * keeps every package within its minutes whatever happens. `when` (SQL) makes it conditional on the
 * rest of the caller's statement (the record it writes).
 */
export const drawPacketSeconds = (takes: TPacketTake[], when: SQL = sql`true`): SQL => sql`
  update packets p set used_seconds = p.used_seconds + t.seconds
  from unnest(${`{${takes.map((t) => t.packetId).join(',')}}`}::bigint[],
    ${`{${takes.map((t) => t.seconds).join(',')}}`}::int[]) as t(id, seconds)
  where p.id = t.id and ${when}
  returning p.id`;
