import fs from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { rowsOf, type TDatabase } from './client.js';
import * as schema from './schema.js';

/**
 * Ready to distribute by tenant (docs/decisions/0105-past-one-machine.md): a table with a tenant_id
 * column is sharded on it, so each of its primary keys and unique indexes holds tenant_id, each
 * foreign key between two such tables names the tenant on both sides, and no query joins two of them
 * without tenant_id in the join's condition. A table that every enterprise reads alike is a
 * reference table instead (copied to every node): the list below, one reason each. A table holding
 * one enterprise's rows never belongs there.
 */
const referenceTables: Record<string, string> = {};

/**
 * Unique keys that stay global by rule, not by accident of their ids: before distribution each
 * moves to a directory of its own keyed by the value. Any other key without tenant_id fails.
 */
const globalKeys: Record<string, string> = {
  users_username_idx: 'sign-in finds the person by the account name alone',
  users_mobile_idx: 'sign-in and password reset find the person by the mobile alone',
  users_wechat_idx: 'WeChat sign-in finds the person by the openid alone',
  cmcc_work_numbers_number_idx: "a carrier's work number belongs to one enterprise of the platform",
};

type TKey = { table: string; name: string; kind: 'primary key' | 'unique' | 'foreign key'; def: string };

/** The keys of tenant tables that do not hold tenant_id (foreign keys: on either side, in the same place). */
const keysWithoutTenant = async (database: TDatabase) =>
  rowsOf<TKey>(
    await database.db.execute(sql`
      with tenant_table as (
        select c.oid, c.relname, a.attnum as tenant_col
        from pg_class c
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      )
      select t.relname as table, i.indexrelid::regclass::text as name,
        case when i.indisprimary then 'primary key' else 'unique' end as kind,
        pg_get_indexdef(i.indexrelid) as def
      from tenant_table t
      join pg_index i on i.indrelid = t.oid
      where i.indisunique and not (t.tenant_col = any (i.indkey::int2[]))
      union all
      select t.relname, c.conname, 'foreign key', pg_get_constraintdef(c.oid)
      from tenant_table t
      join pg_constraint c on c.conrelid = t.oid and c.contype = 'f'
      join tenant_table p on p.oid = c.confrelid
      where array_position(c.conkey, t.tenant_col) is null
        or array_position(c.conkey, t.tenant_col) is distinct from array_position(c.confkey, p.tenant_col)
      order by 1, 2`),
  );

/** The catalogue's tenant tables (those with a tenant_id column). */
const tenantTablesOf = async (database: TDatabase) =>
  rowsOf<{ table: string }>(
    await database.db.execute(sql`
      select table_name as table from information_schema.columns
      where table_schema = 'public' and column_name = 'tenant_id' order by 1`),
  ).map((r) => r.table);

/** Where the schema's keys fall short of distribution: what is neither conforming nor declared. */
const shortfall = (keys: TKey[]) =>
  keys
    .filter((k) => !(k.table in referenceTables) && !(k.name in globalKeys))
    .map((k) => `${k.table}: ${k.kind} ${k.name} — ${k.def}`);

// ---------------------------------------------------------------------------------------------
// Joins: the SQL the server writes, read from its source. A join of a tenant table whose condition
// names another tenant table must name tenant_id as well (drizzle's `.innerJoin(table, condition)`
// and its kin, and `join <table> <alias> on ...` inside sql`` templates).

/** Drizzle's table objects by the name they are exported under, and the SQL name of each. */
const tables = new Map<string, { name: string; isTenant: boolean }>();
for (const [key, value] of Object.entries(schema)) {
  if (!is(value, PgTable)) continue;
  const config = getTableConfig(value);
  tables.set(key, { name: config.name, isTenant: config.columns.some((c) => c.name === 'tenant_id') });
}
const tenantSqlNames = new Set([...tables.values()].filter((t) => t.isTenant).map((t) => t.name));

/** The text from `start` (just after an opening parenthesis) to its closing one. */
const balanced = (text: string, start: number) => {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
};

