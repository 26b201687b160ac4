import { and, asc, count, desc, eq, gte, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { tenants } from '../../db/schema.js';
import { likeOf } from '../../db/sql.js';
import { feedbacks, feedbackMessages as messages } from './feedback.schema.js';

export type TFeedbackRow = { feedback: typeof feedbacks.$inferSelect; enterpriseName: string };

/** Who a read is for: one sender, or (`userId` null) every sender of the enterprise. */
export type TFeedbackOwner = { tenantId: number; userId: number | null };

export type TQueueFilter = { state?: string; kind?: string; enterpriseName?: string; since?: Date };

const columns = { feedback: feedbacks, enterpriseName: tenants.name };

const ownedBy = (o: TFeedbackOwner): SQL =>
  o.userId === null
    ? eq(feedbacks.tenantId, o.tenantId)
    : and(eq(feedbacks.tenantId, o.tenantId), eq(feedbacks.userId, o.userId))!;

const queueWhere = (f: TQueueFilter): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.state) conds.push(eq(feedbacks.state, f.state));
  if (f.kind) conds.push(eq(feedbacks.kind, f.kind));
  if (f.enterpriseName) conds.push(ilike(tenants.name, likeOf(f.enterpriseName)));
  if (f.since) conds.push(gte(feedbacks.createdAt, f.since));
  return conds.length ? and(...conds) : undefined;
};

const listed = (db: TDb, where: SQL | undefined) =>
  db
    .select(columns)
    .from(feedbacks)
    .innerJoin(tenants, eq(tenants.id, feedbacks.tenantId))
    .where(where)
    .orderBy(desc(feedbacks.id))
    .$dynamic();

const counted = (db: TDb, where: SQL | undefined) =>
  db.select({ n: count() }).from(feedbacks).innerJoin(tenants, eq(tenants.id, feedbacks.tenantId)).where(where);

export const feedbackRepository = {
  /** Inserts unless this sender already sent with this form key; returns the new row's id or null. */
  insert: async (db: TDb, row: typeof feedbacks.$inferInsert) =>
    (
      await db
        .insert(feedbacks)
        .values(row)
        .onConflictDoNothing({ target: [feedbacks.tenantId, feedbacks.userId, feedbacks.requestKey] })
        .returning({ id: feedbacks.id })
    )[0]?.id ?? null,

  idOfKey: async (db: TDb, tenantId: number, userId: number, requestKey: string) =>
    (
      await firstRow(
        db
          .select({ id: feedbacks.id })
          .from(feedbacks)
          .where(
            and(eq(feedbacks.tenantId, tenantId), eq(feedbacks.userId, userId), eq(feedbacks.requestKey, requestKey)),
          ),
      )
    )?.id ?? null,

  /** One feedback; `owner` null: any enterprise's (the platform). */
  one: (db: TDb, id: number, owner: TFeedbackOwner | null): Promise<TFeedbackRow | null> =>
    firstRow(listed(db, owner ? and(eq(feedbacks.id, id), ownedBy(owner)) : eq(feedbacks.id, id))),

  mine: (db: TDb, owner: TFeedbackOwner, state: string | undefined, q: { page: number; limit: number }) => {
    const where = and(ownedBy(owner), state ? eq(feedbacks.state, state) : undefined);
    return pageOf(counted(db, where), listed(db, where), q);
  },

  /** Every enterprise's feedback: the platform operator's queue. */
  queue: (db: TDb, f: TQueueFilter, q: { page: number; limit: number }) =>
    pageOf(counted(db, queueWhere(f)), listed(db, queueWhere(f)), q),

  messages: (db: TDb, feedbackId: number) =>
    db.select().from(messages).where(eq(messages.feedbackId, feedbackId)).orderBy(asc(messages.id)),

  addMessage: (db: TDb, row: typeof messages.$inferInsert) => db.insert(messages).values(row),

  /**
   * Moves a feedback that is not closed to `state` in one statement (a reply also counts itself);
   * returns its sender, or null when it was closed (or, with `onlyFrom`, not in that state).
   */
  moveOpen: async (db: TDb, id: number, state: string, opts: { isReply?: boolean; onlyFrom?: string } = {}) =>
    (
      await db
        .update(feedbacks)
        .set({
          state,
          updatedAt: new Date(),
          ...(opts.isReply ? { replyCount: sql`${feedbacks.replyCount} + 1` } : {}),
          ...(state === 'closed' ? { closedAt: new Date() } : {}),
        })
        .where(
          and(eq(feedbacks.id, id), opts.onlyFrom ? eq(feedbacks.state, opts.onlyFrom) : ne(feedbacks.state, 'closed')),
        )
        .returning({ tenantId: feedbacks.tenantId, userId: feedbacks.userId })
    )[0] ?? null,
};
