import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { TObjectStore } from './object-store.js';

/** An S3-compatible bucket (Aliyun OSS, Tencent COS, MinIO, AWS) and the folder-like prefix of our keys in it. */
export type TS3Settings = {
  /** `https://oss-cn-hangzhou.aliyuncs.com`, `https://cos.ap-shanghai.myqcloud.com`, `http://minio:9000`; null = AWS. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path (MinIO, s3rver) instead of the host name (OSS and COS want the host name). */
  forcePathStyle: boolean;
  /** Put before every key (`yunhu/`), so one bucket can hold several installations; '' = none. */
  prefix: string;
};

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** The whole size out of `Content-Range: bytes 0-9/100`. */
const totalOf = (contentRange: string | undefined) => Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1] ?? Number.NaN);

/** Objects in a bucket through the AWS SDK (any S3-compatible service; signature V4). */
export const createS3Store = (settings: TS3Settings): TObjectStore => {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // OSS and COS refuse the newer default checksums on some operations; ask for them only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const prefix = settings.prefix;
  const at = (key: string) => `${prefix}${key}`;

  const sizeOf = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: at(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const get = async (key: string, range?: { start: number; end: number }) => {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket,
          Key: at(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: at(key),
          Body: body,
          ContentLength: body.length,
          ...(contentType ? { ContentType: contentType } : {}),
        }),
      );
    },
    sizeOf,
    exists: async (key) => (await sizeOf(key)) !== null,
    open: async (key, range) => {
      const object = await get(key, range);
      if (!object?.Body) return null;
      const size = range ? totalOf(object.ContentRange) : (object.ContentLength ?? 0);
      return { body: object.Body as Readable, size };
    },
    read: async (key) => {
      const object = await get(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: at(key) }));
    },
    withLocalFile: async (key, use) => {
      const object = await get(key);
      if (!object?.Body) return null;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'yunhu-object-'));
      try {
        // The key's own name, so a reader that goes by the extension (ffmpeg) sees the same file.
        const file = path.join(dir, path.basename(key));
        await pipeline(object.Body as Readable, fs.createWriteStream(file));
        return await use(file);
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    presignedUrl: (key, ttlSeconds, opts) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: at(key),
          ...(opts?.contentType ? { ResponseContentType: opts.contentType } : {}),
        }),
        { expiresIn: ttlSeconds },
      ),
    list: (under) => ({
      async *[Symbol.asyncIterator]() {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: at(under), ContinuationToken }));
          for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(prefix.length);
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      },
    }),
    close: () => client.destroy(),
  };
};
