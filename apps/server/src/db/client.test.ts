import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { openDatabase, rowsOf, startState, type TDatabase, type TDb } from './client.js';

// The migrator as it is, counted: a start on a migrated folder must not run it.
vi.mock('drizzle-orm/pglite/migrator', async (original) => {
  const real = await original<typeof import('drizzle-orm/pglite/migrator')>();
  return { migrate: vi.fn(real.migrate) };
});

import { withTenant } from './tenant.js';

describe('row-level security', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('confines a tenant transaction to its own rows even without a tenant filter', async () => {
    const a = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into tenants (code, name) values (${`rls-a-${Date.now()}`}, 'A') returning id`,
      ),
    )[0]!.id;
    const b = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into tenants (code, name) values (${`rls-b-${Date.now()}`}, 'B') returning id`,
      ),
    )[0]!.id;
    await database.db.execute(sql`insert into departments (tenant_id, name) values (${a}, '甲部门'), (${b}, '乙部门')`);
    expect(database.hasAppRole).toBe(true);
    const seen = await withTenant(database, Number(a), async (tx) =>
      rowsOf<{ name: string; tenant_id: string }>(await tx.execute(sql`select name, tenant_id from departments`)),
    );
    expect(seen.map((r) => r.name)).toEqual(['甲部门']);
    await expect(
      withTenant(database, Number(a), (tx) =>
        tx.execute(sql`insert into departments (tenant_id, name) values (${b}, '越界')`),
      ),
    ).rejects.toThrow();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL server ending connections', () => {
  it('survives the server terminating its connections and answers the next query', async () => {
    const database = await openTestDatabase();
    try {
      // Two idle pooled connections, then the server ends every one of them.
      await Promise.all([database.db.execute(sql`select pg_sleep(0.05)`), database.db.execute(sql`select 1`)]);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [rowsOf<{ d: string }>(await database.db.execute(sql`select current_database() as d`))[0]!.d],
      );
      await admin.end();
      // Without a listener the terminated clients' 'error' events crash the process (CI saw it).
      await new Promise((r) => setTimeout(r, 200));
      expect(rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`))[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the walls around PostgreSQL sessions', () => {
  it('puts the statement and idle-in-transaction timeouts on every session of the pool', async () => {
    const database = await openTestDatabase();
    try {
      const [row] = rowsOf<{ statement: string; idle: string }>(
        await database.db.execute(sql`select current_setting('statement_timeout') as statement,
          current_setting('idle_in_transaction_session_timeout') as idle`),
      );
      expect(row).toEqual({ statement: '1min', idle: '1min' });
    } finally {
      await database.close();
    }
  });

  it('fails a query that waits too long for a connection instead of hanging, and ends a transaction left idle', async () => {
    const database = await openTestDatabase({ poolMax: 1, connectTimeoutMs: 500, idleInTransactionMs: 300 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    try {
      // The one connection is held by a transaction that waits in this process, as a stuck request would.
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
        await tx.execute(sql`select 1`);
      });
      holder.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      const started = Date.now();
      const error = await database.db.execute(sql`select 1`).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((error?.cause as Error | undefined)?.message)).toMatch(/timeout exceeded when trying to connect/);
      expect(Date.now() - started).toBeLessThan(2000);
      // PostgreSQL ends the idle transaction; its next statement fails and the connection is given back.
      await new Promise((r) => setTimeout(r, 600));
      release();
      await expect(holder).rejects.toThrow();
      expect(rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`))[0]!.n).toBe(1);
    } finally {
      release();
      await database.close();
    }
  });
});

/**
 * Warm start: a start asks one query whether the journal's migrations are all applied
 * (drizzle's own test: the newest applied `created_at` against the journal's newest `when`) and
 * runs the migrator only when not.
 */
describe('the start state', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** Runs `check` in a transaction rolled back afterwards. */
  const rolledBack = async <T>(check: (tx: TDb) => Promise<T>): Promise<T> => {
    let result: T | undefined;
    await database.db
      .transaction(async (tx) => {
        result = await check(tx as unknown as TDb);
        throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (error.message !== 'roll back') throw error;
      });
    return result as T;
  };

  it('says migrated once every migration of the journal is applied, with the row-level-security role', async () => {
    expect(await startState(database.db)).toEqual({ isMigrated: true, hasAppRole: true });
  });

  it('says not migrated when the newest migration is missing, or the table itself', async () => {
    const withoutNewest = await rolledBack(async (tx) => {
      await tx.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      return startState(tx);
    });
    expect(withoutNewest.isMigrated).toBe(false);
    const withoutTable = await rolledBack(async (tx) => {
      await tx.execute(sql`alter table drizzle.__drizzle_migrations rename to gone`);
      return startState(tx);
    });
    expect(withoutTable).toEqual({ isMigrated: false, hasAppRole: false });
  });

  it('opens a migrated data folder again without running the migrator', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-client-'));
    const runs = vi.mocked(pgliteMigrate).mock.calls;
    try {
      const before = runs.length;
      const first = await openDatabase({ databaseUrl: null, dataDir });
      expect(runs.length).toBe(before + 1);
      const applied = rowsOf<{ n: number }>(
        await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      )[0]!.n;
      await first.close();
      const again = await openDatabase({ databaseUrl: null, dataDir });
      expect(runs.length).toBe(before + 1);
      try {
        expect(again.hasAppRole).toBe(true);
        expect(again.kind).toBe('pglite');
        expect(await again.ping()).toBe(true);
        const after = rowsOf<{ n: number }>(
          await again.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        )[0]!.n;
        expect(after).toBe(applied);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
