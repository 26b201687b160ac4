import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts in woff2 are compressed already. */
export const compressibleExtensions = new Set('.js .mjs .css .html .svg .json .map .txt .xml .wasm'.split(' '));

/** Below this a compressed copy saves less than its extra headers cost. */
const minBytes = 512;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
};

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside one file; skips a copy that would not be smaller. */
export const precompressFile = async (file: string) => {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: 9 }),
  ]);
  const written = { raw: raw.length, br: 0, gz: 0 };
  if (br.length < raw.length) {
    await fs.writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < raw.length) {
    await fs.writeFile(`${file}.gz`, gz);
    written.gz = gz.length;
  }
  return written;
};

/** Precompresses every compressible file of a built directory; returns the totals. */
export const precompressDir = async (dir: string) => {
  const files = (await filesUnder(dir)).filter((f) => compressibleExtensions.has(path.extname(f)));
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  // Two at a time: brotli 11 is CPU-bound and the build machine is shared.
  for (let i = 0; i < files.length; i += 2) {
    const batch = await Promise.all(
      files.slice(i, i + 2).map(async (f) => ((await fs.stat(f)).size >= minBytes ? precompressFile(f) : null)),
    );
    for (const w of batch) {
      if (!w) continue;
      totals.files++;
      totals.raw += w.raw;
      totals.br += w.br || w.raw;
      totals.gz += w.gz || w.raw;
    }
  }
  return totals;
};

/**
 * Brotli and gzip copies of the built web app, written once at build time so the
 * server sends them by `Accept-Encoding` without compressing per request (`apps/server/src/http/web-app.ts`).
 */
export const precompress = (): Plugin => ({
  name: 'yunhu:precompress',
  apply: 'build',
  // After the bundle and the public files are on disk, and only when the build succeeded.
  writeBundle: {
    order: 'post',
    sequential: true,
    async handler(output) {
      if (!output.dir) return;
      const t = await precompressDir(output.dir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(`precompressed ${t.files} files: ${kb(t.raw)} raw, ${kb(t.gz)} gzip, ${kb(t.br)} brotli`);
    },
  },
});
