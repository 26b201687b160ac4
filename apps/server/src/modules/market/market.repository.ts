import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { tenants } from '../../db/schema.js';
import { likeOf } from '../../db/sql.js';
import { marketItems as items, marketRequests as requests } from './market.schema.js';

export type TItemRow = typeof items.$inferSelect;
export type TRequestRow = {
  request: typeof requests.$inferSelect;
  itemName: string;
  vendor: string;
  enterpriseName: string;
};
export type TQueueFilter = { tenantId?: number; state?: string; enterpriseName?: string };

const requestColumns = { request: requests, itemName: items.name, vendor: items.vendor, enterpriseName: tenants.name };

const requestWhere = (f: TQueueFilter): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.tenantId !== undefined) conds.push(eq(requests.tenantId, f.tenantId));
  if (f.state) conds.push(eq(requests.state, f.state));
  if (f.enterpriseName) conds.push(ilike(tenants.name, likeOf(f.enterpriseName)));
  return conds.length ? and(...conds) : undefined;
};

const listed = (db: TDb, where: SQL | undefined) =>
  db
    .select(requestColumns)
    .from(requests)
    .innerJoin(items, eq(items.id, requests.itemId))
    .innerJoin(tenants, eq(tenants.id, requests.tenantId))
    .where(where)
    .orderBy(desc(requests.id))
    .$dynamic();

const counted = (db: TDb, where: SQL | undefined) =>
  db.select({ n: count() }).from(requests).innerJoin(tenants, eq(tenants.id, requests.tenantId)).where(where);

export const marketRepository = {
  /** Every item (the platform), or the listed ones (an enterprise), in the platform's order. */
  items: (db: TDb, onlyListed: boolean) =>
    db
      .select()
      .from(items)
      .where(onlyListed ? eq(items.isListed, true) : undefined)
      .orderBy(asc(items.sort), asc(items.id)),

  item: (db: TDb, id: number) => firstRow(db.select().from(items).where(eq(items.id, id))),

  insertItem: async (db: TDb, row: typeof items.$inferInsert) => (await db.insert(items).values(row).returning())[0]!,

  updateItem: async (db: TDb, id: number, patch: Partial<typeof items.$inferInsert>) =>
    (
      await db
        .update(items)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(items.id, id))
        .returning()
    )[0] ?? null,

  /** The enterprise's latest request of each item it asked for: the state its market shows. */
  latestStates: async (db: TDb, tenantId: number) => {
    const rows = await db
      .select({ itemId: requests.itemId, state: requests.state })
      .from(requests)
      .where(eq(requests.tenantId, tenantId))
      .orderBy(asc(requests.id));
    return new Map(rows.map((r) => [r.itemId, r.state]));
  },

  /** Inserts a request; null when the enterprise already has an open one for the item (the partial unique index). */
  insertRequest: async (db: TDb, row: typeof requests.$inferInsert) =>
    (await db.insert(requests).values(row).onConflictDoNothing().returning({ id: requests.id }))[0]?.id ?? null,

  request: (db: TDb, id: number, tenantId?: number) =>
    firstRow(
      listed(db, and(eq(requests.id, id), tenantId === undefined ? undefined : eq(requests.tenantId, tenantId))),
    ),

  page: (db: TDb, f: TQueueFilter, q: { page: number; limit: number }) =>
    pageOf(counted(db, requestWhere(f)), listed(db, requestWhere(f)), q),

  /** Moves a request in one statement, only from the states given: parallel handlings move it once. */
  move: async (
    db: TDb,
    id: number,
    from: readonly string[],
    patch: { state: string; reply: string; handledBy: string },
  ) =>
    (
      await db
        .update(requests)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(requests.id, id), inArray(requests.state, [...from])))
        .returning({ tenantId: requests.tenantId, userId: requests.userId, itemId: requests.itemId })
    )[0] ?? null,
};
