import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations; its constructor, run() and close() are used as documented.
import S3rver from 's3rver';
import type { TS3Settings } from './s3.store.js';

/**
 * An S3-compatible server (s3rver) on a free port over a temporary folder, with one bucket:
 * what the storage tests talk to instead of a cloud. `env` is the server's settings for it.
 */
export const startS3rver = async (bucket = 'yunhu') => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (prefix = ''): TS3Settings => ({
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
  });
  return {
    endpoint,
    directory,
    settings,
    env: (prefix = ''): Record<string, string> => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
};
