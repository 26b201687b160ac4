#!/usr/bin/env node
// Copies an existing data folder's recordings and uploads into the S3-compatible bucket the servers
// are set to use (STORAGE=s3): run it with the servers' settings, e.g.
//   DATA_DIR=/srv/yunhu/data STORAGE=s3 S3_ENDPOINT=… S3_BUCKET=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… \
//     node scripts/move-to-object-storage.mjs
// Idempotent and resumable (an object already in the bucket with the same size is skipped); the
// folder is left as it was. Prints the counts; exits 1 when a file failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'apps/server/src/storage/move.main.ts');
// Run from the repository (where tsx resolves); the data folder stays the one the caller named.
const env = { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR || './data') };
const run = spawnSync(process.execPath, ['--import', 'tsx', main], { stdio: 'inherit', cwd: root, env });
process.exit(run.status ?? 1);
