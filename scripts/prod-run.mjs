// The production shape on one machine (docs/decisions/0103-production-shape.md): Debian's nginx with
// TLS in front of two server processes on one PostgreSQL (DATABASE_URL) and one data folder; server
// A also runs the soft-phone's Kamailio and rtpengine, nginx passes wss://<host>/sip to it.
//
//   DATABASE_URL=postgres://… node scripts/prod-run.mjs start    # foreground; Ctrl-C or `stop` ends it
//   node scripts/prod-run.mjs restart                            # rolling restart: A, then B
//   node scripts/prod-run.mjs stop
//
// PROD_RUN_DIR (./run/prod) holds the generated nginx.conf, the certificate, the logs and the
// secrets both processes share; PROD_HOST (127.0.0.1), PROD_HTTPS_PORT (8443), PROD_HTTP_PORT
// (8088), PROD_SERVER_PORTS (8081,8082), PROD_SIP_WS_PORT (5066) place it; PROD_CERT and
// PROD_CERT_KEY name a real certificate (else a self-signed one is made with openssl). Every other
// setting goes to both servers as they are (README's table), e.g. SIP_DEV_CARRIER=1 for the
// development carrier. Its processes die with it, however it dies (the parent-death signal).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, serverBundle } from './build-server.mjs';
import { buildWebIfStale, webDist } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nginxBin = '/usr/sbin/nginx';
const template = path.join(root, 'deploy/nginx/yunhu.conf');
/** The largest upload a route takes (crm-import's 50 MB) and room for the multipart envelope. */
const bodyLimit = '51m';
/** A process nginx found refused rests this long (yunhu.conf's fail_timeout); a rolling restart waits past it. */
const upstreamRestMs = 2000;

/** Why the shape cannot run here, or null. */
export const nginxMissing = () => {
  if (!fs.existsSync(nginxBin)) return '未安装 nginx（scripts/ensure-nginx.sh）';
  if (spawnSync('openssl', ['version']).status !== 0) return '未安装 openssl';
  return null;
};

export const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** util-linux's setpriv: a child gets SIGTERM when this process dies, even by SIGKILL. */
const canSetpriv = spawnSync('setpriv', ['--help'], { encoding: 'utf8' }).stdout?.includes('--pdeathsig') ?? false;

/** A child tied to this process's life, its output appended to `logPath`. */
const spawnTied = (command, args, { env, logPath }) => {
  const log = fs.openSync(logPath, 'a');
  const [file, fileArgs] = canSetpriv ? ['setpriv', ['--pdeathsig', 'TERM', '--', command, ...args]] : [command, args];
  const child = spawn(file, fileArgs, { cwd: root, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited };
};

/** `signal`, then SIGKILL after `boundMs`; resolves once it has exited. */
const stopChild = async ({ child, exited }, signal, boundMs) => {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), boundMs);
  const how = await exited;
  clearTimeout(timer);
  return how;
};

