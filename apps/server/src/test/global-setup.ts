import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { shanghaiDay } from '@yunhu/contract';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { installJobQueue } from '../jobs/index.js';
import { seedDemo } from '../seed/demo.js';
import { onServer } from './database.js';

/**
 * The run's migrated, seeded database each file copies (seeded-database.ts): a PGlite data
 * directory dumped to a file, or a PostgreSQL template database. `day`: the Asia/Shanghai day it
 * was seeded on — the seed's dates are relative to it, so another day seeds afresh.
 */
export type TSeededTemplate = { day: string } & ({ file: string } | { template: string });

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: TSeededTemplate;
  }
}

export const templatePrefix = 'yunhu-seeded-';

/**
 * A run that was killed (Ctrl-C, a CI timeout) never ran its teardown: its ~70 MB PGlite dump stays
 * in the temporary folder. Each run removes those of runs whose process is gone (the folder names
 * it), never one still running.
 */
export const removeTemplatesOfGoneRuns = (folder = os.tmpdir()) => {
  for (const name of fs.readdirSync(folder)) {
    const pid = Number(new RegExp(`^${templatePrefix}(\\d+)-`).exec(name)?.[1] ?? 0);
    if (!pid || isAlive(pid)) continue;
    fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Before the files run: on a PostgreSQL server the row-level-security role (once, before files
 * migrate in parallel), then the seeded template. A migration and the demo seed cost each file
 * ~2.5 s on PGlite and ~1.2 s on the server; a copy costs ~0.6 s and ~0.1 s.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const day = shanghaiDay(Date.now());
  if (serverUrl) {
    await onServer(
      serverUrl,
      `do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'yunhu_app') then create role yunhu_app nologin; end if;
      end $$`,
    );
    const template = `yunhu_tpl_${crypto.randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    await seedDemo(database.db);
    await installJobQueue(database);
    await database.close();
    project.provide('seededTemplate', { day, template });
    return () => onServer(serverUrl, `drop database if exists ${template} with (force)`);
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await seedDemo(database.db);
  // The job queue's tables too: every test app starts its queue (~0.6 s to create them on PGlite).
  await installJobQueue(database);
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  removeTemplatesOfGoneRuns();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${templatePrefix}${process.pid}-`));
  const file = path.join(dir, 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededTemplate', { day, file });
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
