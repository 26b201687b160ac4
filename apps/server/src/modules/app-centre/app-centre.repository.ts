import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { appProducts, tenantApps } from './app-centre.schema.js';

export type TProductRow = typeof appProducts.$inferSelect;
export type TSwitchRow = typeof tenantApps.$inferSelect;

export const appCentreRepository = {
  products: (db: TDb) => db.select().from(appProducts).orderBy(asc(appProducts.sort), asc(appProducts.code)),

  switchesOf: (db: TDb, tenantId: number) => db.select().from(tenantApps).where(eq(tenantApps.tenantId, tenantId)),

  /** The enterprise's switch of one add-on, or null when it never switched it. */
  isOn: async (db: TDb, tenantId: number, code: string): Promise<boolean | null> =>
    (
      await db
        .select({ isOn: tenantApps.isOn })
        .from(tenantApps)
        .where(and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.appCode, code)))
        .limit(1)
    )[0]?.isOn ?? null,

  /** One statement, so parallel switches end in the last one's state, never in an error. */
  setSwitch: (db: TDb, row: { tenantId: number; appCode: string; isOn: boolean; changedBy: string }) =>
    db
      .insert(tenantApps)
      .values(row)
      .onConflictDoUpdate({
        target: [tenantApps.tenantId, tenantApps.appCode],
        set: { isOn: row.isOn, changedBy: row.changedBy, updatedAt: new Date() },
      }),

  saveProduct: (
    db: TDb,
    code: string,
    patch: { name: string; description: string; priceText: string; isListed: boolean },
  ) =>
    db
      .update(appProducts)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(appProducts.code, code)),
};