/** A GET through TLS trusting `ca`: the status, or null when nothing answered. */
export const getStatus = (url, ca, timeoutMs = 3000) =>
  new Promise((resolve) => {
    const req = https.get(url, { ca, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });

const isHealthy = (port) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

/** A self-signed certificate for `host` (an IP or a name), made once in `dir`. */
const selfSigned = (dir, host) => {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  if (fs.existsSync(cert) && fs.existsSync(key)) return { cert, key };
  const san = net.isIP(host) ? `IP:${host}` : `DNS:${host}`;
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '365'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=${san},DNS:localhost`,
    ]),
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl 未能生成自签名证书：${made.stderr}`);
  return { cert, key };
};

/** The secrets both processes must share (signed links, Kamailio's key), made once in the run folder. */
const sharedSecrets = (runDir) => {
  const file = path.join(runDir, 'secrets.json');
  if (!fs.existsSync(file)) {
    const secret = () => crypto.randomBytes(24).toString('hex');
    const made = { SIP_SHARED_SECRET: secret(), RECORDING_SECRET: secret(), DOCUMENT_LINK_SECRET: secret() };
    fs.writeFileSync(file, JSON.stringify(made, null, 2), { mode: 0o600 });
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
};

/** deploy/nginx/yunhu.conf with its names filled. */
export const renderNginxConf = (values) =>
  fs.readFileSync(template, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_m, name) => {
    if (!(name in values)) throw new Error(`yunhu.conf: ${name} 未给出`);
    return String(values[name]);
  });

/**
 * Starts the shape: server A (and its telephony when `isTelephony`), then B, then nginx; resolves
 * once nginx answers /healthz over TLS. `env` goes to both servers over the caller's environment.
 */
export const startProductionShape = async (opts) => {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  if (!opts.databaseUrl) throw new Error('两个服务进程共用一个 PostgreSQL：请设置 DATABASE_URL');
  const runDir = path.resolve(opts.runDir);
  const say = opts.log ?? ((line) => console.log(line));
  for (const dir of ['logs', 'tls', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(runDir, dir), { recursive: true });
  const host = opts.publicHost ?? '127.0.0.1';
  const authority = opts.httpsPort === 443 ? host : `${host}:${opts.httpsPort}`;
  const tls = opts.cert ? { cert: opts.cert, key: opts.certKey } : selfSigned(path.join(runDir, 'tls'), host);
  const ca = fs.readFileSync(tls.cert);
  const secrets = sharedSecrets(runDir);
  const dataDir = opts.dataDir ?? path.join(runDir, 'data');
  const isTelephony = opts.isTelephony ?? true;

  const servers = opts.serverPorts.map((port, i) => ({ name: i === 0 ? 'A' : 'B', port, proc: null }));
  const envOf = (server) => ({
    ...process.env,
    ...Object.fromEntries(Object.entries(secrets).filter(([name]) => !process.env[name])),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    TRUST_PROXY: '1',
    WEB_DIST: webDist,
    // The page connects through nginx; Kamailio listens on its own port behind it.
    SIP_WS_URL: `wss://${authority}/sip`,
    SIP_WS_PORT: String(opts.sipWsPort),
    SIP_WS_ORIGINS: `https://${authority}`,
    ...opts.env,
    PORT: String(server.port),
    // Kamailio and rtpengine hold fixed ports: one telephony for the machine, beside A.
    SIP_AUTOSTART: isTelephony && server.name === 'A' ? '1' : '0',
  });

  let isStopping = false;
  const startServer = async (server) => {
    const logPath = path.join(runDir, 'logs', `server-${server.name}.log`);
    const from = fs.existsSync(logPath) ? fs.statSync(logPath).size : 0;
    const proc = spawnTied(process.execPath, ['--enable-source-maps', serverBundle], { env: envOf(server), logPath });
    server.proc = proc;
    // A process that dies by itself is started again (a restart or stop says so first).
    void proc.exited.then(({ code, signal }) => {
      if (isStopping || server.proc !== proc || server.isRestarting) return;
      say(`服务进程 ${server.name} 意外退出（${code ?? signal}），1 秒后重新启动`);
      setTimeout(() => void startServer(server).catch((e) => say(String(e))), 1000);
    });
    const logSince = () => fs.readFileSync(logPath).subarray(from).toString('utf8');
    // Healthy, and when it runs the telephony, it has said how Kamailio's start went.
    const deadline = Date.now() + (opts.startTimeoutMs ?? 300_000);
    for (;;) {
      if (proc.child.exitCode !== null)
        throw new Error(`服务进程 ${server.name} 启动失败：\n${logSince().slice(-3000)}`);
      const isSaid = !(isTelephony && server.name === 'A') || logSince().includes('软电话');
      if (isSaid && (await isHealthy(server.port))) break;
      if (Date.now() > deadline) throw new Error(`服务进程 ${server.name} 未能启动：\n${logSince().slice(-3000)}`);
      await sleep(250);
    }
    say(`服务进程 ${server.name}：http://127.0.0.1:${server.port}/（pid ${proc.child.pid}）`);
  };

  const confPath = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(
    confPath,
    renderNginxConf({
      USER_LINE: process.getuid?.() === 0 ? 'user root;' : '',
      RUN_DIR: runDir,
      HTTP_PORT: opts.httpPort,
      HTTPS_PORT: opts.httpsPort,
      PUBLIC_HOST: authority,
      CERT: tls.cert,
      CERT_KEY: tls.key,
      SERVER_A: `127.0.0.1:${servers[0].port}`,
      SERVER_B: `127.0.0.1:${servers[1].port}`,
      SIP_WS: `127.0.0.1:${opts.sipWsPort}`,
      WEB_DIST: webDist,
      BODY_LIMIT: bodyLimit,
    }),
  );
  const nginxArgs = ['-p', runDir, '-c', confPath, '-e', path.join(runDir, 'error.log')];
  const checked = spawnSync(nginxBin, [...nginxArgs, '-t'], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx 配置有误：${checked.stderr}`);

  let nginx = null;
  const stop = async () => {
    isStopping = true;
    // nginx first (no new requests), then both processes drain at once.
    if (nginx) await stopChild(nginx, 'SIGQUIT', 5000);
    await Promise.all(servers.map((s) => s.proc && stopChild(s.proc, 'SIGTERM', 15_000)));
  };
  try {
    for (const server of servers) await startServer(server);
    nginx = spawnTied(nginxBin, nginxArgs, { env: process.env, logPath: path.join(runDir, 'logs', 'nginx.log') });
    const url = `https://${authority}`;
    for (let i = 0; (await getStatus(`${url}/healthz`, ca)) !== 200; i++) {
      if (nginx.child.exitCode !== null || i > 80)
        throw new Error(`nginx 未能启动：${fs.readFileSync(path.join(runDir, 'error.log'), 'utf8')}`);
      await sleep(250);
    }
    say(`生产形态已启动：${url}/（nginx → 服务进程 A、B；软电话 wss://${authority}/sip）`);

    /** SIGTERM (it drains), waits for its exit, starts it again and waits until it is healthy. */
    const restartServer = async (name) => {
      const server = servers.find((s) => s.name === name);
      server.isRestarting = true;
      try {
        const how = await stopChild(server.proc, 'SIGTERM', 15_000);
        say(`服务进程 ${name} 已停止（${how.code ?? how.signal}）`);
        await startServer(server);
      } finally {
        server.isRestarting = false;
      }
    };
    return {
      url,
      httpUrl: `http://${host}:${opts.httpPort}`,
      ca,
      runDir,
      dataDir,
      servers: () => servers.map((s) => ({ name: s.name, port: s.port, pid: s.proc?.child.pid })),
      restartServer,
      /** A, then B, each after nginx may use the one before again. */
      rollingRestart: async () => {
        for (const s of servers) {
          await restartServer(s.name);
          await sleep(upstreamRestMs + 1000);
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

const numberOf = (name, fallback) => Number(process.env[name] ?? fallback);

const runFolder = () => path.resolve(process.env.PROD_RUN_DIR ?? path.join(root, 'run/prod'));
const pidFile = () => path.join(runFolder(), 'supervisor.pid');

const runningPid = () => {
  try {
    const pid = Number(fs.readFileSync(pidFile(), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
};

const cli = async (command) => {
  if (command === 'stop' || command === 'restart') {
    const pid = runningPid();
    if (!pid) {
      console.log('生产形态未在运行');
      return;
    }
    if (command === 'restart') {
      process.kill(pid, 'SIGHUP');
      console.log(`已请求滚动重启（进程 ${pid}），进度见其输出`);
      return;
    }
    process.kill(pid, 'SIGTERM');
    while (runningPid()) await sleep(200);
    console.log('生产形态已停止');
    return;
  }
  if (command !== 'start') {
    console.error('用法：node scripts/prod-run.mjs start|stop|restart');
    process.exit(2);
  }
  if (runningPid()) {
    console.error(`生产形态已在运行（进程 ${runningPid()}）：先执行 node scripts/prod-run.mjs stop`);
    process.exit(1);
  }
  if (!process.env.DATABASE_URL) {
    console.error('两个服务进程共用一个 PostgreSQL：请设置 DATABASE_URL');
    process.exit(1);
  }
  spawnSync('bash', ['scripts/ensure-nginx.sh'], { cwd: root, stdio: 'inherit' });
  if (process.env.SIP_AUTOSTART !== '0')
    spawnSync('bash', ['scripts/ensure-kamailio.sh'], { cwd: root, stdio: 'inherit' });
  buildWebIfStale();
  await buildServerIfStale();
  const runDir = runFolder();
  fs.mkdirSync(runDir, { recursive: true });
  const [a, b] = (process.env.PROD_SERVER_PORTS ?? '8081,8082').split(',').map(Number);
  const shape = await startProductionShape({
    runDir,
    databaseUrl: process.env.DATABASE_URL,
    publicHost: process.env.PROD_HOST ?? '127.0.0.1',
    httpsPort: numberOf('PROD_HTTPS_PORT', 8443),
    httpPort: numberOf('PROD_HTTP_PORT', 8088),
    serverPorts: [a, b],
    sipWsPort: numberOf('PROD_SIP_WS_PORT', 5066),
    cert: process.env.PROD_CERT,
    certKey: process.env.PROD_CERT_KEY,
    isTelephony: process.env.SIP_AUTOSTART !== '0',
  });
  fs.writeFileSync(pidFile(), String(process.pid));
  let isRolling = false;
  process.on('SIGHUP', () => {
    if (isRolling) return;
    isRolling = true;
    console.log('滚动重启：A，然后 B');
    shape
      .rollingRestart()
      .then(
        () => console.log('滚动重启完成'),
        (error) => console.error(`滚动重启失败：${error.message}`),
      )
      .finally(() => {
        isRolling = false;
      });
  });
  const end = async () => {
    await shape.stop();
    fs.rmSync(pidFile(), { force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void end());
  process.on('SIGINT', () => void end());
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv[2]).catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
