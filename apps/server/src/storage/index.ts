import { createLocalStore } from './local.store.js';
import type { TObjectStore } from './object-store.js';
import { createS3Store, type TS3Settings } from './s3.store.js';

export { createLocalStore } from './local.store.js';
export { rangeOf, type TByteRange, type TObjectRead, type TObjectStore } from './object-store.js';
export { createS3Store, type TS3Settings } from './s3.store.js';

/** Where recordings and uploads are kept: the data folder, or a bucket (config.ts `storage`). */
export type TStorageConfig = { kind: 'local' } | ({ kind: 's3' } & TS3Settings);

/** The configured store; the folder one keeps the files in `dataDir` itself. */
export const createObjectStore = (config: TStorageConfig, dataDir: string): TObjectStore =>
  config.kind === 's3' ? createS3Store(config) : createLocalStore(dataDir);
