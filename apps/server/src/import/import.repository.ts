import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../db/client.js';
import { crmImportRows as importRows, crmImports as imports } from '../db/schema.js';

/**
 * The staging tables of every import: a batch (`crm_imports`, named after the first
 * import that had them) and its rows (`crm_import_rows`), each row with what was read, why it is
 * refused, and its outcome once written: the checkpoint an interrupted import resumes from.
 */
export type TBatchRow = typeof imports.$inferSelect;
export type TBatchInsert = typeof imports.$inferInsert;
export type TStagedRow = typeof importRows.$inferSelect;
export type TStagedInsert = typeof importRows.$inferInsert;
export type TImportOutcome = { rowNo: number; outcome: 'inserted' | 'updated' | 'skipped'; reason: string };

const batchOf = (tenantId: number, id: string) => and(eq(imports.tenantId, tenantId), eq(imports.id, id));
/** A running batch whose lease this runner holds. */
const heldBy = (tenantId: number, id: string, runner: string) =>
  and(batchOf(tenantId, id), eq(imports.status, 'running'), eq(imports.runner, runner));

/** A batch's staged rows after row `after`, in file order: the keyset every chunk and page reads on. */
export const stagedAfter = (tenantId: number, id: string, after: number) =>
  and(eq(importRows.tenantId, tenantId), eq(importRows.importId, id), gt(importRows.rowNo, after));

