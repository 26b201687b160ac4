// The backup command (scripts/backup.mjs): with the servers' settings (DATABASE_URL or DATA_DIR's
// PGlite, STORAGE and S3_*), `backup <folder>` writes the database, the recordings and uploads and a
// manifest into a new folder; `restore <folder>` puts them into a new, empty database and store and
// reconciles the figures. Exits 1 when a restore does not reconcile, 2 on a wrong command.
import { loadConfig } from '../config.js';
import { backup, restore } from './backup.js';

const [command, folder] = process.argv.slice(2);
if (!folder || (command !== 'backup' && command !== 'restore')) {
  console.error('用法：node scripts/backup.mjs backup <备份目录> | restore <备份目录>');
  process.exit(2);
}
const config = loadConfig();
try {
  if (command === 'backup') {
    const manifest = await backup(config, folder);
    const tables = Object.keys(manifest.figures.rows).length;
    console.log(`已备份到 ${folder}：数据库（${manifest.database}，${tables} 张表），文件 ${manifest.files.count} 个`);
    console.log(JSON.stringify({ database: manifest.database, files: manifest.files.count }));
  } else {
    const report = await restore(config, folder);
    for (const line of report.differences) console.error(`不一致：${line}`);
    console.log(
      report.differences.length
        ? `已恢复，但有 ${report.differences.length} 处与备份不一致`
        : `已恢复并核对一致：${Object.keys(report.figures.rows).length} 张表，${report.figures.accounts.length} 个企业余额与流水，文件 ${report.files.restored} 个`,
    );
    console.log(JSON.stringify({ differences: report.differences.length, files: report.files.restored }));
    process.exitCode = report.differences.length ? 1 : 0;
  }
} catch (error) {
  console.error(
    `${command === 'backup' ? '备份' : '恢复'}失败：${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
