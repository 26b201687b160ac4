import { and, asc, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { tenantRowIs, tenantRows } from '../../db/tenant-rows.js';
import {
  webhookAttempts as attempts,
  webhookDeliveries as deliveries,
  webhookEndpoints as endpoints,
} from './integration.schema.js';

export type TEndpointRow = typeof endpoints.$inferSelect;
export type TDeliveryRow = typeof deliveries.$inferSelect;
export type TDueDelivery = TDeliveryRow & { url: string; secret: string };

/** What an attempt wrote: its result and, when it failed and may be tried again, when. */
export type TAttemptWrite = {
  status: number | null;
  durationMs: number;
  error: string;
  isOk: boolean;
  at: Date;
  nextAttemptAt: Date | null;
};

const ofTenant = (tenantId: number, id: number) => tenantRowIs(endpoints, tenantId, id);

export const webhookRepository = {
  endpoints: (db: TDb, tenantId: number) =>
    db.select().from(endpoints).where(eq(endpoints.tenantId, tenantId)).orderBy(asc(endpoints.id)),

  endpointCount: async (db: TDb, tenantId: number) =>
    (await db.select({ n: count() }).from(endpoints).where(eq(endpoints.tenantId, tenantId)))[0]?.n ?? 0,

  endpoint: (db: TDb, tenantId: number, id: number) =>
    firstRow(db.select().from(endpoints).where(ofTenant(tenantId, id))),

  insertEndpoint: async (db: TDb, row: typeof endpoints.$inferInsert) =>
    (await db.insert(endpoints).values(row).returning())[0]!,

  updateEndpoint: async (
    db: TDb,
    tenantId: number,
    id: number,
    patch: Partial<Pick<TEndpointRow, 'url' | 'description' | 'events' | 'isEnabled' | 'secret'>>,
  ) =>
    (
      await db
        .update(endpoints)
        .set({ ...patch, updatedAt: new Date() })
        .where(ofTenant(tenantId, id))
        .returning()
    )[0] ?? null,

  deleteEndpoint: async (db: TDb, tenantId: number, id: number) =>
    (await db.delete(endpoints).where(ofTenant(tenantId, id)).returning({ id: endpoints.id })).length > 0,

  /** The enterprise's enabled endpoints that chose `eventType`. */
  subscribers: (db: TDb, tenantId: number, eventType: string) =>
    db
      .select({ id: endpoints.id })
      .from(endpoints)
      .where(
        and(
          eq(endpoints.tenantId, tenantId),
          eq(endpoints.isEnabled, true),
          sql`${endpoints.events} @> array[${eventType}]::text[]`,
        ),
      ),

  insertDeliveries: (db: TDb, rows: (typeof deliveries.$inferInsert)[]) =>
    db.insert(deliveries).values(rows).returning(),

  /**
   * Takes up to `limit` deliveries due at `now`, of every enterprise, and moves each one's due time
   * past `leaseUntil`: a second server skips them (SKIP LOCKED, then the later time), and a server
   * that dies mid-attempt leaves them to be tried again then.
   */
  claimDue: async (db: TDb, now: Date, leaseUntil: Date, limit: number): Promise<TDueDelivery[]> => {
    const claimed = await db
      .update(deliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        sql`${deliveries.id} in (select id from webhook_deliveries where state = 'pending'
          and next_attempt_at <= ${now} order by next_attempt_at limit ${limit} for update skip locked)`,
      )
      .returning();
    if (claimed.length === 0) return [];
    const targets = await db
      .select({ id: endpoints.id, url: endpoints.url, secret: endpoints.secret })
      .from(endpoints)
      .where(inArray(endpoints.id, [...new Set(claimed.map((d) => d.endpointId))]));
    const byId = new Map(targets.map((e) => [e.id, e]));
    return claimed.flatMap((d) => {
      const e = byId.get(d.endpointId);
      return e ? [{ ...d, url: e.url, secret: e.secret }] : [];
    });
  },

  /** One attempt's result: its log row, and the delivery's state, counters and next due time. */
  recordAttempt: async (db: TDb, d: TDeliveryRow, r: TAttemptWrite) => {
    const attempt = d.attempts + 1;
    const state = r.isOk ? 'succeeded' : r.nextAttemptAt ? 'pending' : 'failed';
    await db.insert(attempts).values({
      tenantId: d.tenantId,
      deliveryId: d.id,
      attempt,
      at: r.at,
      status: r.status,
      durationMs: r.durationMs,
      error: r.error,
      nextRetryAt: r.nextAttemptAt,
    });
    return (
      await db
        .update(deliveries)
        .set({
          state,
          attempts: attempt,
          nextAttemptAt: r.nextAttemptAt,
          lastStatus: r.status,
          lastError: r.error,
          lastDurationMs: r.durationMs,
          lastAttemptAt: r.at,
        })
        .where(eq(deliveries.id, d.id))
        .returning()
    )[0]!;
  },

  delivery: tenantRows(deliveries).findOne,

  deliveryPage: (db: TDb, o: { tenantId: number; endpointId: number; state?: string; page: number; limit: number }) => {
    const where = and(
      eq(deliveries.tenantId, o.tenantId),
      eq(deliveries.endpointId, o.endpointId),
      o.state ? eq(deliveries.state, o.state) : undefined,
    );
    return pageOf(
      db.select({ n: count() }).from(deliveries).where(where),
      db.select().from(deliveries).where(where).orderBy(desc(deliveries.id)).$dynamic(),
      o,
    );
  },

  attempts: (db: TDb, tenantId: number, deliveryId: number) =>
    db
      .select()
      .from(attempts)
      .where(and(eq(attempts.tenantId, tenantId), eq(attempts.deliveryId, deliveryId)))
      .orderBy(asc(attempts.id)),

  /**
   * 重新发送: a delivery that is not waiting already is due now, with `more` attempts more. One row
   * per delivery, changed only while it is not pending: a second click finds it pending and changes
   * nothing (null), so it is sent once.
   */
  requeue: async (db: TDb, tenantId: number, id: number, now: Date, more: number) =>
    (
      await db
        .update(deliveries)
        .set({ state: 'pending', nextAttemptAt: now, maxAttempts: sql`${deliveries.attempts} + ${more}` })
        .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.id, id), ne(deliveries.state, 'pending')))
        .returning()
    )[0] ?? null,

  /** How many deliveries wait at `now` (tests, the job's answer). */
  dueCount: async (db: TDb, now: Date) =>
    (
      await db
        .select({ n: count() })
        .from(deliveries)
        .where(and(eq(deliveries.state, 'pending'), lte(deliveries.nextAttemptAt, now)))
    )[0]?.n ?? 0,
};
