import v8 from 'node:v8';
import vm from 'node:vm';
import { loadConfig, SettingsError, type TConfig } from './config.js';
import { openDatabase } from './db/client.js';
import type { TKamailio, TSipCarrierSimulator } from './modules/telephony/index.js';

/**
 * The first start on an empty data folder runs initdb in a second PGlite instance, and every start
 * leaves the migrations' and the seed's garbage: some 400 MB of WebAssembly memory that nothing
 * references once the server listens, but that V8 returns only under heap pressure an idle server
 * never makes (944 MB right after a cold start, 556 MB an hour later). Two full
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

/**
 * The bound on closing: SIGTERM to exit within `closeBoundMs` whatever is under way. Requests in
 * flight get `requestsDrainMs` to finish (a client that stalls, a long download), then their
 * connections are cut; imports pause after their chunk and the job queue stops within a few
 * seconds (import.runner.ts `stop`, job-queue.ts); what is still open at the bound is left to the
 * next start (leases, pg-boss's expiry) and the process exits 1.
 */
const requestsDrainMs = 5000;
const closeBoundMs = 10_000;

/** How long after it listens the server's job queue starts (the housekeeping at start among its jobs). */
const housekeepingAfterStartMs = 3000;

const configOrExit = (): TConfig => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};
/**
 * The start: the database opens (a connection, or PGlite's WebAssembly) while
 * the rest of the server's modules load, so what is waited on overlaps with what runs; only this
 * file, the settings and the database's opening are loaded before.
 */
const main = async () => {
  const config = configOrExit();
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    limits: config.databaseLimits,
  });
  opening.catch(() => undefined); // awaited below; not "unhandled" meanwhile
  // One turn of the event loop first: the driver is loaded and the connection (or PGlite's file
  // reads and WebAssembly compilation) under way before the modules below take the thread.
  await new Promise((resolve) => setImmediate(resolve));
  const [database, { buildApp }, { demoEnterpriseName, demoLogins, seedDemo }, telephony] = await Promise.all([
    opening,
    import('./app.js'),
    import('./seed/demo.js'),
    import('./modules/telephony/index.js'),
  ]);
  if (config.seedDemo && (await seedDemo(database.db))) console.log(`已写入演示数据（${demoEnterpriseName}）`);
  // Housekeeping (the automatic release, imports and recordings left by a stop) begins a moment after
  // the server listens, so its first answers do not wait behind it (jobs/with-app.ts).
  const app = await buildApp(config, database, { runJobsAfterMs: housekeepingAfterStartMs });
  await app.listen({ host: config.host, port: config.port });
  releaseStartMemory();

  const where = config.databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `内置 PGlite（${config.dataDir}）`;
  console.log(`\n云呼控制台已启动：http://${config.host}:${config.port}/  数据库：${where}`);
  console.log('演示账号：');
  for (const l of demoLogins)
    console.log(`  ${l.who.padEnd(12, '　')} ${l.username} / ${l.password}  手机 ${l.mobile}`);

  // The soft-phone needs its SIP server: outside production `npm start` brings Kamailio up beside the
  // server when it is installed (SIP_AUTOSTART=0 leaves it to scripts/kamailio.sh or a real deployment).
  let devCarrier: TSipCarrierSimulator | null = null;
  const startSipServer = async (): Promise<TKamailio | null> => {
    if (!config.sip.isAutostart || !config.sip.sharedSecret) return null;
    const missing = telephony.kamailioMissing();
    if (missing) {
      console.log(`软电话不可用：${missing}`);
      return null;
    }
    // Without a configured trunk, the development carrier (模拟运营商) answers telephone numbers.
    devCarrier = await telephony.startDevCarrier(config, (line) => console.log(line), { logger: app.log });
    try {
      // Both are started again whenever they die; their deaths and restarts go to the server's log.
      const kamailio = await telephony.startKamailio({
        ...telephony.devKamailioOptions(config, config.sip.sharedSecret, devCarrier),
        logger: app.log,
      });
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
  // After listening: the console is ready (/healthz answers) while Kamailio and rtpengine come up.
  const sipServer = startSipServer();

  // SIGTERM: stop accepting, let requests in flight finish, close the database, exit 0, all within
  // closeBoundMs. A signal while Kamailio is still starting stops it once it is up.
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received, closing`);
    setTimeout(() => app.server.closeAllConnections(), requestsDrainMs).unref();
    setTimeout(() => {
      console.error(`${closeBoundMs / 1000} 秒内未能关闭完毕，强制退出`);
      process.exit(1);
    }, closeBoundMs).unref();
    await app.close();
    await (await sipServer)?.stop();
    await devCarrier?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
