import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsByKeys } from '../../db/by-keys.js';
import { rowsOf, type TDb } from '../../db/client.js';
import { crmImportRows, crmImports } from '../../db/schema.js';
import { clueCompanies as c, clueMatchRows as matches, clueUnlocks as unlocks } from './clue.schema.js';

export type TMatchCompany = { id: number; name: string; creditCode: string };
export type TMatchInsert = typeof matches.$inferInsert;

const companyColumns = { id: c.id, name: c.name, creditCode: c.creditCode };

/** 批量匹配's statements: the look-ups of a list's names and codes, its matches and its refused rows. */
export const clueMatchRepository = {
  byCodes: (db: TDb, codes: readonly string[]): Promise<TMatchCompany[]> =>
    rowsByKeys(codes, (keys) => db.select(companyColumns).from(c).where(inArray(c.creditCode, keys))),

  /** Companies by their exact names (up to two a name is enough to call it ambiguous). */
  byNames: (db: TDb, names: readonly string[]): Promise<TMatchCompany[]> =>
    rowsByKeys(names, (keys) => db.select(companyColumns).from(c).where(inArray(c.name, keys))),

  insert: (db: TDb, rows: TMatchInsert[]) =>
    rows.length === 0 ? Promise.resolve() : db.insert(matches).values(rows).onConflictDoNothing(),

  /** A batch's matches in row order, with the company and this enterprise's unlock of it. */
  rows: (db: TDb, tenantId: number, importId: string) =>
    db
      .select({
        rowNo: matches.rowNo,
        input: matches.input,
        company: companyColumns,
        unlockId: unlocks.id,
        customerId: unlocks.customerId,
      })
      .from(matches)
      .innerJoin(c, eq(c.id, matches.companyId))
      .leftJoin(unlocks, and(eq(unlocks.tenantId, tenantId), eq(unlocks.companyId, matches.companyId)))
      .where(and(eq(matches.tenantId, tenantId), eq(matches.importId, importId)))
      .orderBy(asc(matches.rowNo)),

  /** The refused rows the import staging keeps for the result (the settings row 0 excluded). */
  refused: (db: TDb, tenantId: number, importId: string) =>
    db
      .select({ rowNo: crmImportRows.rowNo, data: crmImportRows.data, error: crmImportRows.error })
      .from(crmImportRows)
      .where(
        and(
          eq(crmImportRows.tenantId, tenantId),
          eq(crmImportRows.importId, importId),
          gt(crmImportRows.rowNo, 0),
          isNotNull(crmImportRows.error),
        ),
      )
      .orderBy(asc(crmImportRows.rowNo)),

  /** The distinct mobiles of the unlocked contacts of a batch's matched companies (空号检测's numbers). */
  mobiles: async (db: TDb, tenantId: number, importId: string): Promise<string[]> =>
    rowsOf<{ mobile: string }>(
      await db.execute(sql`select distinct x->>'mobile' as mobile
        from clue_match_rows m
        join clue_unlocks u on u.tenant_id = m.tenant_id and u.company_id = m.company_id
        cross join lateral jsonb_array_elements(u.contacts) x
        where m.tenant_id = ${tenantId} and m.import_id = ${importId} and coalesce(x->>'mobile', '') <> ''`),
    ).map((r) => r.mobile),

  /** A batch of this kind as its owner check needs it, read in the caller's transaction. */
  batch: async (db: TDb, tenantId: number, importId: string, kind: string) =>
    (
      await db
        .select({ userId: crmImports.userId, status: crmImports.status })
        .from(crmImports)
        .where(and(eq(crmImports.tenantId, tenantId), eq(crmImports.id, importId), eq(crmImports.kind, kind)))
    )[0],
};
