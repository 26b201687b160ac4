import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
