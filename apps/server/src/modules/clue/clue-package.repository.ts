import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { cluePackages, clueQuotaLedger as ledger } from './clue.schema.js';

export type TCluePackageRow = typeof cluePackages.$inferSelect;
export type TCluePackageFields = Pick<typeof cluePackages.$inferInsert, 'name' | 'units' | 'price' | 'isEnabled'>;

/** 线索包's catalogue (no tenant: read from any transaction, written by the platform's) and the quota's sums. */
export const cluePackageRepository = {
  list: (db: TDb, withDisabled: boolean) =>
    db
      .select()
      .from(cluePackages)
      .where(withDisabled ? undefined : eq(cluePackages.isEnabled, true))
      .orderBy(asc(cluePackages.price), asc(cluePackages.id)),

  byId: (db: TDb, id: number, enabledOnly = false): Promise<TCluePackageRow | null> =>
    firstRow(
      db
        .select()
        .from(cluePackages)
        .where(and(eq(cluePackages.id, id), enabledOnly ? eq(cluePackages.isEnabled, true) : undefined)),
    ),

  insert: async (db: TDb, fields: TCluePackageFields) => (await db.insert(cluePackages).values(fields).returning())[0]!,

  update: async (db: TDb, id: number, fields: Partial<TCluePackageFields>): Promise<TCluePackageRow | null> =>
    (
      await db
        .update(cluePackages)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(cluePackages.id, id))
        .returning()
    )[0] ?? null,

  /** The units the ledger moved, summed by kind (trial, grant, unlock). */
  unitsByKind: async (db: TDb, tenantId: number): Promise<Map<string, number>> => {
    const rows = await db
      .select({ kind: ledger.kind, units: sql<string>`coalesce(sum(${ledger.units}), 0)` })
      .from(ledger)
      .where(eq(ledger.tenantId, tenantId))
      .groupBy(ledger.kind);
    return new Map(rows.map((r) => [r.kind, Number(r.units)]));
  },
};
