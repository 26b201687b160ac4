import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { lines, packets, seats, tenants } from '../../db/schema.js';
import { livePacketSql } from '../packet/index.js';
import { agentLines } from './agent-stock.schema.js';

// 开通线路 and 线路库存 (decision 0020 "Line stock and the agent's packages"). Every read
// of the agent's enterprises' rows starts from `tenants.agent_id = agent`; the services run them
// across tenants.

const num = (v: unknown) => Number(v ?? 0);

/** A line as the agent's line pages show it: its mode and base prices. */
export const agentLineColumns = {
  lineId: lines.id,
  lineName: lines.name,
  mode: lines.mode,
  pricePerMinute: lines.pricePerMinute,
  seatPricePerMonth: lines.seatPricePerMonth,
};

export const agentStockRepository = {
  /** Every active line of the platform with whether (and since when) it is opened for the agent. */
  openings: (db: TDb, agentId: number) =>
    db
      .select({ ...agentLineColumns, openedAt: agentLines.openedAt })
      .from(lines)
      .leftJoin(agentLines, and(eq(agentLines.lineId, lines.id), eq(agentLines.agentId, agentId)))
      .where(eq(lines.status, 'active'))
      .orderBy(asc(lines.id)),

  /** How many of these ids are active lines. */
  activeLineCount: async (db: TDb, ids: number[]) =>
    ids.length === 0
      ? 0
      : (
          await db
            .select({ id: lines.id })
            .from(lines)
            .where(and(inArray(lines.id, ids), eq(lines.status, 'active')))
        ).length,

  /**
   * Sets the agent's opened lines to exactly `ids`: the others' rows go (what was bought on them
   * keeps working), the new ones come in; an opening kept keeps its first time.
   */
  setOpened: async (db: TDb, agentId: number, ids: number[], by: number) => {
    // Two settings of one agent at once run one after the other (else each deletes what it sees and
    // both inserts survive: a set neither asked for). Keyed (migration number, agent).
    await db.execute(sql`select pg_advisory_xact_lock(52, ${agentId}::int)`);
    await db
      .delete(agentLines)
      .where(
        ids.length === 0
          ? eq(agentLines.agentId, agentId)
          : and(eq(agentLines.agentId, agentId), notInArray(agentLines.lineId, ids)),
      );
    if (ids.length > 0) {
      await db
        .insert(agentLines)
        .values(ids.map((lineId) => ({ agentId, lineId, openedBy: by })))
        .onConflictDoNothing();
    }
  },

  /** At an agent's creation: every active line of the platform opened (decision 0020). */
  openAll: (db: TDb, agentId: number, by: number) =>
    db.execute(
      sql`insert into ${agentLines} (agent_id, line_id, opened_by)
          select ${agentId}, id, ${by} from ${lines} where status = 'active' on conflict do nothing`,
    ),

  /** The agent's opened lines that are active. */
  opened: (db: TDb, agentId: number) =>
    db
      .select({ ...agentLineColumns, openedAt: agentLines.openedAt })
      .from(agentLines)
      .innerJoin(lines, and(eq(lines.id, agentLines.lineId), eq(lines.status, 'active')))
      .where(eq(agentLines.agentId, agentId))
      .orderBy(asc(lines.id)),

  /**
   * Per line, what the agent's enterprises hold: live seats, packages bought (with an order) and
   * their minutes, seconds left in live packages, and the enterprises holding a live one.
   */
  stock: async (db: TDb, agentId: number, now: Date) => {
    const at = now.toISOString();
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with ent as (select id from ${tenants} where agent_id = ${agentId}),
        s as (
          select line_id, tenant_id from ${seats}
          where tenant_id in (select id from ent) and status = 'active' and expire_at > ${at}::timestamptz
        ),
        p as (
          select line_id, tenant_id, total_minutes, used_seconds, order_id,
            ${livePacketSql('packets', now)} as live
          from ${packets} where tenant_id in (select id from ent)
        ),
        lines_used as (select line_id from s union select line_id from p)
        select l.id as line_id, l.name as line_name,
          (select count(*) from s where s.line_id = l.id)::int as live_seats,
          (select count(*) from p where p.line_id = l.id and p.order_id is not null)::int as packet_count,
          (select coalesce(sum(total_minutes), 0) from p where p.line_id = l.id and p.order_id is not null)::bigint as sold_minutes,
          (select coalesce(sum(total_minutes * 60 - used_seconds), 0) from p where p.line_id = l.id and p.live)::bigint as remaining,
          (select count(distinct tenant_id) from (select tenant_id from s where s.line_id = l.id
             union select tenant_id from p where p.line_id = l.id and p.live) h)::int as enterprises,
          exists (select 1 from ${agentLines} al where al.agent_id = ${agentId} and al.line_id = l.id) as opened
        from ${lines} l
        where l.id in (select line_id from lines_used)
           or l.id in (select line_id from ${agentLines} where agent_id = ${agentId})
        order by l.id`),
    );
    return rows.map((r) => ({
      lineId: num(r.line_id),
      lineName: String(r.line_name),
      opened: r.opened === true || r.opened === 't',
      enterpriseCount: num(r.enterprises),
      liveSeats: num(r.live_seats),
      packetCount: num(r.packet_count),
      soldMinutes: num(r.sold_minutes),
      remainingSeconds: num(r.remaining),
    }));
  },
};
