import { asc, desc, lte } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { analysisRates } from './billing.schema.js';

/** 智能分析资费: the platform's rows, read from any enterprise's transaction (no tenant). */
export const analysisRateRepository = {
  /** The rate in force at `at` (the newest row from before it), or none. */
  at: (db: TDb, at: Date) =>
    firstRow(
      db
        .select()
        .from(analysisRates)
        .where(lte(analysisRates.validFrom, at))
        .orderBy(desc(analysisRates.validFrom), desc(analysisRates.id)),
    ),

  /** Every row, oldest first (the history under the rate in force). */
  history: (db: TDb) => db.select().from(analysisRates).orderBy(asc(analysisRates.validFrom), asc(analysisRates.id)),

  insert: async (db: TDb, row: typeof analysisRates.$inferInsert) =>
    (await db.insert(analysisRates).values(row).returning())[0]!,
};
