import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/server.ts'],
    testTimeout: 60_000,
    // What a test waits for with expect.poll comes within 10 s on a loaded machine; vitest's 1 s
    // default failed a creation whose answer and toast took longer under a throttled CPU.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    // On CI a failed test runs once more (docs/decisions/0021): a real browser, Kamailio and sipp on
    // a shared two-core machine have timing faults a retry rides over; a fault of the product fails
    // both times. The flaky reporter names every test that needed it.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './support/flaky-reporter.ts'],
  },
});
