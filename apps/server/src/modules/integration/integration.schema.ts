import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/** An enterprise's webhook endpoint: where its chosen events are sent, signed with its secret. */
export const webhookEndpoints = tenantTable(
  'webhook_endpoints',
  {
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** `whsec_<base64>`: both sides sign with it, so it is kept readable (shown on demand). */
    secret: text('secret').notNull(),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('webhook_endpoints_created_by_fkey', t, t.createdBy, users),
    index('webhook_endpoints_tenant_idx').on(t.tenantId, t.id),
  ],
);

/** One event for one endpoint (the outbox row), written with the business change that made it. */
export const webhookDeliveries = tenantTable(
  'webhook_deliveries',
  {
    endpointId: ref('endpoint_id').notNull(),
    /** The `webhook-id` header: the same for every attempt and re-send, so a receiver drops repeats. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending | succeeded | failed */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    nextAttemptAt: ts('next_attempt_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error').notNull().default(''),
    lastDurationMs: integer('last_duration_ms'),
    lastAttemptAt: ts('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('webhook_deliveries_endpoint_id_fkey', t, t.endpointId, webhookEndpoints, 'cascade'),
    uniqueIndex('webhook_deliveries_message_idx').on(t.endpointId, t.messageId, t.tenantId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.state, t.id.desc()),
  ],
);

/** Each attempt of a delivery: the delivery log. */
export const webhookAttempts = tenantTable(
  'webhook_attempts',
  {
    deliveryId: ref('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    at: ts('at').notNull().defaultNow(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error').notNull().default(''),
    nextRetryAt: ts('next_retry_at'),
  },
  (t) => [
    sameTenant('webhook_attempts_delivery_id_fkey', t, t.deliveryId, webhookDeliveries, 'cascade'),
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id),
  ],
);

/** A key of the open API: its SHA-256 only, a visible prefix, the permissions it was given. */
export const apiKeys = tenantTable(
  'api_keys',
  {
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    sameTenant('api_keys_created_by_fkey', t, t.createdBy, users),
    uniqueIndex('api_keys_hash_idx').on(t.keyHash, t.tenantId),
    index('api_keys_tenant_idx').on(t.tenantId, t.id.desc()),
  ],
);
