import fs from 'node:fs';
import path from 'node:path';
import {
  databaseFigures,
  databaseFileOf,
  dumpPglite,
  dumpPostgres,
  restorePglite,
  restorePostgres,
  type TDatabaseFigures,
} from '../db/backup.js';
import { openDatabase, pgliteDirOf } from '../db/client.js';
import { createLocalStore, createObjectStore, type TObjectStore, type TStorageConfig } from '../storage/index.js';
import { moveToObjectStore } from '../storage/move.js';

/** The settings a backup reads (config.ts): the database, the data folder and where files are kept. */
export type TBackupConfig = { databaseUrl: string | null; dataDir: string; storage: TStorageConfig };

/** manifest.json of a backup folder: what it holds and the figures a restore must find again. */
export type TBackupManifest = {
  createdAt: string;
  database: 'postgres' | 'pglite';
  figures: TDatabaseFigures;
  files: { count: number };
};

const manifestFile = 'manifest.json';
const filesFolder = 'files';

/** Figures of the database the settings name (opened as the server opens it, nothing migrated over a current one). */
const figuresOf = async (config: Pick<TBackupConfig, 'databaseUrl' | 'dataDir'>) => {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await databaseFigures(database.db);
  } finally {
    await database.close();
  }
};

/**
 * Backs up the database and the recordings and uploads into `folder` (new or empty): the database
 * as pg_dump's snapshot (PostgreSQL) or the data directory (PGlite, its server stopped), the files
 * copied from the data folder or the bucket, and a manifest with the figures to reconcile.
 * The figures are read after the dump: on a server still taking calls they may run ahead of it,
 * which a restore reports as a difference.
 */
export const backup = async (config: TBackupConfig, folder: string): Promise<TBackupManifest> => {
  fs.mkdirSync(folder, { recursive: true });
  if (fs.readdirSync(folder).length > 0) throw new Error(`备份目录不是空的：${folder}`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const dumpFile = path.join(folder, databaseFileOf(kind));
  if (config.databaseUrl) await dumpPostgres(config.databaseUrl, dumpFile);
  else await dumpPglite(pgliteDirOf(config.dataDir), dumpFile);
  const figures = await figuresOf(config);
  const counts = await copyFiles(
    createObjectStore(config.storage, config.dataDir),
    createLocalStore(path.join(folder, filesFolder)),
  );
  const manifest: TBackupManifest = {
    createdAt: new Date().toISOString(),
    database: kind,
    figures,
    files: { count: counts.copied + counts.skipped },
  };
  fs.writeFileSync(path.join(folder, manifestFile), JSON.stringify(manifest, null, 2));
  return manifest;
};

/** What a restore found: the backup's figures against the restored database's, and the files put back. */
export type TRestoreReport = {
  manifest: TBackupManifest;
  figures: TDatabaseFigures;
  files: { restored: number };
  /** Each figure that differs, in words; empty when the restore reconciles. */
  differences: string[];
};

/**
 * Restores a backup folder into a new, empty database (DATABASE_URL, or DATA_DIR's PGlite) and the
 * configured file store, then reads the figures again and compares them with the manifest's.
 */
export const restore = async (config: TBackupConfig, folder: string): Promise<TRestoreReport> => {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, manifestFile), 'utf8')) as TBackupManifest;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== manifest.database) {
    throw new Error(`备份是 ${manifest.database} 的，当前设置是 ${kind}：请用同一种数据库恢复`);
  }
  const dumpFile = path.join(folder, databaseFileOf(kind));
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, dumpFile);
  else await restorePglite(pgliteDirOf(config.dataDir), dumpFile);
  const to = createObjectStore(config.storage, config.dataDir);
  const counts = await copyFiles(createLocalStore(path.join(folder, filesFolder)), to);
  const figures = await figuresOf(config);
  const restored = counts.copied + counts.skipped;
  return {
    manifest,
    figures,
    files: { restored },
    differences: [
      ...differencesOf(manifest.figures, figures),
      ...(restored === manifest.files.count ? [] : [`文件：备份 ${manifest.files.count} 个，恢复 ${restored} 个`]),
      ...(counts.failed ? [`文件：${counts.failed} 个未能写入`] : []),
    ],
  };
};

const copyFiles = async (from: TObjectStore, to: TObjectStore) => {
  try {
    return await moveToObjectStore({ from, to });
  } finally {
    from.close();
    to.close();
  }
};

const differencesOf = (before: TDatabaseFigures, after: TDatabaseFigures): string[] => {
  const tables = [...new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])].sort();
  const rows = tables
    .filter((t) => before.rows[t] !== after.rows[t])
    .map((t) => `表 ${t}：备份 ${before.rows[t] ?? '无'} 行，恢复 ${after.rows[t] ?? '无'} 行`);
  const accountsAfter = new Map(after.accounts.map((a) => [a.tenantId, a]));
  const accounts = before.accounts.flatMap((a) => {
    const b = accountsAfter.get(a.tenantId);
    return b && b.balance === a.balance && b.ledger === a.ledger
      ? []
      : [
          `企业 ${a.tenantId} 的余额：备份 ${a.balance}（流水合计 ${a.ledger}），恢复 ${b?.balance ?? '无'}（流水合计 ${b?.ledger ?? '无'}）`,
        ];
  });
  return [...rows, ...accounts];
};
