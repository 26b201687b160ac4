import { type SQL, sql } from 'drizzle-orm';

// packetState (packet-state.ts) for rows: `alias` names the `packets` row in the caller's statement
// (`p`, or `packets` where the table is not aliased). Times are compared as timestamptz.

const columnsOf = (alias: string) => {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  return { status: c('status'), used: c('used_seconds'), total: c('total_minutes'), expireAt: c('expire_at') };
};

/** An active package with seconds left that has not expired at `at`: one calls may draw on. */
export const livePacketSql = (alias: string, at: Date): SQL => {
  const p = columnsOf(alias);
  return sql`(${p.status} = 'active' and ${p.used} < ${p.total} * 60 and ${p.expireAt} > ${at.toISOString()}::timestamptz)`;
};

/** The package's state at `at` (TPacketState), as packetState reads it. */
export const packetStateSql = (alias: string, at: Date): SQL<string> => {
  const p = columnsOf(alias);
  return sql<string>`(case when ${p.status} in ('frozen', 'refunded', 'transferred', 'changed') then ${p.status}
    when ${p.used} >= ${p.total} * 60 then 'used'
    when ${p.expireAt} <= ${at.toISOString()}::timestamptz then 'expired' else 'active' end)`;
};
