// The reconcile command: `npx tsx apps/server/src/modules/trade/reconcile.main.ts` with
// the server's settings (DATABASE_URL or DATA_DIR). Prints every account whose balance differs from
// the sum of its ledger and exits 1 when one does, 0 when the books hold.
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { ledgerRepository } from './ledger.repository.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  limits: config.databaseLimits,
});
try {
  const accounts = await ledgerRepository.accountCount(database.db);
  const differences = await ledgerRepository.reconcile(database.db);
  for (const d of differences) {
    console.log(
      `企业 ${d.tenantId}: 余额 ${d.balance} 分, 流水合计 ${d.ledgerSum} 分 (${d.entries} 条), 相差 ${d.balance - d.ledgerSum} 分`,
    );
  }
  console.log(
    differences.length ? `对账不平: ${differences.length}/${accounts} 个账户` : `对账相符: ${accounts} 个账户`,
  );
  process.exitCode = differences.length ? 1 : 0;
} finally {
  await database.close();
}
