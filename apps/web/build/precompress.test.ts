import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-precompress-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside each text file that decode to the original', async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = 'export const greeting = "你好";\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<div></div>'.repeat(100)}`);

    const totals = await precompressDir(dir);

    const file = path.join(dir, 'assets', 'index-abc123.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(totals.files).toBe(2);
    expect(totals.br).toBeLessThan(totals.raw / 10);
  });

  it('leaves alone binary formats, files too small to gain, and copies that would not be smaller', async () => {
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'export {};');
    // Random bytes do not compress: neither copy is written.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 251));
    fs.writeFileSync(path.join(dir, 'noise.json'), zlib.brotliCompressSync(noise));

    await precompressDir(dir);

    expect(fs.readdirSync(dir).sort()).toEqual(['logo.png', 'noise.json', 'tiny.js']);
  });
});
