import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type TDatabase, type TDbLimits } from '../db/client.js';

/** Runs statements on a connection of their own to the PostgreSQL server (create / drop database, roles). */
export const onServer = async (serverUrl: string, ...statements: string[]) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
};

/** A test's database, and the address of it on the PostgreSQL server (null: in-memory PGlite). */
export type TTestDatabase = TDatabase & { url: string | null };

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a new database created on it and dropped on close. `from`: a copy of this
 * PGlite data directory or PostgreSQL template database instead of an empty one
 * (seeded-database.ts).
 */
export const openTestDatabase = async (
  limits?: Partial<TDbLimits>,
  from?: { loadDataDir: Blob } | { template: string },
): Promise<TTestDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = from && 'loadDataDir' in from ? from.loadDataDir : undefined;
    return { ...(await openDatabase({ databaseUrl: null, dataDir: null, loadDataDir })), url: null };
  }
  const name = `yunhu_t_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}${from && 'template' in from ? ` template ${from.template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, limits });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
};
