import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; end-to-end tests have their own config (e2e/).
export default defineConfig({
  test: {
    // Two cores: one worker per core; the API suites each open their own database.
    maxWorkers: 2,
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
