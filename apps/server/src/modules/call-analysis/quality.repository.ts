import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { tenantRows } from '../../db/tenant-rows.js';
import { callAnalysisScopes, callExtractionFields, callQualityRules } from './call-analysis.schema.js';

const ruleRows = tenantRows(callQualityRules);
const fieldRows = tenantRows(callExtractionFields);

/** Another row of the enterprise's with that name (a name is unique per enterprise). */
const namedOther = (
  db: TDb,
  table: typeof callQualityRules | typeof callExtractionFields,
  tenantId: number,
  name: string,
  exceptId?: number,
) =>
  firstRow(
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.name, name), exceptId ? ne(table.id, exceptId) : undefined)),
  );

export type TRuleRow = typeof callQualityRules.$inferSelect;
export type TFieldRow = typeof callExtractionFields.$inferSelect;

/** SQL of 质检设置: the enterprise's quality rules, extraction fields and the lines analysed. */
export const qualityRepository = {
  /** The rules in order of creation; `isEnabledOnly` for an analysis. */
  rules: (db: TDb, tenantId: number, isEnabledOnly = false) =>
    db
      .select()
      .from(callQualityRules)
      .where(
        and(eq(callQualityRules.tenantId, tenantId), isEnabledOnly ? eq(callQualityRules.isEnabled, true) : undefined),
      )
      .orderBy(asc(callQualityRules.id)),
  ruleCount: async (db: TDb, tenantId: number) =>
    (await db.select({ n: count() }).from(callQualityRules).where(eq(callQualityRules.tenantId, tenantId)))[0]!.n,
  ruleNamed: (db: TDb, tenantId: number, name: string, exceptId?: number) =>
    namedOther(db, callQualityRules, tenantId, name, exceptId),
  insertRule: ruleRows.insertOne,
  updateRule: ruleRows.updateOne,
  deleteRule: ruleRows.deleteOne,

  fields: (db: TDb, tenantId: number) =>
    db
      .select()
      .from(callExtractionFields)
      .where(eq(callExtractionFields.tenantId, tenantId))
      .orderBy(asc(callExtractionFields.sort), asc(callExtractionFields.id)),
  fieldCount: async (db: TDb, tenantId: number) =>
    (await db.select({ n: count() }).from(callExtractionFields).where(eq(callExtractionFields.tenantId, tenantId)))[0]!
      .n,
  fieldNamed: (db: TDb, tenantId: number, name: string, exceptId?: number) =>
    namedOther(db, callExtractionFields, tenantId, name, exceptId),
  insertField: fieldRows.insertOne,
  updateField: fieldRows.updateOne,
  deleteField: fieldRows.deleteOne,

  /**
   * Serialises one enterprise's changes of a settings table until the transaction ends, so two
   * people adding the last allowed rule at once cannot both pass the count.
   */
  lock: (db: TDb, table: 'call_quality_rules' | 'call_extraction_fields', tenantId: number) =>
    db.execute(sql`select pg_advisory_xact_lock(hashtext(${table}), ${tenantId}::int)`),

  /** The lines whose calls are analysed: null every line. */
  scope: async (db: TDb, tenantId: number) =>
    (
      await firstRow(
        db
          .select({ lineIds: callAnalysisScopes.lineIds })
          .from(callAnalysisScopes)
          .where(eq(callAnalysisScopes.tenantId, tenantId)),
      )
    )?.lineIds ?? null,
  saveScope: async (db: TDb, tenantId: number, lineIds: number[] | null) => {
    await db
      .insert(callAnalysisScopes)
      .values({ tenantId, lineIds })
      .onConflictDoUpdate({ target: callAnalysisScopes.tenantId, set: { lineIds, updatedAt: sql`now()` } });
  },
};
