import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.js';
import { cacheControl, cacheControlOf, registerWebApp } from './web-app.js';

const js = 'export const greeting = "你好";\n'.repeat(300);
const html = `<!doctype html><title>云呼</title>${'<div></div>'.repeat(100)}`;

/** A built app as the web build leaves it: hashed assets and the page, each with its .br and .gz copy. */
const writeDist = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-web-app-'));
  fs.mkdirSync(path.join(root, 'assets'));
  const files = { 'assets/index-Ab12Cd.js': js, 'index.html': html };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
};

describe('cacheControlOf', () => {
  it('caches hashed assets for a year, revalidates pages, keeps other files an hour', () => {
    expect(cacheControlOf(path.join('assets', 'index-Ab12Cd.js'))).toBe(cacheControl.hashed);
    expect(cacheControlOf(path.join('assets', 'index-Ab12Cd.js.br'))).toBe(cacheControl.hashed);
    expect(cacheControlOf('index.html.gz')).toBe(cacheControl.page);
    expect(cacheControlOf(path.join('guide', 'index.html'))).toBe(cacheControl.page);
    expect(cacheControlOf('logo.svg')).toBe(cacheControl.other);
  });
});

describe('the web app served precompressed', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = writeDist();
    app = Fastify();
    await registerWebApp(app, root);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers },
    });

  it('sends brotli when the client accepts it, preferred over gzip', async () => {
    const res = await get('/assets/index-Ab12Cd.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-Ab12Cd.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends the file itself to a client without Accept-Encoding, still varying on it', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(js);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('never lets a cache keep the page, at / or by its name, compressed or not', async () => {
    for (const [url, acceptEncoding] of [
      ['/', 'br'],
      ['/index.html', 'gzip'],
      ['/', undefined],
    ] as const) {
      const res = await get(url, acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(acceptEncoding);
    }
    expect(zlib.brotliDecompressSync((await get('/', 'br')).rawPayload).toString()).toBe(html);
  });

  it('answers a revalidation of the unchanged page with 304 and no body', async () => {
    const first = await get('/', 'br');
    const again = await get('/', 'br', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('serves a file that has no compressed copy as it is', async () => {
    const res = await get('/logo.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the server built by buildApp', () => {
  it('serves WEB_DIST through the precompressed web app', async () => {
    const root = writeDist();
    const t = await startTestApp({ webDist: root });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/index-Ab12Cd.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe(cacheControl.hashed);
    } finally {
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
