import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp } from './app.js';
import { loadConfig, SettingsError, type TConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startMaintenanceJob } from './db/maintenance.js';
import { devKamailioOptions, kamailioMissing, startKamailio, type TKamailio } from './modules/call/index.js';
import { demoEnterpriseName, demoLogins, seedDemo } from './seed/demo.js';

/**
 * The first start on an empty data folder runs initdb in a second PGlite instance, and every start
 * leaves the migrations' and the seed's garbage: some 400 MB of WebAssembly memory that nothing
 * references once the server listens, but that V8 returns only under heap pressure an idle server
 * never makes (issue 13: 944 MB right after a cold start, 556 MB an hour later). Two full
 * collections, the second after the first one's finalizers ran, give it back at once.
 */
const releaseStartMemory = () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  // Not in the way of the first requests (a collection stops everything for ~0.1 s).
  setTimeout(() => {
    gc();
    setTimeout(gc, 200).unref();
  }, 500).unref();
};

const configOrExit = (): TConfig => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};
const config = configOrExit();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  limits: config.databaseLimits,
});
if (config.seedDemo && (await seedDemo(database.db))) console.log(`已写入演示数据（${demoEnterpriseName}）`);
const app = await buildApp(config, database);
await app.listen({ host: config.host, port: config.port });
releaseStartMemory();
// Statistics where autovacuum is off (issue 13): PostgreSQL only, one process at a time.
const maintenance = startMaintenanceJob({
  databaseUrl: config.databaseUrl,
  minutes: config.dbMaintenanceMinutes,
  logger: app.log,
});

const where = config.databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `内置 PGlite（${config.dataDir}）`;
console.log(`\n云呼控制台已启动：http://${config.host}:${config.port}/  数据库：${where}`);
console.log('演示账号：');
for (const l of demoLogins) console.log(`  ${l.who.padEnd(12, '　')} ${l.username} / ${l.password}  手机 ${l.mobile}`);

// The soft-phone needs its SIP server: outside production `npm start` brings Kamailio up beside the
// server when it is installed (SIP_AUTOSTART=0 leaves it to scripts/kamailio.sh or a real deployment).
const startSipServer = async (): Promise<TKamailio | null> => {
  if (!config.sip.isAutostart || !config.sip.sharedSecret) return null;
  const missing = kamailioMissing();
  if (missing) {
    console.log(`软电话不可用：${missing}`);
    return null;
  }
  try {
    const kamailio = await startKamailio(devKamailioOptions(config, config.sip.sharedSecret));
    console.log(
      `软电话 SIP 服务器（Kamailio）：${kamailio.wsUrl}；媒体网关（rtpengine）：${kamailio.media ? kamailio.media.ngSocket : '未启动'}`,
    );
    return kamailio;
  } catch (error) {
    console.log(
      `软电话 SIP 服务器未能启动（${(error as Error).message.split('\n')[0]}）；可另行运行 scripts/kamailio.sh`,
    );
    return null;
  }
};
const kamailio = await startSipServer();

// SIGTERM: stop accepting, let requests in flight finish, close the database, exit 0.
let isClosing = false;
const shutdown = async (signal: string) => {
  if (isClosing) return;
  isClosing = true;
  app.log.info(`${signal} received, closing`);
  await app.close();
  await maintenance.stop();
  await kamailio?.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
