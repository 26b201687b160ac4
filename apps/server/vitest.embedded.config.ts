import { defineConfig } from 'vitest/config';
import { embeddedDatabaseTests, serverTestOptions } from './vitest.config.ts';

/** The server's tests of the parts where the embedded database behaves differently (vitest.config.ts). */
export default defineConfig({
  // Two cores: one worker per core, as the root config has it.
  test: { name: 'server-embedded', include: embeddedDatabaseTests, maxWorkers: 2, ...serverTestOptions },
});
