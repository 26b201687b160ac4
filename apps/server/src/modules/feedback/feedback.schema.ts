import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/** 意见反馈: what a user sent (kind, text, screenshots) and where the platform's handling of it stands. */
export const feedbacks = tenantTable(
  'feedbacks',
  {
    userId: ref('user_id').notNull(),
    author: text('author').notNull(),
    /** suggestion | problem | complaint | other */
    kind: text('kind').notNull(),
    content: text('content').notNull(),
    screenshots: text('screenshots').array().notNull().default(sql`'{}'::text[]`),
    /** pending | processing | replied | closed */
    state: text('state').notNull().default('pending'),
    replyCount: integer('reply_count').notNull().default(0),
    /** The sender's form key: a double click or a retry sends once. */
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    sameTenant('feedbacks_user_id_fkey', t, t.userId, users),
    uniqueIndex('feedbacks_request_idx').on(t.tenantId, t.userId, t.requestKey),
    index('feedbacks_user_idx').on(t.tenantId, t.userId, t.id),
    // The platform's queue: by state, newest first.
    index('feedbacks_state_idx').on(t.state, t.createdAt),
  ],
);

/** The thread under a feedback: the platform's replies and the sender's follow-ups, oldest first. */
export const feedbackMessages = tenantTable(
  'feedback_messages',
  {
    feedbackId: ref('feedback_id').notNull(),
    /** user | platform */
    side: text('side').notNull(),
    author: text('author').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('feedback_messages_feedback_id_fkey', t, t.feedbackId, feedbacks, 'cascade'),
    index('feedback_messages_feedback_idx').on(t.feedbackId, t.id),
  ],
);
