import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TObjectStore } from './object-store.js';

const sizeAt = (file: string) =>
  fs.promises
    .stat(file)
    .then((s) => (s.isFile() ? s.size : null))
    .catch(() => null);

/**
 * Objects as files under the data folder, the key being the path (`DATA_DIR/recordings/1/x.wav`,
 * `DATA_DIR/uploads/<key>.<type>`): what a single server has always kept, byte for byte.
 */
export const createLocalStore = (root: string): TObjectStore => {
  const fileOf = (key: string) => {
    const file = path.join(root, key);
    // Keys come from the areas' own patterns; this only stops one ever leaving the folder.
    if (!file.startsWith(root + path.sep)) throw new Error(`object key outside the data folder: ${key}`);
    return file;
  };

  async function* walk(dir: string, prefix: string): AsyncIterable<string> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      // Dot-names are files still being written.
      if (entry.name.startsWith('.')) continue;
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
      else if (entry.isFile()) yield key;
    }
  }

  return {
    kind: 'local',
    put: async (key, body) => {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside under a dot-name then renamed, so a half-written file is never served or read.
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.part`,
      );
      try {
        await fs.promises.writeFile(temp, body, { flag: 'wx' });
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
    sizeOf: (key) => sizeAt(fileOf(key)),
    exists: async (key) => (await sizeAt(fileOf(key))) !== null,
    open: async (key, range) => {
      const file = fileOf(key);
      const size = await sizeAt(file);
      if (size === null) return null;
      return { body: fs.createReadStream(file, range), size };
    },
    read: (key) => fs.promises.readFile(fileOf(key)).catch(() => null),
    remove: (key) => fs.promises.rm(fileOf(key), { force: true }),
    withLocalFile: async (key, use) => {
      const file = fileOf(key);
      return (await sizeAt(file)) === null ? null : use(file);
    },
    presignedUrl: async () => null,
    list: (prefix) => {
      const dir = prefix.replace(/\/+$/, '');
      return walk(path.join(root, dir), dir ? `${dir}/` : '');
    },
    close: () => {},
  };
};
