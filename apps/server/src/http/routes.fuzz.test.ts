import { allRoutes, isPlatformPerm, routeTables, type TRouteDef, timeBounds } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { startTestApp, type TTestApp } from '../test/harness.js';
import { otherEnterprise } from '../test/other-enterprise.js';

/**
 * Bad input over the whole route table: NUL bytes, lone surrogates, numbers JSON allows
 * but a date or an integer column does not, deep nesting, long texts, wrong types and another
 * enterprise's ids, in known and unknown fields. Every answer is an envelope without code 500, and a
 * refused request changes no row: a trigger on every table counts the rows each request writes.
 * FUZZ_RUNS raises the bodies per route (default 6).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 6);
const seed = Number(process.env.FUZZ_SEED ?? 20261124);

/** What once broke routes: NUL, a lone surrogate, a time no date holds. */
const sweepValues = (route: TRouteDef): unknown[] =>
  route.method === 'GET'
    ? ['a\u0000b', '\uD800', '9007199254740991']
    : ['a\u0000b', '\uD800', 9007199254740991, nest(40)];

/** Tables a refused request may still write: the record of the refusal itself. */
const writtenOnRefusal = new Set(['operation_logs', 'login_attempts', 'sms_codes']);

const nest = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

const nastyText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  '9007199254740991',
  '-1',
  '',
  ' ',
  '%00',
  '../../etc/passwd',
  'x'.repeat(5000),
  '１３９０００００００１',
);

const nastyValue = (foreignIds: number[]) =>
  fc.oneof(
    nastyText,
    fc.constantFrom<unknown>(
      9007199254740991,
      -9007199254740991,
      1e308,
      -1e308,
      2147483648,
      -2147483649,
      -1,
      0,
      1.5,
      timeBounds.max + 1,
      timeBounds.min - 1,
      true,
      null,
      {},
      [],
      nest(40),
      Array.from({ length: 2000 }, (_, i) => i + 1),
      [9007199254740991],
      ['\u0000'],
      { '\u0000': 1 },
      [[1, 2], [3]],
    ),
    fc.constantFrom(...foreignIds),
    fc.array(fc.constantFrom(...foreignIds), { minLength: 1, maxLength: 3 }),
  );

/** The top-level field names of a request schema (objects, refined objects, pipes of objects). */
const fieldsOf = (schema: unknown): string[] => {
  let s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; innerType?: unknown } } };
  for (let i = 0; i < 5 && s && !s.shape; i++) {
    s = (s._zod?.def?.in ?? s._zod?.def?.innerType) as typeof s;
  }
  return s?.shape ? Object.keys(s.shape) : [];
};

const bodyOf = (route: TRouteDef, foreignIds: number[]) => {
  const keys = [...fieldsOf(route.request), 'unknownField'];
  const field = fc.tuple(fc.constantFrom(...keys), route.method === 'GET' ? nastyText : nastyValue(foreignIds));
  return fc.array(field, { minLength: 1, maxLength: 4 }).map((pairs) => Object.fromEntries(pairs));
};

/** A lone surrogate cannot be URI-encoded as UTF-8: it goes as the bytes a careless client sends. */
const encodePathPart = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return `a%ED%A0%80${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
};

const isJsonOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-type'] ?? '').startsWith('application/json');

describe('route table fuzz', () => {
  let t: TTestApp;
  const tokens = { admin: '', platform: '' };
  let foreignIds: number[] = [];
  let lastChange = 0;

  beforeAll(async () => {
    t = await startTestApp();
    tokens.admin = await t.loginAs.admin();
    tokens.platform = await t.loginAs.platform();
    const other = await otherEnterprise(t, { code: 'E900777', username: 'fuzzboss', mobile: '13711112222' });
    foreignIds = [other.tenantId, other.userId, 1, 2, 5];
    // Every row any statement writes, by table, as the database's owner (row-level security aside).
    const { db } = t.database;
    await db.execute(sql`create table fuzz_changes (id bigserial primary key, tbl text not null)`);
    await db.execute(
      sql.raw(`create function fuzz_note() returns trigger language plpgsql security definer as $$
      begin insert into fuzz_changes (tbl) values (tg_table_name); return null; end $$`),
    );
    await db.execute(
      sql.raw(`do $$ declare r record; begin
      for r in select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_changes' loop
        execute format('create trigger fuzz_note after insert or update or delete on %I
          for each row execute function fuzz_note()', r.tablename);
      end loop;
    end $$`),
    );
  }, 120_000);
  afterAll(() => t?.close());

  /** Tables written since the last look, other than the refusal's own records. */
  const changedTables = async () => {
    const rows = rowsOf<{ id: string; tbl: string }>(
      await t.database.db.execute(sql`select id, tbl from fuzz_changes where id > ${lastChange} order by id`),
    );
    if (rows.length > 0) lastChange = Number(rows.at(-1)!.id);
    return [...new Set(rows.map((r) => r.tbl))].filter((tbl) => !writtenOnRefusal.has(tbl));
  };

  const send = async (route: TRouteDef, body: Record<string, unknown>) => {
    const who = route.permission && isPlatformPerm(route.permission) ? 'platform' : 'admin';
    const rest = { ...body };
    const url = route.path.replace(/:(\w+)/g, (_m, name: string) => {
      const v = rest[name] ?? 'x';
      delete rest[name];
      return encodePathPart(String(v));
    });
    const query = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
    const res = await t.app.inject({
      method: route.method,
      url,
      headers: { 'cloud-token': tokens[who] },
      remoteAddress: t.freshIp(),
      ...(route.method === 'GET' ? { query } : { payload: rest }),
    });
    return { who, res } as const;
  };

  it('sees the rows an accepted request writes (the check below can fail)', async () => {
    await changedTables();
    const res = await t.call(routeTables.crmSettings.tagSave, { name: '模糊测试' }, tokens.admin);
    expect(res.body.code).toBe(0);
    expect(await changedTables()).toContain('crm_tags');
  });

  const fuzzable = allRoutes().filter((r) => r.body === 'json');

  it.each(fuzzable.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: no code 500, and a refused request changes nothing',
    async (_name, route) => {
      await changedTables();
      // Each known field alone with each of the probes that broke routes before, then random bodies.
      const sweep = [...fieldsOf(route.request), 'unknownField'].flatMap((field) =>
        sweepValues(route).map((v) => ({ [field]: v })),
      );
      const random = fc.sample(bodyOf(route, foreignIds), { numRuns: runs, seed });
      for (const body of [...sweep, ...random]) {
        let { who, res } = await send(route, body);
        if (isJsonOf(res) && res.json().code === 401) {
          // An accepted sign-out or password change ended the session: sign in again and retry.
          tokens[who] = await (who === 'admin' ? t.loginAs.admin() : t.loginAs.platform());
          ({ res } = await send(route, body));
        }
        const sent = JSON.stringify(body).slice(0, 120);
        expect(res.statusCode, sent).toBe(200);
        if (!isJsonOf(res)) {
          // A file: the request was accepted.
          expect(route.result, sent).toBe('blob');
          await changedTables();
          continue;
        }
        const envelope = res.json() as { code: number; msg: string; data: unknown };
        expect(envelope.code, `${sent}: ${envelope.msg}`).not.toBe(500);
        if (envelope.code === 0) {
          await changedTables();
          continue;
        }
        expect(envelope.msg, sent).toMatch(/[\u4e00-\u9fa5]/);
        expect(await changedTables(), `${sent} refused with ${envelope.code} ${envelope.msg}`).toEqual([]);
      }
    },
  );
});
