import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, ts } from '../../db/columns.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { packets } from '../packet/packet.schema.js';

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
    agentId: ref('agent_id')
      .notNull()
      .references(() => tenants.id),
    fromTenantId: ref('from_tenant_id')
      .notNull()
      .references(() => tenants.id),
    toTenantId: ref('to_tenant_id')
      .notNull()
      .references(() => tenants.id),
    fromPacketId: ref('from_packet_id')
      .notNull()
      .references(() => packets.id),
    toPacketId: ref('to_packet_id')
      .notNull()
      .references(() => packets.id),
    lineId: ref('line_id')
      .notNull()
      .references(() => lines.id),
    packetName: text('packet_name').notNull(),
    seconds: integer('seconds').notNull(),
    sourceTotalSeconds: integer('source_total_seconds').notNull(),
    sourceUsedSeconds: integer('source_used_seconds').notNull(),
    expireAt: ts('expire_at').notNull(),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('packet_transfers_no_idx').on(t.transferNo),
    uniqueIndex('packet_transfers_from_packet_idx').on(t.fromPacketId),
    uniqueIndex('packet_transfers_to_packet_idx').on(t.toPacketId),
    index('packet_transfers_agent_created_idx').on(t.agentId, t.createdAt, t.id),
  ],
);
