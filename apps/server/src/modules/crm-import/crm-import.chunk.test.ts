import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { importRepository as staging } from '../../import/import.repository.js';
import { openSeededTestDatabase } from '../../test/seeded-database.js';
import { importRepository as repo } from './crm-import.repository.js';

/**
 * The confirm's chunk statement on a staging table whose statistics say it is empty (it fills and
 * empties between two ANALYZE, as in production): it must reach the staged rows by the chunk's key
 * range, not read the whole batch for every chunk (`row_no = any(array)` was left as a
 * filter, 8.5 s of a 10.5 s chunk at 100,000 staged rows).
 */
describe('an import chunk reads its own range of the staging, whatever the statistics', () => {
  let database: TDatabase;
  const q = async <T>(tx: TDb, query: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(query));
  beforeAll(async () => {
    database = await openSeededTestDatabase();
  });
  afterAll(() => database.close());

  /** Index tuples fetched and rows read by scans of the staging table so far in this transaction. */
  const readSoFar = async (tx: TDb) =>
    (
      await q<{ n: number }>(
        tx,
        sql`select (coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0))::int as n
          from pg_stat_xact_user_tables where relname = 'crm_import_rows'`,
      )
    )[0]?.n ?? 0;

  it('writes a 500-row chunk of a 6,000-row batch reading about its own rows, settling only them', async () => {
    const { db } = database;
    const [who] = rowsOf<{ tenant: number; user: number; dept: number | null }>(
      await db.execute(sql`select u.tenant_id::int as tenant, u.id::int as user, u.dept_id::int as dept
        from users u where u.username = 'manager'`),
    );
    const { tenant, user, dept } = who!;
    const stageBatch = async (tx: TDb, id: string, n: number, mobiles: string) => {
      await staging.insertBatch(tx, {
        id,
        tenantId: tenant,
        userId: user,
        kind: 'customer',
        fileName: 'chunk.xlsx',
        status: 'running',
        duplicateMode: 'skip',
      });
      const rows = Array.from({ length: n }, (_, i) => ({
        rowNo: i + 2,
        data: {
          name: `分块客户${i}`,
          mobile: `${mobiles}${String(i).padStart(4, '0')}`,
          namePinyin: 'x',
          nameInitials: 'x',
        },
      }));
      await staging.stageRows(tx, tenant, id, rows);
    };
    // The statistics of a staging table as the last ANALYZE left them: an earlier import's rows
    // (since gone), so a new batch's id is estimated at 1 row.
    const earlier = crypto.randomUUID();
    await stageBatch(db, earlier, 3000, '1350000');
    await db.execute(sql`analyze crm_import_rows`);
    await staging.deleteRows(db, tenant, earlier);
    const batch = crypto.randomUUID();
    const rolledBack = new Error('rolled back');
    await db
      .transaction(async (t) => {
        const tx = t as unknown as TDb;
        await stageBatch(tx, batch, 6000, '1360000');
        const before = await readSoFar(tx);
        const counts = await repo.insertStaged(tx, {
          tenantId: tenant,
          importId: batch,
          after: 1000,
          upto: 1500,
          room: 400,
          userId: user,
          isPrivate: true,
          deptId: dept,
          logReason: '导入到我的客户',
          overReason: '超过每人最多客户数',
          takenReason: '手机号在预览后已被录入为客户',
        });
        const read = (await readSoFar(tx)) - before;
        // Rows 1001..1500 are 500 rows: 400 inserted (the room), 100 skipped with why.
        expect(counts).toEqual({ inserted: 400, skipped: 100 });
        // Three passes over the chunk (read, delete, mark) and no more: the batch is 6,000 rows.
        expect(read).toBeGreaterThanOrEqual(500);
        expect(read).toBeLessThanOrEqual(3 * 500 + 100);
        const left = await q<{ outcome: string | null; n: number }>(
          tx,
          sql`select outcome, count(*)::int as n from crm_import_rows where import_id = ${batch}
            group by outcome order by outcome nulls first`,
        );
        // The written rows left the staging; the rest of the batch is untouched.
        expect(left).toEqual([
          { outcome: null, n: 5500 },
          { outcome: 'skipped', n: 100 },
        ]);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  });
});
