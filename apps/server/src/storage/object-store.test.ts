import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SettingsError } from '../config.js';
import { createLocalStore, createS3Store, rangeOf, type TObjectStore } from './index.js';
import { startS3rver } from './s3rver.test-kit.js';

const keys = async (store: TObjectStore, prefix: string) => {
  const found: string[] = [];
  for await (const key of store.list(prefix)) found.push(key);
  return found.sort();
};

describe('the storage settings', () => {
  it('keep the data folder by default, and name what a bucket still needs', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(SettingsError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE: 'oss' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ S3_PREFIX: 'no-slash' })).toThrow(/S3_PREFIX/);
    const env = { STORAGE: 's3', S3_BUCKET: 'calls', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(
      loadConfig({ ...env, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_REGION: 'oss-cn-hangzhou' }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'oss-cn-hangzhou',
      bucket: 'calls',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: '1', S3_PREFIX: 'yunhu/' }).storage).toMatchObject({
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'yunhu/',
    });
  });
});

describe('rangeOf: the Range header a store serves', () => {
  it('reads one range, the tail, the whole object and refuses one past the end', () => {
    expect(rangeOf('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(rangeOf('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(rangeOf('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(rangeOf('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(rangeOf(undefined, 10)).toBeNull();
    expect(rangeOf('bytes=0-1,4-5', 10)).toBeNull();
    expect(rangeOf('bytes=10-', 10)).toBe('unsatisfiable');
  });
});

const stores: [string, () => Promise<{ store: TObjectStore; close: () => Promise<void> }>][] = [
  [
    'the data folder',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-objects-'));
      return { store: createLocalStore(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3-compatible bucket (s3rver), under a prefix',
    async () => {
      const s3 = await startS3rver();
      const store = createS3Store(s3.settings('yunhu/'));
      return {
        store,
        close: async () => {
          store.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(stores)('object store: %s', (_name, open) => {
  let store: TObjectStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());

  it('puts, tells the size, streams all or a range, reads, lists and removes an object', async () => {
    const key = 'recordings/7/call-1.wav';
    expect(await store.exists(key)).toBe(false);
    expect(await store.open(key)).toBeNull();
    expect(await store.read(key)).toBeNull();
    await store.put(key, Buffer.from('0123456789'), 'audio/wav');
    await store.put('uploads/a.png', Buffer.from('png'), 'image/png');
    expect(await store.exists(key)).toBe(true);
    expect(await store.sizeOf(key)).toBe(10);
    const whole = await store.open(key);
    expect(whole!.size).toBe(10);
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await store.open(key, { start: 3, end: 6 });
    expect(part!.size).toBe(10);
    expect(await text(part!.body)).toBe('3456');
    expect((await store.read('uploads/a.png'))!.toString()).toBe('png');
    expect(await keys(store, 'recordings/')).toEqual([key]);
    expect(await keys(store, 'uploads')).toEqual(['uploads/a.png']);
    // A second put replaces the object whole.
    await store.put(key, Buffer.from('abc'));
    expect((await store.read(key))!.toString()).toBe('abc');
    await store.remove(key);
    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    expect(await keys(store, 'recordings/')).toEqual([]);
  });

  it('hands a reader a file with the object, and removes a temporary copy afterwards', async () => {
    const key = 'recordings/7/call-2.wav';
    await store.put(key, Buffer.from('RIFF-data'));
    let seen = '';
    const answer = await store.withLocalFile(key, async (file) => {
      seen = file;
      expect(path.basename(file)).toBe('call-2.wav');
      return fs.readFileSync(file, 'utf8');
    });
    expect(answer).toBe('RIFF-data');
    expect(fs.existsSync(seen)).toBe(store.kind === 'local');
    expect(await store.withLocalFile('recordings/7/none.wav', async () => 'read')).toBeNull();
    // A reader that fails still leaves no copy behind.
    await expect(
      store.withLocalFile(key, async (file) => {
        seen = file;
        throw new Error('reader failed');
      }),
    ).rejects.toThrow('reader failed');
    expect(fs.existsSync(seen)).toBe(store.kind === 'local');
  });

  it('gives a bucket object a presigned address that works without credentials and expires', async () => {
    const key = 'uploads/b.pdf';
    await store.put(key, Buffer.from('%PDF-1.4'));
    const url = await store.presignedUrl(key, 60, { contentType: 'application/pdf' });
    if (store.kind === 'local') {
      // The folder has no address of its own: only the server's signed routes serve its files.
      expect(url).toBeNull();
      return;
    }
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.4');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // A SigV4 query signature over this key, for 60 s (s3rver does not check V4 signatures themselves:
    // that is the cloud's part; it does refuse a key it does not know).
    const signed = new URL(url!);
    expect(signed.pathname).toBe('/yunhu/yunhu/uploads/b.pdf');
    expect(signed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(signed.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetch(url!.replace('X-Amz-Credential=S3RVER', 'X-Amz-Credential=STRANGER'))).status).toBe(403);
  });

  it('keeps a half-written object invisible to readers and lists', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 7);
    const key = 'recordings/8/big.wav';
    const writing = store.put(key, big);
    const seenSizes = new Set<number | null>();
    while (seenSizes.size < 50) {
      seenSizes.add(await store.sizeOf(key));
      if ((await store.sizeOf(key)) === big.length) break;
      await new Promise((r) => setTimeout(r, 1));
    }
    await writing;
    for (const size of seenSizes) expect([null, big.length]).toContain(size);
    expect(await keys(store, 'recordings/8')).toEqual([key]);
  });
});
