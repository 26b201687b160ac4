import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../db/client.js';

/**
 * The mobiles of a batch's staged rows that will be written (valid, not written yet), and their
 * refusal before the confirm: what 空号检测 reads of a customer import and what its 一键排除 does to it.
 */
export const stagedMobilesRepository = {
  /** The distinct mobiles of the valid unwritten rows (the settings row 0 aside). */
  mobiles: async (tx: TDb, tenantId: number, id: string): Promise<string[]> =>
    rowsOf<{ mobile: string }>(
      await tx.execute(sql`select distinct data->>'mobile' as mobile from crm_import_rows
        where tenant_id = ${tenantId} and import_id = ${id} and row_no > 0
          and error is null and outcome is null and coalesce(data->>'mobile', '') <> ''`),
    ).map((r) => r.mobile),

  /**
   * Refuses the valid unwritten rows of these mobiles with each one's reason, and moves them from the
   * batch's valid count to its invalid count, in one statement. Answers how many rows.
   */
  refuse: async (tx: TDb, tenantId: number, id: string, reasons: ReadonlyMap<string, string>): Promise<number> => {
    if (reasons.size === 0) return 0;
    const json = JSON.stringify([...reasons].map(([m, r]) => ({ m, r })));
    return (
      rowsOf<{ n: number }>(
        await tx.execute(sql`with refused as (
          update crm_import_rows r set error = v.r
          from jsonb_to_recordset(${json}::jsonb) as v(m text, r text)
          where r.tenant_id = ${tenantId} and r.import_id = ${id} and r.row_no > 0
            and r.error is null and r.outcome is null and r.data->>'mobile' = v.m
          returning 1), counted as (select count(*)::int as n from refused), moved as (
          update crm_imports set valid_count = valid_count - (select n from counted),
            invalid_count = invalid_count + (select n from counted)
          where tenant_id = ${tenantId} and id = ${id} and (select n from counted) > 0
          returning 1)
        select n, (select count(*) from moved) as moved from counted`),
      )[0]?.n ?? 0
    );
  },
};
