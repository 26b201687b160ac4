import { integer, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, refTo, ts } from '../../db/columns.js';
import { packets } from '../packet/packet.schema.js';

/**
 * What a move of a package's remainder records, to another enterprise (套餐转移, packet_transfers)
 * or to another line (套餐变更, packet_changes): the source package, closed with its usage, and the
 * new one holding exactly the rest (seconds = source total − source used), with the same expiry.
 * A function: each table takes its own columns.
 */
export const packetMoveColumns = () => ({
  fromPacketId: refTo('from_packet_id', () => packets.id),
  toPacketId: refTo('to_packet_id', () => packets.id),
  packetName: text('packet_name').notNull(),
  seconds: integer('seconds').notNull(),
  sourceTotalSeconds: integer('source_total_seconds').notNull(),
  sourceUsedSeconds: integer('source_used_seconds').notNull(),
  expireAt: ts('expire_at').notNull(),
  createdBy: ref('created_by'),
  createdByName: text('created_by_name').notNull().default(''),
  createdAt: createdAt(),
});
