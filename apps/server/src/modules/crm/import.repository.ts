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

  /**
   * Starts (or resumes) writing a batch in one of `from`'s statuses: this process takes its lease.
   * False when another request moved it first.
   */
  startRun: async (
    tx: TDb,
    tenantId: number,
    id: string,
    from: string[],
    run: { runner: string; duplicateMode: string },
  ) =>
    (
      await tx
        .update(crmImports)
        .set({
          status: 'running',
          runner: run.runner,
          heartbeatAt: sql`now()`,
          duplicateMode: run.duplicateMode,
          message: '',
          finishedAt: null,
        })
        .where(and(eq(crmImports.tenantId, tenantId), eq(crmImports.id, id), inArray(crmImports.status, from)))
        .returning({ id: crmImports.id })
    ).length === 1,

  /**
   * Renews the lease of a running batch for one chunk, in the chunk's transaction (so the batch row
   * stays locked until the chunk commits); false when the batch is no longer this runner's.
   */
  renewLease: async (tx: TDb, tenantId: number, id: string, runner: string) =>
    (
      await tx
        .update(crmImports)
        .set({ heartbeatAt: sql`now()` })
        .where(
          and(
            eq(crmImports.tenantId, tenantId),
            eq(crmImports.id, id),
            eq(crmImports.status, 'running'),
            eq(crmImports.runner, runner),
          ),
        )
        .returning({ id: crmImports.id })
    ).length === 1,

  /** Ends a run this runner still holds (done or failed); false when it no longer holds it. */
  endRun: async (
    tx: TDb,
    tenantId: number,
    id: string,
    runner: string,
    patch: Partial<typeof crmImports.$inferInsert>,
  ) =>
    (
      await tx
        .update(crmImports)
        .set({ ...patch, runner: null, heartbeatAt: null })
        .where(
          and(
            eq(crmImports.tenantId, tenantId),
            eq(crmImports.id, id),
            eq(crmImports.status, 'running'),
            eq(crmImports.runner, runner),
          ),
        )
        .returning({ id: crmImports.id })
    ).length === 1,

  /**
   * Running batches of every tenant whose runner has not written for `leaseSeconds` (or never took a
   * lease: batches left before leases existed), locked; a batch another sweep or a live chunk holds
   * is passed over (SKIP LOCKED). Outside any tenant's wall: the sweep is the server's own business.
   */
  lockAbandoned: (db: TDb, leaseSeconds: number, limit: number) =>
    db
      .select({
        id: crmImports.id,
        tenantId: crmImports.tenantId,
        processed: crmImports.processed,
        validCount: crmImports.validCount,
      })
      .from(crmImports)
      .where(
        and(
          eq(crmImports.status, 'running'),
          sql`(${crmImports.heartbeatAt} is null or ${crmImports.heartbeatAt} < now() - ${leaseSeconds} * interval '1 second')`,
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true }),

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

  /**
   * The checkpoint: valid staged rows after `afterRowNo` with no outcome yet. A row's outcome is set
   * in the transaction that writes it, so these are exactly the rows not written.
   */
  unwrittenRows: (tx: TDb, tenantId: number, id: string, afterRowNo: number, limit: number) =>
    tx
      .select()
      .from(crmImportRows)
      .where(
        and(
          eq(crmImportRows.tenantId, tenantId),
          eq(crmImportRows.importId, id),
          gt(crmImportRows.rowNo, afterRowNo),
          isNull(crmImportRows.error),
          isNull(crmImportRows.outcome),
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
