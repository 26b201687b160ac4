import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.js';
import { createS3Store, type TObjectStore } from './index.js';
import { startS3rver } from './s3rver.test-kit.js';

const run = promisify(execFile);
const script = path.join(repoRoot, 'scripts/move-to-object-storage.mjs');

/** The script as an operator runs it, with the servers' settings; its counts and exit code. */
const move = async (env: Record<string, string>) => {
  try {
    const { stdout } = await run(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, counts: JSON.parse(stdout.trim().split('\n').pop()!), stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    const last = e.stdout.trim().split('\n').pop() ?? '';
    return { code: e.code, counts: last.startsWith('{') ? JSON.parse(last) : null, stdout: e.stdout + e.stderr };
  }
};

describe('scripts/move-to-object-storage.mjs: an existing folder into the bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let bucket: TObjectStore;
  let dataDir: string;
  const write = (key: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, key), body);
  };
  const keysInBucket = async () => {
    const found: string[] = [];
    for await (const key of bucket.list('')) found.push(key);
    return found.sort();
  };

  beforeAll(async () => {
    s3 = await startS3rver();
    bucket = createS3Store(s3.settings('site-a/'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-move-'));
    write('recordings/1/sim-abc.wav', 'RIFF one');
    write('recordings/2/sip-0123.wav', 'RIFF two, longer');
    write('uploads/0123456789abcdef0123456789abcdef.png', 'png bytes');
    write('uploads/fedcba9876543210fedcba9876543210.pdf', '%PDF-1.4');
    // Neither a recording nor an upload: a file still being written, a stray one, the gateway's captures.
    write('uploads/.0123.part', 'half');
    write('recordings/1/notes.txt', 'stray');
    write('media-capture/x.wav', 'raw capture');
  });
  afterAll(async () => {
    bucket?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every recording and upload, then skips them on a second run', async () => {
    const env = { DATA_DIR: dataDir, ...s3.env('site-a/') };
    const first = await move(env);
    expect(first.code).toBe(0);
    expect(first.counts).toEqual({ copied: 4, skipped: 0, failed: 0, ignored: 1 });
    expect(first.stdout).toContain('已复制 4 个');
    expect(await keysInBucket()).toEqual([
      'recordings/1/sim-abc.wav',
      'recordings/2/sip-0123.wav',
      'uploads/0123456789abcdef0123456789abcdef.png',
      'uploads/fedcba9876543210fedcba9876543210.pdf',
    ]);
    expect((await bucket.read('recordings/2/sip-0123.wav'))!.toString()).toBe('RIFF two, longer');
    // The folder is left as it was.
    expect(fs.readFileSync(path.join(dataDir, 'recordings/1/sim-abc.wav'), 'utf8')).toBe('RIFF one');

    const again = await move(env);
    expect(again.counts).toEqual({ copied: 0, skipped: 4, failed: 0, ignored: 1 });
  });

  it('resumes: what is missing or was cut short is copied, what arrived since too', async () => {
    await bucket.remove('uploads/fedcba9876543210fedcba9876543210.pdf');
    await bucket.put('recordings/2/sip-0123.wav', Buffer.from('RIFF tw'));
    write('recordings/1/sim-new.wav', 'RIFF new');
    const resumed = await move({ DATA_DIR: dataDir, ...s3.env('site-a/') });
    expect(resumed.counts).toEqual({ copied: 3, skipped: 2, failed: 0, ignored: 1 });
    expect((await bucket.read('recordings/2/sip-0123.wav'))!.toString()).toBe('RIFF two, longer');
  });

  it('counts the files it could not copy and exits 1; without STORAGE=s3 it refuses to start', async () => {
    const missing = await move({ DATA_DIR: dataDir, ...s3.env('site-a/'), S3_BUCKET: 'no-such-bucket' });
    expect(missing.code).toBe(1);
    expect(missing.counts).toEqual({ copied: 0, skipped: 0, failed: 5, ignored: 1 });
    const local = await move({ DATA_DIR: dataDir });
    expect(local.code).toBe(2);
    expect(local.stdout).toContain('STORAGE=s3');
  });
});
