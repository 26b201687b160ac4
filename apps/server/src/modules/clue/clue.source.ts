import type { TDb } from '../../db/client.js';
import { clueRepository as repo, type TCompanyRow } from './clue.repository.js';
import type { TStoredContact } from './clue.schema.js';

/**
 * Where the companies come from. Both sources are searched with the same SQL over clue_companies:
 * the development one is the generated set already there (模拟企业库); a real one first brings the
 * keyword's answers into that table (`prepare`, outside any tenant's transaction: the table is the
 * platform's) and tells a company's contacts when it is unlocked.
 */
export type TClueSource = {
  name: 'dev' | 'tianyancha';
  /** Before a search: the keyword's companies cached (a real source); nothing for the generated set. */
  prepare: (keyword: string | undefined, page: number) => Promise<void>;
  /** A company's contacts at the moment it is unlocked. */
  contacts: (db: TDb, company: TCompanyRow) => Promise<TStoredContact[]>;
};

/** 模拟企业库（开发用）: the generated companies and contacts in the database (seed/clue.ts). */
export const devClueSource = (): TClueSource => ({
  name: 'dev',
  prepare: async () => undefined,
  contacts: (db, company) => repo.contacts(db, company.id),
});
