import { pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ref, ts } from '../../db/columns.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';

/**
 * The lines the platform opened for an agent (issue 18, migration 0052, decision 0020 "Line stock
 * and the agent's packages"): its enterprises buy seats and packages only on these. Not a tenant
 * table: the buying enterprise's transaction reads its agent's lines. Closing a line deletes its row;
 * what was bought on it keeps working.
 */
export const agentLines = pgTable(
  'agent_lines',
  {
    agentId: ref('agent_id')
      .notNull()
      .references(() => tenants.id),
    lineId: ref('line_id')
      .notNull()
      .references(() => lines.id),
    openedBy: ref('opened_by'),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'agent_lines_pk', columns: [t.agentId, t.lineId] })],
);
