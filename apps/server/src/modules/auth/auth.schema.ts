import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, sameTenant, tenantId, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/** Sign-in sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').notNull(),
    userId: ref('user_id').notNull(),
    tenantId: tenantId(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  // Keyed by the token's hash with the enterprise (ready to distribute by tenant); a request's
  // session is found by the hash alone, the key's first column.
  (t) => [
    sameTenant('sessions_user_id_users_id_fk', t, t.userId, users, 'cascade'),
    primaryKey({ name: 'sessions_pkey', columns: [t.tokenHash, t.tenantId] }),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * Counters of the sign-in and SMS limits, one row per key (e.g. 'pw:src:<ip>:u:<id>'), in a fixed
 * window. Kept in the database so every server process shares them; a try is taken by one atomic
 * upsert (auth.repository takeTry), so concurrent requests cannot pass a limit together.
 */
export const authCounters = pgTable('auth_counters', {
  key: text('key').primaryKey(),
  tries: integer('tries').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: ref('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_time_idx').on(t.mobile, t.createdAt)],
);

/** QR sign-in and binding tickets of the WeChat adapter. */
export const wechatTickets = pgTable('wechat_tickets', {
  ticket: text('ticket').primaryKey(),
  purpose: text('purpose').notNull(),
  /** waiting | scanned | confirmed | consumed */
  status: text('status').notNull().default('waiting'),
  openid: text('openid'),
  /** For a bind ticket: the signed-in user who asked for it. */
  userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});
