import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, refTo } from '../../db/columns.js';
import { lineRef } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { agentRef } from './agent.schema.js';
import { packetMoveColumns } from './agent-packet-move.schema.js';

/**
 * 套餐转移 (migration 0047, decision 0020 "Package transfers"): one record per move of a
 * package's remainder from one of an agent's enterprises to another. Its two sides are the source
 * package (closed, `status = 'transferred'`, its usage stays with it) and the target's new package.
 * Not a tenant table: it names two enterprises; only their agent reads it. The checks (seconds moved
 * = total − used, two different enterprises) are in the migration.
 */
export const packetTransfers = pgTable(
  'packet_transfers',
  {
    id: id(),
    transferNo: text('transfer_no').notNull(),
    agentId: agentRef(),
    fromTenantId: refTo('from_tenant_id', () => tenants.id),
    toTenantId: refTo('to_tenant_id', () => tenants.id),
    lineId: lineRef(),
    ...packetMoveColumns(),
  },
  (t) => [
    uniqueIndex('packet_transfers_no_idx').on(t.transferNo),
    uniqueIndex('packet_transfers_from_packet_idx').on(t.fromPacketId),
    uniqueIndex('packet_transfers_to_packet_idx').on(t.toPacketId),
    index('packet_transfers_agent_created_idx').on(t.agentId, t.createdAt, t.id),
  ],
);
