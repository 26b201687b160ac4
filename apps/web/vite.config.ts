import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { stageOf } from './build/chunkGroups';
import { loginShell } from './build/loginShell';
import { precompress } from './build/precompress';
import { stageGuard } from './build/stageGuard';

const backend = 'http://127.0.0.1:8080';
const proxied = ['/base', '/sso', '/dev', '/healthz'];

export default defineConfig({
  // Relative asset paths: the server serves dist at `/`, and any sub-path deployment keeps working.
  base: './',
  plugins: [react(), loginShell(), stageGuard(), precompress()],
  resolve: {
    // The contract's web entry: route tables with method and path only (no zod schemas).
    alias: [
      {
        find: /^@yunhu\/contract$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/web.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // One file per load stage (boot, signed-in shell) instead of many small shared chunks: build/chunkGroups.ts.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: stageOf(), debugName: 'stage' }] } } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true, ws: true }])),
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // Node loads `antd` as its CommonJS build in tests: its App context must be the one `antd`'s App
    // provides there (the web build resolves both to the ES modules).
    alias: [{ find: /^antd\/es\/app\/context$/, replacement: 'antd/lib/app/context' }],
    pool: 'threads',
    maxWorkers: 2,
    // Component tests render antd in happy-dom: seconds each when CI shares the machine.
    testTimeout: 30_000,
  },
});
