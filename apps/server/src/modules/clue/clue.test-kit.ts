import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TTestApp } from '../../test/harness.js';

export type TLibraryCompany = { id: number; name: string; credit_code: string };

/**
 * The library's first `limit` companies (by id) that have a mobile and a name no other company has,
 * so a name search or a matched name finds each alone (tests only).
 */
export const companiesWithMobile = async (t: TTestApp, limit: number) =>
  rowsOf<TLibraryCompany>(
    await t.database.db.execute(sql`select c.id::int as id, c.name, c.credit_code from clue_companies c
      where exists (select 1 from clue_contacts x where x.company_id = c.id and x.mobile <> '')
        and (select count(*) from clue_companies d where d.name = c.name) = 1
      order by c.id limit ${limit}`),
  );
