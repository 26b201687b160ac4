import { and, count, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { rowsByKeys } from '../../db/by-keys.js';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { callRecords, crmFollowRecords, customers, users } from '../../db/schema.js';
import { tenantRowIs, tenantRows } from '../../db/tenant-rows.js';
import { ecConfigs, ecCustomerLinks, ecSyncItems as items } from './ec-sync.schema.js';

export type TEcConfigRow = typeof ecConfigs.$inferSelect;
export type TEcItemRow = typeof items.$inferSelect;

/** What an attempt wrote: its result and, when it failed and may be tried again, when. */
export type TItemResult = {
  isOk: boolean;
  error: string;
  ecId: string;
  at: Date;
  nextAttemptAt: Date | null;
  /** A pull's summary replaces its subject. */
  subject?: string;
};

export const ecSyncRepository = {
  config: (db: TDb, tenantId: number) => firstRow(db.select().from(ecConfigs).where(eq(ecConfigs.tenantId, tenantId))),

  saveConfig: async (db: TDb, row: typeof ecConfigs.$inferInsert) =>
    (
      await db
        .insert(ecConfigs)
        .values(row)
        .onConflictDoUpdate({ target: ecConfigs.tenantId, set: { ...row, updatedAt: new Date() } })
        .returning()
    )[0]!,

  setLastPulled: (db: TDb, tenantId: number, at: Date) =>
    db.update(ecConfigs).set({ lastPulledAt: at }).where(eq(ecConfigs.tenantId, tenantId)),

  /** The enterprise's people who may act (the staff mapping lists them). */
  staff: (db: TDb, tenantId: number) =>
    db
      .select({ userId: users.id, realName: users.realName, account: users.username })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.status, ['active', 'disabled'])))
      .orderBy(users.id),

  staffIds: async (db: TDb, tenantId: number, ids: number[]) =>
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)))
        ).map((u) => u.id),

  insertItem: async (db: TDb, row: typeof items.$inferInsert) => (await db.insert(items).values(row).returning())[0]!,

  /**
   * Takes up to `limit` items due at `now`, of every enterprise, and moves each one's due time past
   * `leaseUntil`: a second server skips them (SKIP LOCKED), and a server that dies mid-attempt
   * leaves them to be tried again then. Oldest first, so a customer goes before his follow-ups.
   */
  claimDue: (db: TDb, now: Date, leaseUntil: Date, limit: number): Promise<TEcItemRow[]> =>
    db
      .update(items)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        sql`${items.id} in (select id from ec_sync_items where state = 'pending'
          and next_attempt_at <= ${now} order by id limit ${limit} for update skip locked)`,
      )
      .returning(),

  recordResult: async (db: TDb, item: TEcItemRow, r: TItemResult) =>
    (
      await db
        .update(items)
        .set({
          state: r.isOk ? 'succeeded' : r.nextAttemptAt ? 'pending' : 'failed',
          attempts: item.attempts + 1,
          nextAttemptAt: r.nextAttemptAt,
          lastError: r.error,
          lastAttemptAt: r.at,
          ...(r.ecId ? { ecId: r.ecId } : {}),
          ...(r.subject ? { subject: r.subject } : {}),
        })
        .where(eq(items.id, item.id))
        .returning()
    )[0]!,

  item: tenantRows(items).findOne,

  itemPage: (
    db: TDb,
    o: { tenantId: number; state?: string; kind?: string; from?: Date; to?: Date; page: number; limit: number },
  ) => {
    const stateOf = () => {
      if (o.state === 'retrying') return and(eq(items.state, 'pending'), sql`${items.attempts} > 0`);
      if (o.state === 'pending') return and(eq(items.state, 'pending'), eq(items.attempts, 0));
      return o.state ? eq(items.state, o.state) : undefined;
    };
    const where = and(
      eq(items.tenantId, o.tenantId),
      stateOf(),
      o.kind ? eq(items.kind, o.kind) : undefined,
      o.from ? gte(items.createdAt, o.from) : undefined,
      o.to ? lt(items.createdAt, o.to) : undefined,
    );
    return pageOf(
      db.select({ n: count() }).from(items).where(where),
      db.select().from(items).where(where).orderBy(desc(items.id)).$dynamic(),
      o,
    );
  },

  /** 重新同步: an item not waiting already is due now with `more` attempts; a second click changes nothing. */
  requeue: async (db: TDb, tenantId: number, id: number, now: Date, more: number) =>
    (
      await db
        .update(items)
        .set({ state: 'pending', nextAttemptAt: now, maxAttempts: sql`${items.attempts} + ${more}` })
        .where(and(eq(items.tenantId, tenantId), eq(items.id, id), ne(items.state, 'pending')))
        .returning()
    )[0] ?? null,

  /** A pull of the enterprise started since `since` and still running. */
  pendingPull: (db: TDb, tenantId: number, since: Date) =>
    firstRow(
      db
        .select({ id: items.id })
        .from(items)
        .where(
          and(
            eq(items.tenantId, tenantId),
            eq(items.kind, 'pull'),
            eq(items.state, 'pending'),
            gte(items.createdAt, since),
          ),
        ),
    ),

  crmIdOf: async (db: TDb, tenantId: number, customerId: number) =>
    (
      await firstRow(
        db
          .select({ crmId: ecCustomerLinks.crmId })
          .from(ecCustomerLinks)
          .where(and(eq(ecCustomerLinks.tenantId, tenantId), eq(ecCustomerLinks.customerId, customerId))),
      )
    )?.crmId ?? null,

  /** Our customers of these EC crmIds. */
  customersOfCrm: (db: TDb, tenantId: number, crmIds: string[]) =>
    rowsByKeys(crmIds, (ids) =>
      db
        .select({ crmId: ecCustomerLinks.crmId, customerId: ecCustomerLinks.customerId, ownerId: customers.ownerId })
        .from(ecCustomerLinks)
        .innerJoin(
          customers,
          and(eq(customers.tenantId, ecCustomerLinks.tenantId), eq(customers.id, ecCustomerLinks.customerId)),
        )
        .where(
          and(eq(ecCustomerLinks.tenantId, tenantId), inArray(ecCustomerLinks.crmId, ids), isNull(customers.deletedAt)),
        ),
    ),

  link: (db: TDb, tenantId: number, customerId: number, crmId: string) =>
    db.insert(ecCustomerLinks).values({ tenantId, customerId, crmId }).onConflictDoNothing(),

  customer: (db: TDb, tenantId: number, id: number) =>
    firstRow(
      db
        .select({
          id: customers.id,
          name: customers.name,
          mobile: customers.mobile,
          company: customers.company,
          remark: customers.remark,
          ownerId: customers.ownerId,
          createdBy: customers.createdBy,
        })
        .from(customers)
        .where(tenantRowIs(customers, tenantId, id)),
    ),

  follow: tenantRows(crmFollowRecords).findOne,

  call: tenantRows(callRecords).findOne,
};
