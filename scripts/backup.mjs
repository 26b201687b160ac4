#!/usr/bin/env node
// Backs up or restores the database, the recordings and the uploads, with the servers' settings:
//   DATABASE_URL=postgres://… DATA_DIR=/srv/yunhu/data node scripts/backup.mjs backup /backups/2026-12-03
//   DATABASE_URL=postgres://…/new_empty_db DATA_DIR=/srv/yunhu/new node scripts/backup.mjs restore /backups/2026-12-03
// PostgreSQL is dumped while the servers run (pg_dump, run as the database's owner); the embedded
// PGlite only with its server stopped. A restore goes into a new, empty database and checks that
// every table's rows, every enterprise's balance and ledger and the files are those of the backup.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'apps/server/src/backup/backup.main.ts');
// Run from the repository (where tsx resolves); the folders stay the ones the caller named.
const [command, folder] = process.argv.slice(2);
const args = [command ?? '', folder ? path.resolve(folder) : ''];
const env = { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR || './data') };
const run = spawnSync(process.execPath, ['--import', 'tsx', main, ...args], { stdio: 'inherit', cwd: root, env });
process.exit(run.status ?? 1);
