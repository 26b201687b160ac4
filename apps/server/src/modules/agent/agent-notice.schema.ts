import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from '../../db/columns.js';
import { notices } from '../system/system.schema.js';
import { agentRef } from './agent.schema.js';

// An agent's notices to its enterprises (migration 0048, docs/decisions/0020-resellers.md).

/**
 * Which agent published which notice of the bell (system area's `notices`, addressed to its
 * enterprises through `notice_targets`), under the publish dialog's request key: one notice per key.
 * Not a tenant table (like agent_prices): keyed by the agent. `notice_id` is null only inside the
 * publishing transaction, between claiming the key and writing the notice.
 */
export const agentNotices = pgTable(
  'agent_notices',
  {
    id: id(),
    agentId: agentRef(),
    noticeId: ref('notice_id').references(() => notices.id, { onDelete: 'cascade' }),
    /** 'all' (every enterprise of the agent at publication) or 'chosen'. */
    audience: text('audience').notNull(),
    requestKey: text('request_key').notNull(),
    enterpriseCount: integer('enterprise_count').notNull().default(0),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agent_notices_request_key_idx').on(t.agentId, t.requestKey),
    index('agent_notices_agent_created_idx').on(t.agentId, t.createdAt, t.id),
  ],
);
