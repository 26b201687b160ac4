import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { rowsOf, type TDatabase } from './client.js';
import { joinBeginWithNextQuery, resetHeldBegin } from './join-begin.js';
import { withTenant } from './tenant.js';

/** A connection that records what it would send and answers each query with its text. */
const fakeClient = () => {
  const sent: unknown[] = [];
  const client = {
    query: (config: unknown, values?: unknown) => {
      sent.push(values === undefined ? config : [config, values]);
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const parts = text.split(';');
      const results = parts.map((t) => ({ command: t, rows: [{ text: t }] }));
      return Promise.resolve(results.length === 1 ? results[0] : results);
    },
  };
  joinBeginWithNextQuery(client as unknown as pg.PoolClient);
  return { client: client as unknown as pg.PoolClient, sent };
};

describe('BEGIN joined with the next statement', () => {
  it('sends BEGIN and an unparameterised statement as one query and answers the statement', async () => {
    const { client, sent } = fakeClient();
    expect(await client.query({ text: 'begin' } as never, [] as never)).toMatchObject({ command: 'BEGIN' });
    expect(sent).toEqual([]);
    const r = await client.query({ text: "select set_config('a', '1', true)" } as never, [] as never);
    expect(r).toMatchObject({ command: "select set_config('a', '1', true)" });
    expect(sent).toEqual([[{ text: "begin;select set_config('a', '1', true)" }, []]]);
    await client.query('commit');
    expect(sent).toHaveLength(2);
  });

  it('sends BEGIN first when the next query has parameters, a name or is a cursor', async () => {
    for (const next of [
      ['select $1', [1]],
      [{ text: 'select 1', name: 'prepared' }, []],
      [{ text: 'select 1', submit: () => undefined }, undefined],
    ] as const) {
      const { client, sent } = fakeClient();
      await client.query('begin');
      await client.query(next[0] as never, next[1] as never);
      expect(sent[0]).toBe('begin');
      expect(sent).toHaveLength(2);
    }
  });

  it('answers several statements after BEGIN as their list, and holds no BEGIN past a release', async () => {
    const { client, sent } = fakeClient();
    await client.query('begin');
    expect(await client.query('select 1;select 2')).toHaveLength(2);
    await client.query('begin');
    resetHeldBegin(client);
    await client.query('select 3');
    expect(sent.at(-1)).toBe('select 3');
  });
});

describe('a tenant transaction whose BEGIN rides with its first statement', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps the tenant and the role set for the statements after it, and nothing past the commit', async () => {
    const seen = await withTenant(database, 7, async (tx) => {
      const a = rowsOf<{ t: string; r: string }>(
        await tx.execute(sql`select current_setting('app.tenant_id', true) as t, current_user as r`),
      )[0]!;
      const b = rowsOf<{ t: string }>(await tx.execute(sql`select current_setting('app.tenant_id', true) as t`))[0]!;
      return { a, b };
    });
    expect(seen.a.t).toBe('7');
    expect(seen.b.t).toBe('7');
    expect(seen.a.r).toBe(database.hasAppRole ? 'yunhu_app' : expect.any(String));
    // The settings were local to the transaction: the pool's connections come back clean.
    const after = await Promise.all(
      Array.from({ length: 12 }, () =>
        database.db.execute(sql`select coalesce(current_setting('app.tenant_id', true), '') as t`),
      ),
    );
    expect(after.flatMap((r) => rowsOf<{ t: string }>(r).map((x) => x.t))).toEqual(Array(12).fill(''));
  });

  it('rolls back a transaction whose first statement fails, and the connection serves the next one', async () => {
    await database.db.execute(sql`create table if not exists join_begin_probe (n int)`);
    await expect(
      withTenant(database, 7, async (tx) => {
        await tx.execute(sql.raw('select 1/0'));
      }),
    ).rejects.toThrow();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('insert into join_begin_probe values (1)'));
        await tx.execute(sql.raw('select 1/0'));
      }),
    ).rejects.toThrow();
    const n = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from join_begin_probe`),
    )[0]!;
    expect(n.n).toBe(0);
    expect(await withTenant(database, 8, async (tx) => rowsOf(await tx.execute(sql`select 1 as one`)))).toEqual([
      { one: 1 },
    ]);
  });

  it('refuses a tenant id that is not an integer', async () => {
    await expect(withTenant(database, 1.5, async () => null)).rejects.toThrow(/integer/);
  });
});
