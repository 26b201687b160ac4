import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFigures, type TDatabaseFigures } from '../db/backup.js';
import { openDatabase, rowsOf, type TDb } from '../db/client.js';
import { repoRoot } from '../paths.js';
import { seedDemo } from '../seed/demo.js';
import { createLocalStore } from '../storage/index.js';
import { onServer, type TTestDatabase } from '../test/database.js';
import { openSeededTestDatabase, seededPgliteDataDir } from '../test/seeded-database.js';

const run = promisify(execFile);
const script = path.join(repoRoot, 'scripts/backup.mjs');
const serverUrl = process.env.TEST_DATABASE_URL;

/** The script as an operator runs it, with the servers' settings; its exit code and what it printed. */
const backupScript = async (args: string[], env: Record<string, string>) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
};

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `yunhu-${name}-`));

/**
 * What the backup must carry besides the seed: a movement booked with its ledger row, and a call
 * whose recording is a file of the store. Answers the recording's key and bytes.
 */
const addMoneyAndRecording = async (db: TDb, dataDir: string) => {
  const [call] = rowsOf<{ id: number; tenantId: number }>(
    await db.execute(sql`select id, tenant_id::int as "tenantId" from call_records order by id limit 1`),
  );
  const tenantId = call!.tenantId;
  await db.execute(sql`insert into accounts (tenant_id) values (${tenantId}) on conflict do nothing`);
  await db.execute(sql`
    with booked as (update accounts set balance = balance + 12345 where tenant_id = ${tenantId} returning balance)
    insert into ledger_entries (tenant_id, kind, amount, balance_after, biz_type, biz_key)
    select ${tenantId}, 'adjustment', 12345, balance, 'backup-check', ${crypto.randomUUID()} from booked`);
  const key = `recordings/${tenantId}/backup-${call!.id}.wav`;
  const bytes = crypto.randomBytes(4096);
  const store = createLocalStore(dataDir);
  await store.put(key, bytes);
  store.close();
  await db.execute(
    sql`update call_records set pre_record_url = ${key}, recording_state = 'ready' where id = ${call!.id}`,
  );
  return { key, bytes };
};

const expectReconciled = (before: TDatabaseFigures, after: TDatabaseFigures) => {
  expect(after.rows).toEqual(before.rows);
  expect(after.accounts).toEqual(before.accounts);
  expect(before.rows['public.customers']).toBeGreaterThan(0);
  expect(before.rows['public.call_records']).toBeGreaterThan(0);
  expect(before.accounts.some((a) => a.balance >= 12345 && a.balance === a.ledger)).toBe(true);
};

describe.skipIf(!serverUrl)('scripts/backup.mjs on a PostgreSQL server', () => {
  let source: TTestDatabase;
  let target: string;
  let targetUrl: string;
  const backupDir = path.join(tmp('backup'), 'b');
  const sourceData = tmp('data-a');
  const targetData = tmp('data-b');
  let recording: { key: string; bytes: Buffer };

  beforeAll(async () => {
    source = await openSeededTestDatabase();
    recording = await addMoneyAndRecording(source.db, sourceData);
    target = `yunhu_restore_${crypto.randomBytes(6).toString('hex')}`;
    await onServer(serverUrl!, `create database ${target}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${target}`;
    targetUrl = url.toString();
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    if (target) await onServer(serverUrl!, `drop database if exists ${target} with (force)`);
  });

  it('backs up while the database is open and restores into a new database that reconciles to the ledger row', {
    timeout: 120_000,
  }, async () => {
    const saved = await backupScript(['backup', backupDir], { DATABASE_URL: source.url!, DATA_DIR: sourceData });
    expect(saved.output).toContain('已备份到');
    expect(saved.code).toBe(0);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['database.pgdump', 'files', 'manifest.json']);

    const restored = await backupScript(['restore', backupDir], { DATABASE_URL: targetUrl, DATA_DIR: targetData });
    expect(restored.output).toContain('已恢复并核对一致');
    expect(restored.code).toBe(0);

    // Checked here too, not only by the script's own word.
    const copy = await openDatabase({ databaseUrl: targetUrl, dataDir: null });
    try {
      expectReconciled(await databaseFigures(source.db), await databaseFigures(copy.db));
      const [call] = rowsOf<{ key: string }>(
        await copy.db.execute(
          sql`select pre_record_url as key from call_records where pre_record_url = ${recording.key}`,
        ),
      );
      expect(call?.key).toBe(recording.key);
    } finally {
      await copy.close();
    }
    const store = createLocalStore(targetData);
    expect(await store.read(recording.key)).toEqual(recording.bytes);
    store.close();
  });

  it('refuses to restore over a database in use', { timeout: 60_000 }, async () => {
    const again = await backupScript(['restore', backupDir], { DATABASE_URL: source.url!, DATA_DIR: tmp('data-c') });
    expect(again.code).toBe(1);
    expect(again.output).toContain('目标数据库不是空的');
  });
});

describe.skipIf(serverUrl)('scripts/backup.mjs on the embedded database', () => {
  it('backs up a stopped server’s data folder and restores it into a new one that reconciles', async () => {
    const sourceData = tmp('pglite-a');
    const targetData = tmp('pglite-b');
    const backupDir = path.join(tmp('pglite-backup'), 'b');
    const seeded = seededPgliteDataDir();
    const source = await openDatabase({ databaseUrl: null, dataDir: sourceData, loadDataDir: seeded ?? undefined });
    if (!seeded) await seedDemo(source.db);
    const recording = await addMoneyAndRecording(source.db, sourceData);
    const before = await databaseFigures(source.db);
    await source.close();

    const saved = await backupScript(['backup', backupDir], { DATA_DIR: sourceData });
    expect(saved.code, saved.output).toBe(0);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['files', 'manifest.json', 'pgdata']);
    const restored = await backupScript(['restore', backupDir], { DATA_DIR: targetData });
    expect(restored.output).toContain('已恢复并核对一致');
    expect(restored.code).toBe(0);

    const copy = await openDatabase({ databaseUrl: null, dataDir: targetData });
    try {
      expectReconciled(before, await databaseFigures(copy.db));
    } finally {
      await copy.close();
    }
    const store = createLocalStore(targetData);
    expect(await store.read(recording.key)).toEqual(recording.bytes);
    store.close();

    const over = await backupScript(['restore', backupDir], { DATA_DIR: targetData });
    expect(over.code).toBe(1);
    expect(over.output).toContain('目标数据目录不是空的');
  }, 120_000);
});
