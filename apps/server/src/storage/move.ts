import type { TObjectStore } from './object-store.js';

/** What the server keeps in its data folder that belongs in the object store (the areas' own key patterns). */
const movable = [
  /^recordings\/\d+\/[A-Za-z0-9_-]{1,80}\.wav$/,
  /^uploads\/[0-9a-f]{32}\.(png|jpg|gif|webp|pdf|doc|docx)$/,
];

export type TMoveCounts = { copied: number; skipped: number; failed: number; ignored: number };

/**
 * Copies the data folder's recordings and uploads into the bucket, leaving the folder as it was.
 * An object already there with the same size is skipped, so a run stopped half way (or run again
 * after the servers moved) only copies what is missing or was cut short; a file that fails is
 * counted and the rest go on. Files that are neither (a half-written dot-name, anything else) are ignored.
 */
export const moveToObjectStore = async (opts: {
  from: TObjectStore;
  to: TObjectStore;
  onFile?: (key: string, outcome: 'copied' | 'skipped' | 'failed' | 'ignored', error?: unknown) => void;
}): Promise<TMoveCounts> => {
  const counts: TMoveCounts = { copied: 0, skipped: 0, failed: 0, ignored: 0 };
  const note = (key: string, outcome: keyof TMoveCounts, error?: unknown) => {
    counts[outcome] += 1;
    opts.onFile?.(key, outcome, error);
  };
  for (const prefix of ['recordings/', 'uploads/']) {
    for await (const key of opts.from.list(prefix)) {
      if (!movable.some((rule) => rule.test(key))) {
        note(key, 'ignored');
        continue;
      }
      try {
        const size = await opts.from.sizeOf(key);
        if (size === null) continue;
        if ((await opts.to.sizeOf(key)) === size) {
          note(key, 'skipped');
          continue;
        }
        const body = await opts.from.read(key);
        if (!body) continue;
        await opts.to.put(key, body);
        note(key, 'copied');
      } catch (error) {
        note(key, 'failed', error);
      }
    }
  }
  return counts;
};
