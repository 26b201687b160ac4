import fs from 'node:fs';
import { shanghaiDay } from '@yunhu/contract';
import { inject } from 'vitest';
import type { TDbLimits } from '../db/client.js';
import { seedDemo } from '../seed/demo.js';
import { openTestDatabase, type TTestDatabase } from './database.js';
import type { TSeededTemplate } from './global-setup.js';

/** The template's data directory, read once per file (PGlite copies it on every open). */
let dataDir: Blob | null = null;

/** The run's template; none outside a vitest run (a bench or a script starting a test app). */
const providedTemplate = (): TSeededTemplate | undefined => {
  try {
    return inject('seededTemplate');
  } catch {
    return undefined;
  }
};

/**
 * The run's seeded PGlite data directory as a `dumpDataDir` tarball, for a test that opens the
 * embedded database on a folder of its own; null on a PostgreSQL run or on another day than the
 * template's (then migrate and seed).
 */
export const seededPgliteDataDir = (): Blob | null => {
  const seeded = providedTemplate();
  if (seeded?.day !== shanghaiDay(Date.now()) || !('file' in seeded)) return null;
  dataDir ??= new Blob([fs.readFileSync(seeded.file)]);
  return dataDir;
};

/**
 * A fresh database with the demo seeded: a copy of the run's seeded template (global-setup.ts), or,
 * on another Asia/Shanghai day than the template's (a run across midnight: the seed's "today" and
 * "yesterday" moved), migrated and seeded here. `limits`: the PostgreSQL pool's, for a test of
 * what an exhausted pool answers.
 */
export const openSeededTestDatabase = async (limits?: Partial<TDbLimits>): Promise<TTestDatabase> => {
  const seeded = providedTemplate();
  if (seeded?.day === shanghaiDay(Date.now())) {
    if ('template' in seeded) return openTestDatabase(limits, { template: seeded.template });
    return openTestDatabase(limits, { loadDataDir: seededPgliteDataDir()! });
  }
  const database = await openTestDatabase(limits);
  await seedDemo(database.db);
  return database;
};
