// 模拟企业库 at scale: creates the clue bench database when missing (never dropped), migrates it,
// seeds the demo enterprise and generates companies up to BENCH_CLUE_COMPANIES (1,000,000) by
// apps/server/src/seed/clue.ts, in batches of 100,000 (each one INSERT … generate_series), then
// ANALYZE. Run again, it adds only what is missing.
// Usage: node --import tsx bench/clue.seed.ts
//        [BENCH_CLUE_DATABASE_URL=postgres://root@127.0.0.1:5432/yunhu_clue_bench] [BENCH_CLUE_COMPANIES=1000000]
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.js';
import { generateClueCompanies } from '../apps/server/src/seed/clue.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { createDatabaseIfMissing } from './bench-db.js';

export const clueBenchUrl = process.env.BENCH_CLUE_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/yunhu_clue_bench';
export const clueBenchCompanies = Number(process.env.BENCH_CLUE_COMPANIES ?? 1_000_000);

/** Opens the clue bench database, created, migrated and seeded as far as needed. */
export const openClueBench = async (log: (line: string) => void = console.log) => {
  await createDatabaseIfMissing(clueBenchUrl);
  const database = await openDatabase({ databaseUrl: clueBenchUrl, dataDir: null, limits: { statementTimeoutMs: 0 } });
  const { db } = database;
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
  if (!(await one<{ n: number }>(sql`select count(*)::int as n from tenants where code = 'E100001'`)).n) {
    await seedDemo(db);
  }
  // The demo seed's slice is numbered from 1: the bench's companies continue after the highest number.
  let have = (await one<{ n: number }>(sql`select count(*)::int as n from clue_companies`)).n;
  if (have < clueBenchCompanies) {
    const started = Date.now();
    let next = (
      await one<{ n: number }>(sql`select coalesce(max(substr(credit_code, 11)::int), 0) + 1 as n from clue_companies`)
    ).n;
    // Building the pairs' index once after the rows is several times faster than keeping it up per row.
    const isBulk = clueBenchCompanies - have > 200_000;
    if (isBulk) await db.execute(sql`drop index if exists clue_companies_grams_idx`);
    while (have < clueBenchCompanies) {
      const batch = Math.min(100_000, clueBenchCompanies - have);
      have += await generateClueCompanies(db, next, batch);
      next += batch;
      log(`模拟企业库: ${have} companies (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    if (isBulk) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
        await tx.execute(sql`create index clue_companies_grams_idx on clue_companies using gin (grams)`);
      });
    }
    await db.execute(sql`analyze clue_companies`);
    await db.execute(sql`analyze clue_contacts`);
    log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { database, companies: have };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { database, companies } = await openClueBench();
  console.log(`${companies} companies in ${clueBenchUrl}`);
  await database.close();
}
