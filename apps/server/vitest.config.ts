import { defineConfig } from 'vitest/config';

/** What every run of the server's tests shares, on either database. */
export const serverTestOptions = {
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The files of a worker share its loaded modules: each file starts its own app on its own
  // database and puts back what of the process it changes, so a fresh module graph per file
  // (~0.9 s of imports each) would buy nothing.
  isolate: false,
};

/**
 * The server's tests that also run on the embedded database when a PostgreSQL run follows
 * (scripts/test.sh): those of the parts where PGlite behaves differently — one session for every
 * transaction, no role of its own, its own cursors, its data folder and its backup, the job queue over it, the
 * start and the demo data that `npm start` puts there — and one area's whole flow as a smoke test.
 * Every other file runs on PostgreSQL only: the same SQL, and there transactions truly race.
 */
export const embeddedDatabaseTests = [
  'src/db/**/*.test.ts',
  'src/backup/**/*.test.ts',
  'src/jobs/**/*.test.ts',
  'src/test/**/*.test.ts',
  'src/import/**/*.test.ts',
  'src/seed/**/*.test.ts',
  'src/main.test.ts',
  'src/http/download.test.ts',
  'src/**/data-scope.test.ts',
  'src/**/blacklist.lookup.test.ts',
  'src/**/customer.repository.test.ts',
  'src/**/crm-census.counts.test.ts',
  'src/**/billing.dial-guard.test.ts',
  'src/**/trade.routes.test.ts',
  'src/**/import.routes.test.ts',
];

export default defineConfig({
  test: { name: 'server', include: ['src/**/*.test.ts'], ...serverTestOptions },
});
