import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, refTo, tenantId, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/**
 * Notices; audience 'all', the tenants listed in notice_targets, or 'user': one person's own
 * notice (a CRM release reminder), addressed to his tenant in notice_targets and to him by user_id.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    audience: text('audience').notNull().default('all'),
    publisher: text('publisher').notNull(),
    /** The console screen the notice is about (a web path, e.g. 采购中心); null: the notice's own detail. */
    link: text('link'),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_idx').on(t.userId).where(sql`user_id IS NOT NULL`)],
);

export const noticeTargets = pgTable(
  'notice_targets',
  {
    noticeId: refTo('notice_id', () => notices.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.tenantId] }), index('notice_targets_tenant_idx').on(t.tenantId)],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: refTo('notice_id', () => notices.id, { onDelete: 'cascade' }),
    userId: refTo('user_id', () => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  // A deleted notice takes its read marks with it: the cascade looks for notice_id (migration 0033).
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] }), index('notice_reads_notice_idx').on(t.noticeId)],
);

export const dictData = pgTable(
  'dict_data',
  {
    id: id(),
    dictType: text('dict_type').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dict_data_type_value_idx').on(t.dictType, t.value)],
);

/** Brand options per host; host '' holds the platform defaults. */
export const brandOptions = pgTable(
  'brand_options',
  {
    id: id(),
    host: text('host').notNull().default(''),
    optionKey: text('option_key').notNull(),
    optionValue: text('option_value').notNull(),
    optionType: text('option_type').notNull().default('brand'),
  },
  (t) => [uniqueIndex('brand_options_host_key_idx').on(t.host, t.optionKey)],
);

export const operationLogs = tenantTable(
  'operation_logs',
  {
    userId: ref('user_id'),
    userName: text('user_name').notNull(),
    realName: text('real_name').notNull().default(''),
    module: text('module').notNull(),
    summary: text('summary').notNull(),
    route: text('route').notNull(),
    ip: text('ip').notNull(),
    result: text('result').notNull(),
    message: text('message').notNull().default(''),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('operation_logs_tenant_time_idx').on(t.tenantId, t.createdAt)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    tenantId: tenantId(),
    userId: ref('user_id').notNull(),
    /** Unguessable key (128-bit random) that names the file in its public URL. */
    key: text('key').notNull(),
    originalName: text('original_name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    /** Served only through its area's signed-in route (a caller report's documents), never the public one. */
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'uploads_pkey', columns: [t.id, t.tenantId] }),
    unique('uploads_key_unique').on(t.key, t.tenantId),
  ],
);
