import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { serverRoot } from '../paths.js';
import { rowsOf, type TDb } from './client.js';

/** Where the database went in a backup folder: PostgreSQL's custom-format dump, or PGlite's data directory. */
export const databaseFileOf = (kind: 'postgres' | 'pglite') => (kind === 'postgres' ? 'database.pgdump' : 'pgdata');

/**
 * What a restore must find again: the rows of every table, and each enterprise's balance beside the
 * sum of its ledger (equal where the books hold: the balance moves only with its ledger row).
 */
export type TDatabaseFigures = {
  rows: Record<string, number>;
  accounts: { tenantId: number; balance: number; ledger: number }[];
};

export const databaseFigures = async (db: TDb): Promise<TDatabaseFigures> => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
          order by 1`,
    ),
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [counted] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${name}`)));
    rows[name] = counted!.n;
  }
  const accounts = rowsOf<{ tenantId: number; balance: number; ledger: number }>(
    await db.execute(
      sql`select a.tenant_id::int as "tenantId", a.balance::bigint::float8 as balance,
            coalesce((select sum(l.amount) from ledger_entries l where l.tenant_id = a.tenant_id), 0)::float8 as ledger
          from accounts a order by a.tenant_id`,
    ),
  );
  return { rows, accounts };
};

/** Runs a PostgreSQL client program; rejects with its own words when it fails. */
const runTool = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} 退出码 ${code}：${stderr.trim().slice(-2000)}`)),
    );
  });

/** The database into `file`: pg_dump's custom format (a consistent snapshot while the servers run). */
export const dumpPostgres = (databaseUrl: string, file: string) =>
  runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);

/**
 * The embedded database's data directory into the folder `to`, as its files: a stopped PGlite
 * leaves a consistent PostgreSQL data directory. PGlite is one process's: the server that uses
 * this folder must be stopped first.
 */
export const dumpPglite = (dir: string, to: string) => {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`没有找到嵌入式数据库：${dir}`);
  fs.cpSync(dir, to, { recursive: true });
};

export class RestoreTargetNotEmpty extends Error {}

/** The first statement of the first migration: the row-level-security role the dump's grants name. */
const appRoleStatement = () =>
  fs
    .readFileSync(path.join(serverRoot, 'drizzle/0001_row_level_security.sql'), 'utf8')
    .split('--> statement-breakpoint')[0]!;

/** A dump into a new, empty database (never over one in use: the restore would mix two histories). */
export const restorePostgres = async (databaseUrl: string, file: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (rows[0].n > 0) throw new RestoreTargetNotEmpty('目标数据库不是空的：请恢复到一个新建的空数据库');
    await client.query(appRoleStatement());
  } finally {
    await client.end();
  }
  await runTool('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${databaseUrl}`, file]);
};

/** A data directory backed up by dumpPglite into a new, empty folder. */
export const restorePglite = (dir: string, from: string) => {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new RestoreTargetNotEmpty(`目标数据目录不是空的：${dir}`);
  }
  fs.cpSync(from, dir, { recursive: true });
};
