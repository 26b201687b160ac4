import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type TDatabase, type TDbLimits } from '../db/client.js';

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a new database created on it and dropped on close.
 */
export const openTestDatabase = async (limits?: Partial<TDbLimits>): Promise<TDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ databaseUrl: null, dataDir: null });
  const name = `yunhu_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, limits });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
};
