import { index, uniqueIndex } from 'drizzle-orm/pg-core';
import { ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/**
 * Who is online (migration 0045): Kamailio's registrations live in its memory, so
 * after every REGISTER, and when a WebSocket that carried one closes, it posts how long the person's
 * remaining contacts last (kamailio.cfg route REG_EVENT); one row per person, online while
 * `expiresAt` is ahead.
 * Migration 0045 also adds call_binds_live_idx on call_binds (tenant_id, created_at) WHERE state IN
 * ('created', 'ringing', 'talking'): the wallboard's live dial requests (declared there only, the
 * table belongs to call.schema.ts).
 */
export const sipRegistrations = tenantTable(
  'sip_registrations',
  {
    userId: ref('user_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('sip_registrations_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('sip_registrations_user_idx').on(t.userId, t.tenantId),
    index('sip_registrations_tenant_expires_idx').on(t.tenantId, t.expiresAt),
  ],
);
