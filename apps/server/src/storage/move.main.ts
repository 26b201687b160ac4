// The move command (scripts/move-to-object-storage.mjs): with the servers' settings (DATA_DIR the
// folder to copy from, STORAGE=s3 and S3_* the bucket), copies the recordings and uploads into the
// bucket and prints the counts; exits 1 when a file failed (run it again: what is there is skipped).
import { loadConfig } from '../config.js';
import { createLocalStore, createObjectStore } from './index.js';
import { moveToObjectStore } from './move.js';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('请先设置 STORAGE=s3 及 S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY（目标存储桶）');
  process.exit(2);
}
const from = createLocalStore(config.dataDir);
const to = createObjectStore(config.storage, config.dataDir);
console.log(
  `从 ${config.dataDir} 复制到存储桶 ${config.storage.bucket}${config.storage.prefix ? `/${config.storage.prefix}` : ''}`,
);
try {
  const counts = await moveToObjectStore({
    from,
    to,
    onFile: (key, outcome, error) => {
      if (outcome === 'failed') console.error(`失败 ${key}: ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  console.log(
    `已复制 ${counts.copied} 个，已存在跳过 ${counts.skipped} 个，失败 ${counts.failed} 个，忽略 ${counts.ignored} 个`,
  );
  console.log(JSON.stringify(counts));
  process.exitCode = counts.failed ? 1 : 0;
} finally {
  to.close();
}