/** A file's own names for schema tables: imports under another name, `const x = table`, `alias(table, ...)`. */
const namesOf = (source: string) => {
  const names = new Map<string, string>();
  for (const [key, t] of tables) names.set(key, t.name);
  const name = (key = '') => tables.get(key)?.name;
  for (const [, from, to = ''] of source.matchAll(/\b(\w+) as (\w+)\b/g)) if (name(from)) names.set(to, name(from)!);
  for (const [, to = '', from] of source.matchAll(/\bconst (\w+) = (?:alias\()?(\w+)\b/g))
    if (name(from)) names.set(to, name(from)!);
  return names;
};

/** The joins of one file that fail the rule, as `<file>: join <table> on <condition>`. */
const joinsWithoutTenant = (file: string, source: string) => {
  const names = namesOf(source);
  const found: string[] = [];
  const flag = (table: string, condition: string) =>
    found.push(`${file}: join ${table} on ${condition.replace(/\s+/g, ' ').trim()}`);
  // Drizzle: .innerJoin(table, condition).
  for (const m of source.matchAll(/\.(?:inner|left|right|full)Join\(\s*(\w+)\s*,/g)) {
    const table = names.get(m[1] ?? '');
    const written = balanced(source, m.index + m[0].length);
    // A condition held in a name: the expression the file gives it.
    const named = /^\s*(\w+)\s*$/.exec(written)?.[1];
    const condition = named
      ? (new RegExp(String.raw`\bconst ${named} = ([^;]*);`).exec(source)?.[1] ?? written)
      : written;
    if (!table || !tenantSqlNames.has(table) || /tenantId|tenant_id/.test(condition)) continue;
    const others = [...condition.matchAll(/\b(\w+)\.\w+/g)].map((r) => names.get(r[1] ?? ''));
    if (others.some((n) => n && n !== table && tenantSqlNames.has(n))) flag(table, condition);
  }
  // SQL: [from|join] <table or ${table}> [as] <alias> ... join <table> <alias> on <condition>.
  const tableRef = String.raw`(?:\$\{\s*(\w+)\s*\}|"?([a-z_]+)"?)`;
  const aliases = new Map<string, string>();
  for (const m of source.matchAll(new RegExp(String.raw`\b(?:from|join)\s+${tableRef}(?:\s+(?:as\s+)?(\w+))?`, 'gi'))) {
    const table = m[1] ? names.get(m[1]) : m[2];
    if (!table) continue;
    aliases.set(table, table);
    if (m[3] && !/^(on|where|using|join|left|inner|group|order|limit|set|cross|lateral)$/i.test(m[3]))
      aliases.set(m[3], table);
  }
  for (const m of source.matchAll(new RegExp(String.raw`\bjoin\s+${tableRef}(?:\s+(?:as\s+)?(\w+))?\s+on\b`, 'gi'))) {
    const table = m[1] ? names.get(m[1]) : m[2];
    if (!table || !tenantSqlNames.has(table)) continue;
    // The condition: up to the next clause at its own depth, or the end of its parentheses.
    const rest = source.slice(m.index + m[0].length);
    let depth = 0;
    let end = rest.length;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '(') depth++;
      else if (rest[i] === ')' && --depth < 0) {
        end = i;
        break;
      } else if (
        depth === 0 &&
        /^\s(?:left |inner |right |full |cross )?join\b|^\s(?:where|group|order|limit|union|returning|having|window)\b|^[`;]/i.test(
          rest.slice(i, i + 12),
        )
      ) {
        end = i;
        break;
      }
    }
    const condition = rest.slice(0, end);
    if (/tenant_id|tenantId/.test(condition)) continue;
    const own = m[3] ?? table;
    const others = [...condition.matchAll(/(?:\$\{\s*(\w+)(?:\.\w+)?\s*\}|\b(\w+)\.\w+)/g)].map(([, js, alias = '']) =>
      js ? names.get(js) : alias === own ? table : (aliases.get(alias) ?? alias),
    );
    if (others.some((n) => n && n !== table && tenantSqlNames.has(n))) flag(table, condition);
  }
  return found;
};

const serverSources = () => {
  const src = path.resolve(new URL('..', import.meta.url).pathname);
  return (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-kit') && !f.startsWith('test'))
    .map((f) => ({ file: f, source: fs.readFileSync(path.join(src, f), 'utf8') }));
};

describe('ready to distribute by tenant', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('every key of a tenant table holds tenant_id, unless the table is a reference table or the key is declared global', async () => {
    const tenantTables = await tenantTablesOf(database);
    expect(tenantTables.length).toBeGreaterThan(80);
    const keys = await keysWithoutTenant(database);
    expect(shortfall(keys)).toEqual([]);
    // The lists name only what exists and is still needed.
    expect(Object.keys(referenceTables).filter((t) => !tenantTables.includes(t))).toEqual([]);
    expect(Object.keys(globalKeys).filter((k) => !keys.some((key) => key.name === k))).toEqual([]);
  });

  it('the catalogue check finds a key without tenant_id, a foreign key across tenants and a misplaced tenant_id', async () => {
    const run = (statement: string) => database.db.execute(sql.raw(statement));
    await run('create table shard_probe_parent (id bigint primary key, tenant_id bigint not null)');
    await run('create unique index shard_probe_parent_pair on shard_probe_parent (id, tenant_id)');
    await run(`create table shard_probe_child (id bigint, tenant_id bigint not null, other bigint not null,
      parent_id bigint references shard_probe_parent (id),
      foreign key (other, parent_id) references shard_probe_parent (tenant_id, id),
      primary key (id, tenant_id))`);
    try {
      const found = shortfall((await keysWithoutTenant(database)).filter((k) => k.table.startsWith('shard_probe')));
      expect(found).toEqual([
        expect.stringMatching(/^shard_probe_child: foreign key shard_probe_child_other_parent_id_fkey /),
        expect.stringMatching(/^shard_probe_child: foreign key shard_probe_child_parent_id_fkey /),
        expect.stringMatching(/^shard_probe_parent: primary key shard_probe_parent_pkey /),
      ]);
    } finally {
      await run('drop table shard_probe_child, shard_probe_parent');
    }
  });

  it("the server's SQL joins two tenant tables only on tenant_id", () => {
    const found = serverSources().flatMap((f) => joinsWithoutTenant(f.file, f.source));
    expect(found).toEqual([]);
  });

  it('the join check finds a join without tenant_id, in drizzle and in SQL, and passes one with it', () => {
    const bad = [
      'db.select().from(callRecords).innerJoin(users, eq(users.id, callRecords.userId))',
      'db.select().from(customers).leftJoin(departments, and(eq(departments.id, customers.deptId), isNull(departments.deletedAt)))',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, read by the check
      'sql`select 1 from call_records r join users u on u.id = r.user_id where r.tenant_id = ${t}`',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, read by the check
      'sql`select 1 from ${callRecords} r left join ${customers} c on (c.id = r.customer_id) order by 1`',
      'const done = eq(callAnalyses.callRecordId, callRecords.id);\ndb.select().from(callRecords).innerJoin(callAnalyses, done)',
    ];
    for (const source of bad) expect(joinsWithoutTenant('probe.ts', source)).toHaveLength(1);
    const good = [
      'db.select().from(callRecords).innerJoin(users, and(eq(users.tenantId, callRecords.tenantId), eq(users.id, callRecords.userId)))',
      // A platform table (lines, tenants) needs no tenant_id to join.
      'db.select().from(seats).innerJoin(lines, eq(lines.id, seats.lineId)).innerJoin(tenants, eq(tenants.id, seats.tenantId))',
      'sql`select 1 from call_records r join users u on u.tenant_id = r.tenant_id and u.id = r.user_id`',
      'sql`select 1 from call_records r join lines l on l.id = r.line_id`',
    ];
    for (const source of good) expect(joinsWithoutTenant('probe.ts', source)).toEqual([]);
  });
});
