import { and, count, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { numberCheckRates as rates, numberCheckResults as results } from './number-check.schema.js';

export type TResultRow = typeof results.$inferSelect;
export type TResultInsert = typeof results.$inferInsert;

const ofBatch = (tenantId: number, batchId: string) =>
  and(eq(results.tenantId, tenantId), eq(results.batchId, batchId));

/** 空号检测's statements: the platform's rate and an enterprise's results per batch. */
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
};
