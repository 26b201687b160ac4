import { and, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { claimNextDue } from '../../db/claim.js';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import {
  numberCheckRates as rates,
  numberCheckResults as results,
  numberCheckRuns as runs,
} from './number-check.schema.js';

export type TResultRow = typeof results.$inferSelect;
export type TResultInsert = typeof results.$inferInsert;
export type TRunRow = typeof runs.$inferSelect;

/** A run taken by the job: whose, which batch, the numbers it was priced for. */
export type TClaimedRun = Pick<
  TRunRow,
  'id' | 'tenantId' | 'batchId' | 'source' | 'mobiles' | 'unitPrice' | 'attempts' | 'requestedBy' | 'requestedByName'
>;

const ofBatch = (tenantId: number, batchId: string) =>
  and(eq(results.tenantId, tenantId), eq(results.batchId, batchId));

/** 空号检测's statements: the platform's rate, an enterprise's runs and its results per batch. */
export const numberCheckRepository = {
  /** The rate in force at `at` (the newest row from before it), or none. */
  rateAt: (db: TDb, at: Date) =>
    firstRow(db.select().from(rates).where(lte(rates.validFrom, at)).orderBy(desc(rates.validFrom), desc(rates.id))),

  insertRate: async (db: TDb, row: typeof rates.$inferInsert) => (await db.insert(rates).values(row).returning())[0]!,

  results: (db: TDb, tenantId: number, batchId: string): Promise<TResultRow[]> =>
    db.select().from(results).where(ofBatch(tenantId, batchId)).orderBy(results.mobile),

  /** The results per kind of the batch, and how many of them 一键排除 left out. */
  counts: async (db: TDb, tenantId: number, batchId: string) => {
    const rows = await db
      .select({ result: results.result, excluded: count(results.excludedAt), n: count() })
      .from(results)
      .where(ofBatch(tenantId, batchId))
      .groupBy(results.result);
    return {
      counts: Object.fromEntries(rows.map((r) => [r.result, r.n])) as Record<string, number>,
      excluded: rows.reduce((sum, r) => sum + r.excluded, 0),
    };
  },

  /** Keeps checked numbers; one already kept (a parallel run's) stays as it was. */
  insertResults: async (db: TDb, rows: TResultInsert[]) => {
    if (rows.length > 0) await db.insert(results).values(rows).onConflictDoNothing();
  },

  /** Marks the batch's numbers of these results left out; answers them. */
  exclude: (db: TDb, tenantId: number, batchId: string, kinds: readonly string[]) =>
    db
      .update(results)
      .set({ excludedAt: new Date() })
      .where(and(ofBatch(tenantId, batchId), inArray(results.result, [...kinds]), isNull(results.excludedAt)))
      .returning({ mobile: results.mobile, result: results.result }),

  /** Of `mobiles`, those a check of this enterprise left out, with the result it found. */
  excludedOf: async (db: TDb, tenantId: number, mobiles: readonly string[]) =>
    mobiles.length === 0
      ? []
      : db
          .selectDistinctOn([results.mobile], { mobile: results.mobile, result: results.result })
          .from(results)
          .where(
            and(eq(results.tenantId, tenantId), inArray(results.mobile, [...mobiles]), isNotNull(results.excludedAt)),
          ),

  /** Of `mobiles`, those already checked in the batch. */
  checkedAmong: async (db: TDb, tenantId: number, batchId: string, mobiles: readonly string[]) =>
    new Set(
      mobiles.length === 0
        ? []
        : (
            await db
              .select({ mobile: results.mobile })
              .from(results)
              .where(and(ofBatch(tenantId, batchId), inArray(results.mobile, [...mobiles])))
          ).map((r) => r.mobile),
    ),

  // ---- runs ------------------------------------------------------------------------------------
  /** The batch's newest run, or none. */
  latestRun: (db: TDb, tenantId: number, batchId: string) =>
    firstRow(
      db
        .select()
        .from(runs)
        .where(and(eq(runs.tenantId, tenantId), eq(runs.batchId, batchId)))
        .orderBy(desc(runs.id)),
    ),

  /** A new queued run; null when one of the batch already waits or runs (the partial unique index). */
  insertRun: async (db: TDb, row: typeof runs.$inferInsert) =>
    (await db.insert(runs).values(row).onConflictDoNothing().returning())[0] ?? null,

  /**
   * Takes the next run due, whatever the enterprise (the job's own connection, like its other
   * look-ups): one queued, or one running that has shown no progress for `abandonedAfterSeconds`
   * (its server died). `skip`: runs this job run failed, left for the queue's retry of it.
   */
  claimNext: (db: TDb, skip: readonly number[], abandonedAfterSeconds: number): Promise<TClaimedRun | null> =>
    claimNextDue(
      db,
      runs,
      { waiting: 'queued', abandonedAfterSeconds, skip },
      {
        id: runs.id,
        tenantId: runs.tenantId,
        batchId: runs.batchId,
        source: runs.source,
        mobiles: runs.mobiles,
        unitPrice: runs.unitPrice,
        attempts: runs.attempts,
        requestedBy: runs.requestedBy,
        requestedByName: runs.requestedByName,
      },
    ),

  /** How far a run got (its numbers passed so far); the update also shows it is alive. */
  progress: async (db: TDb, tenantId: number, id: number, checked: number) => {
    await db
      .update(runs)
      .set({ checked, updatedAt: sql`now()` })
      .where(tenantRowIs(runs, tenantId, id));
  },

  /** A run ended: 已完成, 失败 for good with its reason, or back in the queue (with the reason) for a retry. */
  settle: async (
    db: TDb,
    tenantId: number,
    id: number,
    end: { state: 'done' | 'failed' | 'queued'; reason: string },
  ) => {
    await db
      .update(runs)
      .set({
        state: end.state,
        errorReason: end.reason,
        updatedAt: sql`now()`,
        finishedAt: end.state === 'queued' ? null : sql`now()`,
      })
      .where(tenantRowIs(runs, tenantId, id));
  },
};