/** Queries of the import staging; every one filters the tenant besides the row-level security. */
export const importRepository = {
  insertBatch: (tx: TDb, row: TBatchInsert) => tx.insert(imports).values(row),

  findBatch: async (tx: TDb, tenantId: number, id: string): Promise<TBatchRow | undefined> =>
    (await tx.select().from(imports).where(batchOf(tenantId, id)))[0],

  updateBatch: (tx: TDb, tenantId: number, id: string, patch: Partial<TBatchInsert>) =>
    tx.update(imports).set(patch).where(batchOf(tenantId, id)),

  /**
   * Starts (or resumes) writing a batch in one of `from`'s statuses: this process takes its lease.
   * False when another request moved it first.
   */
  startRun: async (tx: TDb, tenantId: number, id: string, from: string[], run: { runner: string; mode: string }) =>
    (
      await tx
        .update(imports)
        .set({
          status: 'running',
          runner: run.runner,
          heartbeatAt: sql`now()`,
          duplicateMode: run.mode,
          message: '',
          finishedAt: null,
        })
        .where(and(batchOf(tenantId, id), inArray(imports.status, from)))
        .returning({ id: imports.id })
    ).length === 1,

  /**
   * Renews the lease of a running batch for one chunk, in the chunk's transaction (so the batch row
   * stays locked until the chunk commits); false when the batch is no longer this runner's.
   */
  renewLease: async (tx: TDb, tenantId: number, id: string, runner: string) =>
    (
      await tx
        .update(imports)
        .set({ heartbeatAt: sql`now()` })
        .where(heldBy(tenantId, id, runner))
        .returning({ id: imports.id })
    ).length === 1,

  /**
   * Holds the lease of a running batch for one chunk written beside others (FOR KEY SHARE until
   * the chunk commits): the sweep's FOR UPDATE SKIP LOCKED passes a live chunk's batch over, while
   * the other chunks' key-share locks and their progress updates do not wait on it. False when the
   * batch is no longer this runner's.
   */
  holdLease: async (tx: TDb, tenantId: number, id: string, runner: string) =>
    (
      await tx
        .select({ id: imports.id })
        .from(imports)
        .where(heldBy(tenantId, id, runner))
        .for('key share')
    ).length === 1,

  /**
   * Renews the lease with one chunk's counts in one statement, just before the chunk commits (the
   * row stays locked only from there to the commit); false when the batch is no longer this runner's.
   */
  renewWithProgress: async (
    tx: TDb,
    tenantId: number,
    id: string,
    runner: string,
    d: { inserted: number; updated: number; skipped: number },
  ) =>
    (
      await tx
        .update(imports)
        .set({
          heartbeatAt: sql`now()`,
          processed: sql`${imports.processed} + ${d.inserted + d.updated + d.skipped}`,
          inserted: sql`${imports.inserted} + ${d.inserted}`,
          updated: sql`${imports.updated} + ${d.updated}`,
          skipped: sql`${imports.skipped} + ${d.skipped}`,
        })
        .where(heldBy(tenantId, id, runner))
        .returning({ id: imports.id })
    ).length === 1,

  /** Ends a run this runner still holds (done or failed); false when it no longer holds it. */
  endRun: async (tx: TDb, tenantId: number, id: string, runner: string, patch: Partial<TBatchInsert>) =>
    (
      await tx
        .update(imports)
        .set({ ...patch, runner: null, heartbeatAt: null })
        .where(heldBy(tenantId, id, runner))
        .returning({ id: imports.id })
    ).length === 1,

  /** The leases of running batches of every tenant whose holder's name starts with `prefix` (one host's). */
  runningLeases: async (db: TDb, prefix: string): Promise<string[]> =>
    (
      await db
        .selectDistinct({ runner: imports.runner })
        .from(imports)
        .where(and(eq(imports.status, 'running'), sql`starts_with(${imports.runner}, ${prefix})`))
    ).flatMap((r) => (r.runner ? [r.runner] : [])),

  /**
   * Running batches of every tenant whose runner has not written for `leaseSeconds` (or never took a
   * lease: batches left before leases existed) or whose lease is one of `deadLeases`, locked; a batch another sweep or a live chunk holds
   * is passed over (SKIP LOCKED). Outside any tenant's wall: the sweep is the server's own business.
   */
  lockAbandoned: (db: TDb, leaseSeconds: number, limit: number, deadLeases: readonly string[] = []) =>
    db
      .select({
        id: imports.id,
        tenantId: imports.tenantId,
        processed: imports.processed,
        validCount: imports.validCount,
      })
      .from(imports)
      .where(
        and(
          eq(imports.status, 'running'),
          or(
            sql`(${imports.heartbeatAt} is null or ${imports.heartbeatAt} < now() - ${leaseSeconds} * interval '1 second')`,
            deadLeases.length ? inArray(imports.runner, [...deadLeases]) : undefined,
          ),
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true }),

  /** Adds counts of one written chunk, so a poll sees the progress while the import runs. */
  addProgress: (tx: TDb, tenantId: number, id: string, d: { inserted: number; updated: number; skipped: number }) =>
    tx
      .update(imports)
      .set({
        processed: sql`${imports.processed} + ${d.inserted + d.updated + d.skipped}`,
        inserted: sql`${imports.inserted} + ${d.inserted}`,
        updated: sql`${imports.updated} + ${d.updated}`,
        skipped: sql`${imports.skipped} + ${d.skipped}`,
      })
      .where(batchOf(tenantId, id)),

  insertRows: async (tx: TDb, rows: TStagedInsert[]) => {
    if (rows.length) await tx.insert(importRows).values(rows);
  },

  /**
   * Stages the rows of one batch in one statement whatever their number: they travel as one JSON
   * parameter (no bind-parameter limit, one parse), unpacked by jsonb_to_recordset.
   */
  stageRows: async (
    tx: TDb,
    tenantId: number,
    id: string,
    rows: { rowNo: number; data: unknown; error?: string | null; existingId?: number | null }[],
  ) => {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((r) => ({ n: r.rowNo, d: r.data, e: r.error ?? null, x: r.existingId ?? null })),
    );
    await tx.execute(sql`insert into crm_import_rows (import_id, tenant_id, row_no, data, error, existing_id)
      select ${id}::uuid, ${tenantId}::bigint, v.n, v.d, v.e, v.x
      from jsonb_to_recordset(${json}::jsonb) as v(n int, d jsonb, e text, x bigint)`);
  },

  /**
   * The row number ending the next chunk of a batch's unwritten valid rows after \`after\`: the
   * \`limit\`-th such row, or the last one; null when none is left. Read on the primary key.
   */
  chunkEnd: async (tx: TDb, tenantId: number, id: string, after: number, limit: number) =>
    rowsOf<{ upto: number | null }>(
      await tx.execute(sql`select max(row_no)::int as upto from (
        select row_no from crm_import_rows
        where tenant_id = ${tenantId} and import_id = ${id} and row_no > ${after}
          and error is null and outcome is null
        order by row_no limit ${limit}) x`),
    )[0]?.upto ?? null,

  /**
   * An import has ended: its settings row and the rows written (inserted or updated) leave the
   * staging; the refused and skipped rows stay, with their reasons, for the result to download.
   */
  removeWritten: (tx: TDb, tenantId: number, id: string) =>
    tx.execute(sql`delete from crm_import_rows where tenant_id = ${tenantId} and import_id = ${id}
      and (row_no = 0 or outcome in ('inserted', 'updated'))`),

  /**
   * Batches of every tenant past \`hours\` that will never be written (previewed and never confirmed,
   * failed and not confirmed again, or a check that never ended): their unwritten rows (all rows of
   * a check that never ended) leave the staging, once (staged_removed_at). Outside any tenant's wall
   * like the lease sweep; a batch another sweep holds is passed over. Returns how many batches.
   */
  removeExpired: async (db: TDb, hours: number, limit: number) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`with expired as (
        update crm_imports set staged_removed_at = now()
        where id in (
          select id from crm_imports
          where staged_removed_at is null and status in ('checking', 'previewed', 'failed')
            and created_at < now() - ${hours} * interval '1 hour'
          limit ${limit} for update skip locked)
        returning id, status),
      gone as (
        delete from crm_import_rows r using expired e
        where r.import_id = e.id
          and (e.status = 'checking' or r.row_no = 0 or (r.error is null and r.outcome is null))
        returning 1)
      select count(*)::int as n from expired`),
    )[0]!.n,

  /** Removes the staged rows of batches older than `days` (the batch rows stay, with their counts). */
  purgeRows: (tx: TDb, tenantId: number, days: number) =>
    tx.execute(sql`delete from crm_import_rows where tenant_id = ${tenantId} and import_id in (
      select id from crm_imports where tenant_id = ${tenantId} and created_at < now() - ${days} * interval '1 day')`),

  deleteRows: (tx: TDb, tenantId: number, id: string) =>
    tx.delete(importRows).where(and(eq(importRows.tenantId, tenantId), eq(importRows.importId, id))),

  /**
   * The staged rows after `afterRowNo` in file order (keyset on the primary key): all of them, the
   * valid ones, or the checkpoint (valid rows with no outcome yet: a row's outcome is set in the
   * transaction that writes it, so these are exactly the rows not written).
   */
  rows: (
    tx: TDb,
    tenantId: number,
    id: string,
    page: { after: number; limit: number; only?: 'valid' | 'unwritten' },
  ): Promise<TStagedRow[]> =>
    tx
      .select()
      .from(importRows)
      .where(
        and(
          stagedAfter(tenantId, id, page.after),
          page.only ? isNull(importRows.error) : undefined,
          page.only === 'unwritten' ? isNull(importRows.outcome) : undefined,
        ),
      )
      .orderBy(asc(importRows.rowNo))
      .limit(page.limit),

  setOutcomes: async (tx: TDb, tenantId: number, id: string, outcomes: TImportOutcome[]) => {
    if (outcomes.length === 0) return;
    // One statement for the chunk: the outcomes travel as one JSON parameter.
    await tx.execute(sql`update crm_import_rows r set outcome = v.o, outcome_reason = v.r
      from jsonb_to_recordset(${JSON.stringify(outcomes.map((o) => ({ n: o.rowNo, o: o.outcome, r: o.reason })))}::jsonb)
        as v(n int, o text, r text)
      where r.tenant_id = ${tenantId} and r.import_id = ${id} and r.row_no = v.n`);
  },

  /** Batches being written now, per kind, across every tenant (the operator's metrics; the running index). */
  runningCounts: async (db: TDb): Promise<{ kind: string; n: number }[]> =>
    rowsOf<{ kind: string; n: number }>(
      await db.execute(sql`select kind, count(*)::int as n from crm_imports where status = 'running' group by kind`),
    ).map((r) => ({ kind: r.kind, n: Number(r.n) })),
};
