import { index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, refTo, ts } from '../../db/columns.js';
import { lineRef, lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { agentRef } from './agent.schema.js';
import { packetMoveColumns } from './agent-packet-move.schema.js';

/**
 * The lines the platform opened for an agent (migration 0052, decision 0020 "Line stock
 * and the agent's packages"): its enterprises buy seats and packages only on these. Not a tenant
 * table: the buying enterprise's transaction reads its agent's lines. Closing a line deletes its row;
 * what was bought on it keeps working.
 */
export const agentLines = pgTable(
  'agent_lines',
  {
    agentId: agentRef(),
    lineId: lineRef(),
    openedBy: ref('opened_by'),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'agent_lines_pk', columns: [t.agentId, t.lineId] })],
);

/**
 * 套餐变更 (migration 0052): one record per move of a package's remainder to another of the
 * agent's opened lines, within one enterprise. The source package is closed (`status = 'changed'`,
 * its usage stays with the old line); the new package on the new line holds exactly the rest.
 */
export const packetChanges = pgTable(
  'packet_changes',
  {
    id: id(),
    agentId: agentRef(),
    // The enterprise whose package changed; named apart from tenant_id, since this is not a tenant
    // table (no row-level policy: only the agent reads it, across its enterprises).
    enterpriseId: refTo('enterprise_id', () => tenants.id),
    fromLineId: refTo('from_line_id', () => lines.id),
    toLineId: refTo('to_line_id', () => lines.id),
    ...packetMoveColumns(),
  },
  (t) => [
    uniqueIndex('packet_changes_from_packet_idx').on(t.fromPacketId),
    uniqueIndex('packet_changes_to_packet_idx').on(t.toPacketId),
    index('packet_changes_agent_created_idx').on(t.agentId, t.createdAt, t.id),
  ],
);
