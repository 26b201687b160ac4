import type { TCustomField } from '@yunhu/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { users } from '../org/org.schema.js';
import {
  crmCustomFields,
  crmFollowRecords,
  crmImportRows,
  crmImports,
  crmOwnerLogs,
  crmTags,
  customers,
} from './crm.schema.js';

export type TImportRow = typeof crmImports.$inferSelect;
export type TStagedRow = typeof crmImportRows.$inferSelect;
export type TExisting = {
  id: number;
  name: string;
  mobile: string;
  ownerId: number | null;
  ownerName: string | null;
  deptId: number | null;
  isDeleted: boolean;
};
export type TOutcome = { rowNo: number; outcome: 'inserted' | 'updated' | 'skipped'; reason: string };

/** Queries of the CRM imports; every one filters the tenant besides the row-level security. */
export const importRepository = {
  insertImport: (tx: TDb, row: typeof crmImports.$inferInsert) => tx.insert(crmImports).values(row),

  findImport: async (tx: TDb, tenantId: number, id: string): Promise<TImportRow | undefined> =>
    (
      await tx
        .select()
        .from(crmImports)
        .where(and(eq(crmImports.tenantId, tenantId), eq(crmImports.id, id)))
    )[0],

  updateImport: (tx: TDb, tenantId: number, id: string, patch: Partial<typeof crmImports.$inferInsert>) =>
    tx
      .update(crmImports)
      .set(patch)
      .where(and(eq(crmImports.tenantId, tenantId), eq(crmImports.id, id))),

  /** Moves a batch from one status to another; false when another request moved it first. */
  moveImport: async (tx: TDb, tenantId: number, id: string, from: string, patch: Partial<TImportRow>) =>
    (
      await tx
        .update(crmImports)
        .set(patch)
        .where(and(eq(crmImports.tenantId, tenantId), eq(crmImports.id, id), eq(crmImports.status, from)))
        .returning({ id: crmImports.id })
    ).length === 1,

  /** Adds counts of one written chunk, so a poll sees the progress while the import runs. */
  addProgress: (tx: TDb, tenantId: number, id: string, d: { inserted: number; updated: number; skipped: number }) =>
    tx
      .update(crmImports)
      .set({
        processed: sql`${crmImports.processed} + ${d.inserted + d.updated + d.skipped}`,
        inserted: sql`${crmImports.inserted} + ${d.inserted}`,
        updated: sql`${crmImports.updated} + ${d.updated}`,
        skipped: sql`${crmImports.skipped} + ${d.skipped}`,
      })
      .where(and(eq(crmImports.tenantId, tenantId), eq(crmImports.id, id))),

  insertRows: async (tx: TDb, rows: (typeof crmImportRows.$inferInsert)[]) => {
    if (rows.length) await tx.insert(crmImportRows).values(rows);
  },

  /** Removes the staged rows of batches older than `days` (the batch rows stay, with their counts). */
  purgeRows: (tx: TDb, tenantId: number, days: number) =>
    tx.execute(sql`delete from crm_import_rows where tenant_id = ${tenantId} and import_id in (
      select id from crm_imports where tenant_id = ${tenantId} and created_at < now() - ${days} * interval '1 day')`),

  deleteRows: (tx: TDb, tenantId: number, id: string) =>
    tx.delete(crmImportRows).where(and(eq(crmImportRows.tenantId, tenantId), eq(crmImportRows.importId, id))),

  /** The staged rows after `afterRowNo`, in file order (keyset on the primary key); valid ones only if asked. */
  rows: (tx: TDb, tenantId: number, id: string, afterRowNo: number, limit: number, isValidOnly: boolean) =>
    tx
      .select()
      .from(crmImportRows)
      .where(
        and(
          eq(crmImportRows.tenantId, tenantId),
          eq(crmImportRows.importId, id),
          gt(crmImportRows.rowNo, afterRowNo),
          isValidOnly ? isNull(crmImportRows.error) : undefined,
        ),
      )
      .orderBy(asc(crmImportRows.rowNo))
      .limit(limit),

  setOutcomes: async (tx: TDb, tenantId: number, id: string, outcomes: TOutcome[]) => {
    if (outcomes.length === 0) return;
    // One statement for the chunk: the outcomes travel as one JSON parameter.
    await tx.execute(sql`update crm_import_rows r set outcome = v.o, outcome_reason = v.r
      from jsonb_to_recordset(${JSON.stringify(outcomes.map((o) => ({ n: o.rowNo, o: o.outcome, r: o.reason })))}::jsonb)
        as v(n int, o text, r text)
      where r.tenant_id = ${tenantId} and r.import_id = ${id} and r.row_no = v.n`);
  },

  /** Customers of the tenant with these mobiles, recycle bin included (mobiles are unique per tenant). */
  existingByMobile: async (tx: TDb, tenantId: number, mobiles: string[]): Promise<Map<string, TExisting>> => {
    if (mobiles.length === 0) return new Map();
    const rows = await tx
      .select({
        id: customers.id,
        name: customers.name,
        mobile: customers.mobile,
        ownerId: customers.ownerId,
        ownerName: users.realName,
        deptId: customers.deptId,
        deletedAt: customers.deletedAt,
      })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.ownerId))
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.mobile, mobiles)));
    return new Map(rows.map(({ deletedAt, ...r }) => [r.mobile, { ...r, isDeleted: deletedAt !== null }]));
  },

  customFields: async (tx: TDb, tenantId: number): Promise<TCustomField[]> =>
    (
      await tx
        .select()
        .from(crmCustomFields)
        .where(eq(crmCustomFields.tenantId, tenantId))
        .orderBy(asc(crmCustomFields.sort), asc(crmCustomFields.id))
    ).map((f) => ({ ...f, type: f.type as TCustomField['type'] })),

  tagsByName: async (tx: TDb, tenantId: number) =>
    new Map(
      (await tx.select({ id: crmTags.id, name: crmTags.name }).from(crmTags).where(eq(crmTags.tenantId, tenantId))).map(
        (t) => [t.name, t.id] as const,
      ),
    ),

  /** Customers a person owns now (the 每人最多客户数 rule counts these). */
  ownedCount: async (tx: TDb, tenantId: number, userId: number) =>
    rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from customers
        where tenant_id = ${tenantId} and owner_id = ${userId} and deleted_at is null`),
    )[0]!.n,

  deptOf: async (tx: TDb, tenantId: number, userId: number) =>
    (
      await tx
        .select({ deptId: users.deptId })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    )[0]?.deptId ?? null,

  insertCustomers: (tx: TDb, rows: (typeof customers.$inferInsert)[]) =>
    rows.length === 0
      ? Promise.resolve([] as { id: number; mobile: string }[])
      : tx
          .insert(customers)
          .values(rows)
          // A mobile added by someone since the preview is not overwritten: that row is skipped.
          .onConflictDoNothing({ target: [customers.tenantId, customers.mobile] })
          .returning({ id: customers.id, mobile: customers.mobile }),

  insertOwnerLogs: async (tx: TDb, rows: (typeof crmOwnerLogs.$inferInsert)[]) => {
    if (rows.length) await tx.insert(crmOwnerLogs).values(rows);
  },

  customersByIds: async (tx: TDb, tenantId: number, ids: number[]): Promise<Map<number, TExisting>> => {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({
        id: customers.id,
        name: customers.name,
        mobile: customers.mobile,
        ownerId: customers.ownerId,
        ownerName: users.realName,
        deptId: customers.deptId,
        deletedAt: customers.deletedAt,
      })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.ownerId))
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids)));
    return new Map(rows.map(({ deletedAt, ...r }) => [r.id, { ...r, isDeleted: deletedAt !== null }]));
  },

  /**
   * Updates an existing customer from an import row: filled cells overwrite, blank ones keep the
   * current value; tags are added to the customer's own, custom values merged.
   */
  updateCustomer: (
    tx: TDb,
    tenantId: number,
    id: number,
    patch: Partial<typeof customers.$inferInsert>,
    addTagIds: number[],
    customValues: Record<string, unknown>,
  ) =>
    tx
      .update(customers)
      .set({
        ...patch,
        tagIds: addTagIds.length
          ? sql`array(select distinct unnest(${customers.tagIds} || ${sql.raw(`'{${addTagIds.join(',')}}'`)}::bigint[]))`
          : undefined,
        customValues: Object.keys(customValues).length
          ? sql`${customers.customValues} || ${JSON.stringify(customValues)}::jsonb`
          : undefined,
        updatedAt: new Date(),
      })
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id), isNull(customers.deletedAt))),

  insertFollows: async (tx: TDb, rows: (typeof crmFollowRecords.$inferInsert)[]) => {
    if (rows.length) await tx.insert(crmFollowRecords).values(rows);
  },

  /**
   * Moves each customer's last follow-up to the newest of the given records when it is newer than
   * what the customer shows, with that record's next follow-up time when it set one.
   */
  refreshLastFollow: async (
    tx: TDb,
    tenantId: number,
    records: { customerId: number; at: number; content: string; nextAt: number | null }[],
  ) => {
    if (records.length === 0) return;
    await tx.execute(sql`update customers c set
        last_follow_at = to_timestamp(x.at / 1000.0),
        last_follow_content = x.content,
        next_follow_at = coalesce(to_timestamp(x.next_at / 1000.0), c.next_follow_at),
        updated_at = now()
      from (
        select distinct on (v.customer_id) v.customer_id, v.at, v.content, v.next_at
        from jsonb_to_recordset(${JSON.stringify(
          records.map((r) => ({ customer_id: r.customerId, at: r.at, content: r.content, next_at: r.nextAt })),
        )}::jsonb) as v(customer_id bigint, at bigint, content text, next_at bigint)
        order by v.customer_id, v.at desc
      ) x
      where c.tenant_id = ${tenantId} and c.id = x.customer_id
        and (c.last_follow_at is null or c.last_follow_at < to_timestamp(x.at / 1000.0))`);
  },
};
