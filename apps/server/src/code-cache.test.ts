import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * code-cache.ts runs the server's bundle through V8's code cache. Each case is a fresh Node process
 * (a cache is V8's, per process) running a small CommonJS "bundle" through runWithCodeCache; the
 * bundle emits the start event as main.ts does and prints what it was given.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-code-cache-'));
const bundle = path.join(dir, 'server.cjs');
const cacheFile = `${bundle}.cache`;
const runner = path.join(dir, 'run.mjs');
const codeCache = path.join(import.meta.dirname, 'code-cache.ts');

const functions = Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + answer; }`);
const bundleSource = (answer: number) => `
const path = require('node:path');
const answer = ${answer};
// Enough functions for V8 to have something to cache, run before the start event.
${functions.join('\n')}
const total = [${functions.map((_, i) => `f${i}`).join(', ')}].reduce((sum, f) => sum + f(1), 0);
process.emit('yunhu:started');
console.log(JSON.stringify({ answer: ${answer}, total, file: path.basename(__filename), isMain: module.filename === __filename,
  requires: typeof require('node:os').cpus }));
`;

// Built as the launcher is (scripts/build-server.mjs): tsx would turn source maps on, and with them
// the loader takes the other path.
esbuild.buildSync({
  stdin: {
    contents: `import { runWithCodeCache } from ${JSON.stringify(codeCache)};
const run = runWithCodeCache(process.argv[2], process.argv[3]);
console.log(JSON.stringify({ cache: run.cache, written: await run.written }));`,
    resolveDir: dir,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: runner,
  logLevel: 'warning',
});

const run = (extra: string[] = [], variant = '') => {
  const out = execFileSync(process.execPath, [...extra, runner, bundle, variant], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const [given, outcome] = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { given, ...outcome } as { given: Record<string, unknown>; cache: string; written: string };
};

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('runWithCodeCache', () => {
  it('runs the bundle as a CommonJS main module, writes the cache at the start event, and takes it next time', () => {
    fs.writeFileSync(bundle, bundleSource(7));
    const first = run();
    expect(first.given).toEqual({
      answer: 7,
      total: 200 * 7 + 19900,
      file: 'server.cjs',
      isMain: true,
      requires: 'function',
    });
    expect(first).toMatchObject({ cache: 'missing', written: 'written' });
    expect(fs.statSync(cacheFile).size).toBeGreaterThan(1000);
    const second = run();
    expect(second).toMatchObject({ cache: 'loaded', written: 'skipped', given: { answer: 7 } });
  });

  it('never runs an old cache with a rebuilt bundle of the same length', () => {
    fs.writeFileSync(bundle, bundleSource(7));
    run();
    expect(run().cache).toBe('loaded');
    // Same length, other code, other time: V8's own check (the length) would accept the old cache.
    const rebuilt = bundleSource(8);
    expect(rebuilt.length).toBe(bundleSource(7).length);
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(bundle, rebuilt);
    fs.utimesSync(bundle, later, later);
    const after = run();
    expect(after).toMatchObject({ cache: 'missing', written: 'written', given: { answer: 8 } });
    expect(run()).toMatchObject({ cache: 'loaded', given: { answer: 8 } });
  });

  it('keeps one cache per set of Node options, so that starts with other flags do not refuse each other', () => {
    fs.writeFileSync(bundle, bundleSource(9));
    run();
    const flags = ['--no-lazy-feedback-allocation'];
    expect(run(flags)).toMatchObject({ cache: 'missing', written: 'written' });
    expect(run()).toMatchObject({ cache: 'loaded' });
    expect(run(flags)).toMatchObject({ cache: 'loaded' });
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.cache'))).toHaveLength(2);
  });

  it('keeps one cache per database kind, so that a start on PostgreSQL never takes the embedded one', () => {
    fs.writeFileSync(bundle, bundleSource(13));
    run();
    expect(run([], 'postgres')).toMatchObject({ cache: 'missing', written: 'written', given: { answer: 13 } });
    expect(fs.existsSync(`${bundle}.postgres.cache`)).toBe(true);
    expect(run([], 'postgres')).toMatchObject({ cache: 'loaded' });
    expect(run()).toMatchObject({ cache: 'loaded' });
  });

  it('writes again a cache V8 refuses (one made under other flags)', () => {
    fs.writeFileSync(bundle, bundleSource(12));
    const flags = ['--no-lazy-feedback-allocation'];
    run(flags);
    // The cache of those flags put where the plain start looks: V8 refuses it (its flags differ).
    const flagged = fs.readdirSync(dir).find((f) => /^server\.cjs\.[0-9a-f]{12}\.cache$/.test(f));
    fs.copyFileSync(path.join(dir, flagged as string), cacheFile);
    expect(run()).toMatchObject({ cache: 'refused', written: 'written' });
    expect(run().cache).toBe('loaded');
  });

  it('loads through Node when source maps are on (stacks into the sources), without the cache', () => {
    fs.writeFileSync(bundle, bundleSource(10));
    fs.rmSync(cacheFile, { force: true });
    expect(run(['--enable-source-maps'])).toMatchObject({ cache: 'off', written: 'skipped', given: { answer: 10 } });
    expect(fs.existsSync(cacheFile)).toBe(false);
  });

  it('starts without a cache where the folder cannot be written', () => {
    fs.writeFileSync(bundle, bundleSource(11));
    fs.rmSync(cacheFile, { force: true });
    fs.mkdirSync(cacheFile);
    try {
      expect(run()).toMatchObject({ cache: 'missing', written: 'failed', given: { answer: 11 } });
    } finally {
      fs.rmSync(cacheFile, { recursive: true, force: true });
    }
  });
});
