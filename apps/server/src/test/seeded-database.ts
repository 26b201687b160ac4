import fs from 'node:fs';
import { shanghaiDay } from '@yunhu/contract';
import { inject } from 'vitest';
import type { TDatabase } from '../db/client.js';
import { seedDemo } from '../seed/demo.js';
import { openTestDatabase } from './database.js';
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
 * A fresh database with the demo seeded: a copy of the run's seeded template (global-setup.ts), or,
 * on another Asia/Shanghai day than the template's (a run across midnight: the seed's "today" and
 * "yesterday" moved), migrated and seeded here.
 */
export const openSeededTestDatabase = async (): Promise<TDatabase> => {
  const seeded = providedTemplate();
  if (seeded?.day === shanghaiDay(Date.now())) {
    if ('template' in seeded) return openTestDatabase(undefined, { template: seeded.template });
    dataDir ??= new Blob([fs.readFileSync(seeded.file)]);
    return openTestDatabase(undefined, { loadDataDir: dataDir });
  }
  const database = await openTestDatabase();
  await seedDemo(database.db);
  return database;
};
