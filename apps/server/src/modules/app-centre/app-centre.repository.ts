import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { appProducts, tenantApps } from './app-centre.schema.js';

export type TProductRow = typeof appProducts.$inferSelect;
export type TSwitchRow = typeof tenantApps.$inferSelect;

export const appCentreRepository = {
  products: (db: TDb) => db.select().from(appProducts).orderBy(asc(appProducts.sort), asc(appProducts.code)),

  switchesOf: (db: TDb, tenantId: number) => db.select().from(tenantApps).where(eq(tenantApps.tenantId, tenantId)),

  /** The add-ons the enterprise has off now, by the one rule of migration 0088 (tenant_off_apps). */
  offApps: async (db: TDb, tenantId: number): Promise<string[]> =>
    rowsOf<{ off: string[] }>(await db.execute(sql`select tenant_off_apps(${tenantId}, now()) as off`))[0]?.off ?? [],

  /** One statement, so parallel switches end in the last one's state, never in an error; a window's end is kept. */
  setSwitch: (db: TDb, row: { tenantId: number; appCode: string; isOn: boolean; changedBy: string }) =>
    db
      .insert(tenantApps)
      .values(row)
      .onConflictDoUpdate({
        target: [tenantApps.tenantId, tenantApps.appCode],
        set: { isOn: row.isOn, changedBy: row.changedBy, updatedAt: new Date() },
      }),

  /**
   * The enterprise's one trial: on until `endsAt`. Conditional on no trial taken before, in one
   * statement, so parallel clicks start one trial; false when one was already taken.
   */
  startTrial: async (db: TDb, row: { tenantId: number; appCode: string; changedBy: string; endsAt: Date }) =>
    (
      await db
        .insert(tenantApps)
        .values({ ...row, isOn: true, isTrial: true, trialUsed: true })
        .onConflictDoUpdate({
          target: [tenantApps.tenantId, tenantApps.appCode],
          set: {
            isOn: true,
            isTrial: true,
            trialUsed: true,
            endsAt: row.endsAt,
            changedBy: row.changedBy,
            updatedAt: new Date(),
          },
          setWhere: sql`not ${tenantApps.trialUsed}`,
        })
        .returning({ code: tenantApps.appCode })
    ).length > 0,

  /**
   * A paid period of `days` more, in one statement: from the end of a paid period still running,
   * else from now; a trial's remaining days are not added. Switches the add-on on.
   */
  extendPaid: (db: TDb, row: { tenantId: number; appCode: string; days: number; changedBy: string }) => {
    const from = sql`greatest(now(), coalesce(case when not ${tenantApps.isTrial} then ${tenantApps.endsAt} end, now()))`;
    return db
      .insert(tenantApps)
      .values({
        tenantId: row.tenantId,
        appCode: row.appCode,
        isOn: true,
        changedBy: row.changedBy,
        endsAt: sql`now() + make_interval(days => ${row.days}::int)`,
      })
      .onConflictDoUpdate({
        target: [tenantApps.tenantId, tenantApps.appCode],
        set: {
          isOn: true,
          isTrial: false,
          changedBy: row.changedBy,
          endsAt: sql`${from} + make_interval(days => ${row.days}::int)`,
          updatedAt: new Date(),
        },
      });
  },

  saveProduct: (
    db: TDb,
    code: string,
    patch: {
      name: string;
      description: string;
      priceText: string;
      isListed: boolean;
      priceFen: number;
      trialDays: number;
      periodDays: number;
    },
  ) =>
    db
      .update(appProducts)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(appProducts.code, code)),
};
