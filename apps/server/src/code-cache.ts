import { isAscii } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Runs the server's CommonJS bundle (apps/server/dist/server.cjs, scripts/build-server.mjs) through
 * V8's code cache (issue 13's warm start). Node 20 keeps no compile cache of its own (22 has
 * `module.enableCompileCache`), so every start parsed the 5 MB bundle and compiled each function it
 * ran: about a quarter of the start's CPU. The first start after a build writes what V8 compiled by
 * the time the server listens to `<bundle>.cache`; the next starts take it. The cache is keyed by the
 * bundle's size and time and Node's version (V8 itself checks only the source's length, its own
 * version and flags): a rebuilt bundle never meets an old cache. One file per set of Node options
 * (cacheFileOf); a cache V8 still refuses (flags from NODE_OPTIONS) is written again; a folder that
 * cannot be written (a read-only install) just goes without.
 *
 * With source maps on (`node --enable-source-maps`, the end-to-end harness) the bundle is loaded by
 * Node's own loader instead, which maps stacks into the TypeScript sources and knows no code cache.
 */

/** The event the server emits once it listens (main.ts): the moment the cache is written. */
export const startedEvent = 'yunhu:started';

export type TCodeCacheRun = {
  /** 'loaded': V8 took the cache; 'written' on the start event: none or refused, now written. */
  cache: 'loaded' | 'missing' | 'refused' | 'off';
  /** Resolves once a cache write after the start event is done (or at once when none is due). */
  written: Promise<'written' | 'skipped' | 'failed'>;
};

const keyOf = (file: string) => {
  const stat = fs.statSync(file);
  return `${stat.size}:${stat.mtimeMs}:${process.version}\n`;
};

/** Reads the cache written for this very bundle, or null. */
const readCache = (cacheFile: string, key: string): Buffer | null => {
  try {
    const data = fs.readFileSync(cacheFile);
    const head = Buffer.from(key);
    return data.subarray(0, head.length).equals(head) ? data.subarray(head.length) : null;
  } catch {
    return null;
  }
};

/** Writes beside the bundle under a temporary name, then renames: a start reading it meanwhile sees all or nothing. */
const writeCache = (cacheFile: string, key: string, data: Buffer): boolean => {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, Buffer.concat([Buffer.from(key), data]));
    fs.renameSync(temporary, cacheFile);
    return true;
  } catch {
    fs.rmSync(temporary, { force: true });
    return false;
  }
};

/**
 * The bundle's text. It is ASCII (scripts/build-server.mjs asciiSource), which read as latin1 is a
 * plain copy where UTF-8 decoding took ~30 ms of a start and made a two-byte string of it.
 */
const sourceOf = (file: string) => {
  const bytes = fs.readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
};

/**
 * Where the cache of `file` is for this process: one per set of Node options, so that starts with
 * other flags (a bench's --max-old-space-size) keep their own instead of refusing each other's, and
 * one per `variant` (the database kind, from the launcher). V8 caches the functions that ran before
 * the server listened: a cache written by a start on the embedded database lacks the PostgreSQL
 * driver's and has its PGlite's, and V8 takes it all the same, so a server on PostgreSQL compiled
 * those at every start (a warm start 550 ms instead of 400–450 on the bench machine).
 */
export const cacheFileOf = (file: string, variant = '') => {
  const parts = [file, variant];
  if (process.execArgv.length > 0) {
    parts.push(crypto.createHash('sha256').update(process.execArgv.join('\0')).digest('hex').slice(0, 12));
  }
  return `${parts.filter(Boolean).join('.')}.cache`;
};

/**
 * Runs `file` (CommonJS) as the main program, from its code cache when there is a good one (the
 * cache of `variant`: cacheFileOf).
 */
export const runWithCodeCache = (file: string, variant = ''): TCodeCacheRun => {
  const require = createRequire(file);
  if (process.sourceMapsEnabled) {
    require(file);
    return { cache: 'off', written: Promise.resolve('skipped') };
  }
  const cacheFile = cacheFileOf(file, variant);
  const key = keyOf(file);
  const cachedData = readCache(cacheFile, key) ?? undefined;
  const script = new vm.Script(Module.wrap(sourceOf(file)), {
    filename: file,
    cachedData,
    // The bundle's `import()` of packages left outside it (PGlite is ECMAScript modules only).
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cache = !cachedData ? 'missing' : script.cachedDataRejected ? 'refused' : 'loaded';
  const written =
    cache === 'loaded'
      ? Promise.resolve('skipped' as const)
      : new Promise<'written' | 'failed'>((resolve) => {
          // At once, before main.ts turns on --expose-gc: V8 refuses a cache made under other flags.
          process.once(startedEvent, () =>
            resolve(writeCache(cacheFile, key, script.createCachedData()) ? 'written' : 'failed'),
          );
        });
  const module = new Module(file);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths: (dir: string) => string[] })._nodeModulePaths(
    path.dirname(file),
  );
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, require, module, file, path.dirname(file));
  return { cache, written };
};
