import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/server.ts'],
    setupFiles: ['support/setup.ts'],
    testTimeout: 60_000,
    // What a test waits for with expect.poll comes within 10 s on a loaded machine; vitest's 1 s
    // default failed a creation whose answer and toast took longer under a throttled CPU.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // One file at a time on a server: the soft-phone files start Kamailio on the port the server
    // hands out. npm test runs two lanes (--shard), each with a server of its own.
    fileParallelism: false,
    // The files share one worker and its loaded modules (playwright-core, the contract, the SIP
    // kit): each file's own data is unique (support/unique.ts) and each closes its browser, so a
    // fresh module graph per file would buy nothing but its load time.
    isolate: false,
    // On CI a failed test runs once more (docs/decisions/0021): a real browser, Kamailio and sipp on
    // a shared two-core machine have timing faults a retry rides over; a fault of the product fails
    // both times. The flaky reporter names every test that needed it.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './support/flaky-reporter.ts'],
  },
});
