import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../paths.js';
import { clearDialogDb, createDialogDb, markLostDialogs, releaseGatewayCalls } from './sip.kamailio-dialogs.js';
import { rtpengineMissing, startRtpengine, type TRtpengine, type TRtpengineOptions } from './sip.kamailio-rtpengine.js';
import {
  fileLogger,
  startTiedProcess,
  superviseProcess,
  type TProcessLogger,
  type TSupervisedProcess,
} from './sip.process.js';

/**
 * Starts and stops the product's Kamailio (deploy/kamailio/kamailio.cfg) for development and tests:
 * free ports, a temporary folder holding the config and a kamailio-local.cfg with the site values,
 * logs in that folder. Used by sip.kamailio.test.ts, the end-to-end tests and scripts/kamailio.sh.
 */

export const kamailioConfigPath = path.join(repoRoot, 'deploy/kamailio/kamailio.cfg');

/** Modules our config loads beyond Kamailio's core package (scripts/ensure-kamailio.sh). */
const extraModules = ['websocket.so', 'http_client.so'];

/** Why Kamailio cannot run here, or null when it can. */
export const kamailioMissing = (): string | null => {
  const version = spawnSync('kamailio', ['-v'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return '未安装 kamailio（运行 scripts/ensure-kamailio.sh）';
  const libs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib', '/usr/local/lib'];
  const dirs = libs.map((d) => path.join(d, 'kamailio/modules')).filter((d) => fs.existsSync(d));
  const missing = extraModules.filter((m) => !dirs.some((d) => fs.existsSync(path.join(d, m))));
  return missing.length ? `Kamailio 缺少模块 ${missing.join('、')}（运行 scripts/ensure-kamailio.sh）` : null;
};

export type TKamailioOptions = {
  /** Our server, for the HA1 lookup. */
  serverUrl: string;
  sharedSecret: string;
  /** SIP domain and digest realm (the server's SIP_REALM). */
  realm: string;
  /** Page origins allowed to open the WebSocket; '*' lets any in. */
  origins: string[] | '*';
  /** Fixed ports (development); free ones when absent (tests in parallel). */
  wsPort?: number;
  sipPort?: number;
  /** Where telephone numbers go: the carrier (one or more trunks), or a soft-phone key. */
  trunk?: TTrunkOptions | { phone: string };
  /** Desk phones or PBXs (source IPs) that may call agents without digest; the trunks always may. */
  inboundPeers?: string[];
  /** Behind NAT: the public address (host or host:port) Kamailio writes into its SIP headers. */
  advertise?: string | null;
  /** A call ringing toward the carrier (or the trunk phone) without an answer ends after this (default 60 s). */
  ringTimeoutSeconds?: number;
  /** SIP edge protection (route AUTH_FAILED, pike): the ban's threshold and length, who is exempt. */
  edge?: { banFailures?: number; banSeconds?: number; pikeRequests?: number; exempt?: string[] };
  /** Kamailio's own log level (debug=…): 2 info, 3 debug. */
  debug?: number;
  /** Another config than deploy/kamailio/kamailio.cfg (a bench measuring an earlier one beside it). */
  configPath?: string;
  /** Log to this process's output instead of a file (scripts/kamailio.sh). */
  isLogInherited?: boolean;
  /** Where restarts of Kamailio and rtpengine are logged (the server's logger); their log files when absent. */
  logger?: TProcessLogger;
  /**
   * The media gateway (rtpengine) started beside Kamailio and stopped with it: its settings, or
   * false for none (media then goes browser to browser and a plain-RTP trunk cannot talk). By
   * default it runs whenever rtpengine is installed.
   */
  media?: Omit<TRtpengineOptions, 'dir' | 'isLogInherited'> | false;
};

/** The carrier's trunks (decision 0016). */
export type TTrunkOptions = {
  /** Each trunk's host:port[;transport=udp|tcp], tried in this order (failover on 5xx or no answer). */
  address: string | string[];
  /**
   * Transport of an address that names none (SIP_TRUNK_TRANSPORT); `auto`: UDP, and TCP for a
   * request over 1300 bytes (the trunk must take both).
   */
  transport?: 'udp' | 'tcp' | 'auto';
  /** Digest credentials for a trunk that challenges (401/407); realm: the challenge's when absent. */
  auth?: { user: string; password: string; realm?: string } | null;
  /** A trunk that has not answered within this many ms is given up for the next (default 4000). */
  timeoutMs?: number;
  /** Host of the caller ID toward the carrier (From, P-Asserted-Identity): our public address. */
  callerHost?: string;
  /** Register at every trunk with `auth` (SIP_TRUNK_REGISTER), so it sends our calls in and lets ours out. */
  register?: boolean;
};

const trunkAddresses = (trunk: TTrunkOptions) =>
  (Array.isArray(trunk.address) ? trunk.address : trunk.address.split(','))
    .map((a) => a.trim().replace(/^sips?:/, ''))
    .filter(Boolean);

/** A trunk address with its transport: its own, or SIP_TRUNK_TRANSPORT's (auto starts on UDP). */
const withTransport = (address: string, trunk: TTrunkOptions) =>
  /;transport=/i.test(address) ? address : `${address};transport=${trunk.transport === 'tcp' ? 'tcp' : 'udp'}`;

/** db_text escapes ':' (its column separator) and '\\'. */
const dbText = (value: string) => value.replace(/\\/g, '\\\\').replace(/:/g, '\\:');

/**
 * The text database uac's registrations read (table uacreg, version 5 of Kamailio 5.6): one row
 * per trunk, registering `auth.user` at the trunk's host through its address.
 */
export const renderUacReg = (trunk: TTrunkOptions, localDomain: string): { version: string; uacreg: string } => {
  if (!trunk.auth) throw new Error('向线路注册需要 SIP_TRUNK_USER 与 SIP_TRUNK_PASSWORD');
  const { user, password, realm = '' } = trunk.auth;
  const header =
    'id(int,auto) l_uuid(string) l_username(string) l_domain(string) r_username(string) r_domain(string) realm(string,null) auth_username(string) auth_password(string) auth_ha1(string,null) auth_proxy(string) expires(int) flags(int) reg_delay(int) contact_addr(string,null) socket(string,null) ';
  const rows = trunkAddresses(trunk).map((a, i) => {
    const host = a.split(/[:;]/)[0]!;
    const proxy = `sip:${withTransport(a, trunk)}`;
    return [i + 1, `trunk${i + 1}`, user, localDomain, user, host, realm, user, password, '', proxy, 600, 0, i, '', '']
      .map((v) => dbText(String(v)))
      .join(':');
  });
  return {
    version: 'id(int,auto) table_name(string) table_version(int) \n0:uacreg:5\n',
    uacreg: `${header}\n${rows.join('\n')}\n`,
  };
};

/** The dispatcher list (set 1) of the trunks, the first with the highest priority. */
export const renderTrunkList = (trunk: TTrunkOptions): string => {
  const addresses = trunkAddresses(trunk);
  if (addresses.length === 0) throw new Error('SIP_TRUNK_ADDR 为空');
  const lines = addresses.map((a, i) => {
    if (!/^[A-Za-z0-9.-]+(:\d{1,5})?(;transport=(udp|tcp))?$/i.test(a)) {
      throw new Error(`线路地址格式应为 主机:端口[;transport=udp|tcp]：${a}`);
    }
    return `1 sip:${withTransport(a, trunk)} 0 ${addresses.length - i}`;
  });
  return `# Written by sip.kamailio.ts: setid destination flags priority\n${lines.join('\n')}\n`;
};

export type TKamailio = {
  /** What the server's SIP_WS_URL must say. */
  wsUrl: string;
  wsPort: number;
  sipPort: number;
  dir: string;
  /** The media gateway anchoring every call, or null when there is none. */
  media: TRtpengine | null;
  /** Kamailio's main process now: it is started again, on the same ports and config, whenever it dies. */
  pid: () => number | undefined;
  /** How many times it was started again. */
  restarts: () => number;
  /** Everything Kamailio logged so far. */
  log: () => string;
  stop: () => Promise<void>;
};

const freeTcpPort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const isUdpFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const sock = dgram.createSocket('udp4');
    sock.once('error', () => resolve(false));
    sock.bind(port, '127.0.0.1', () => sock.close(() => resolve(true)));
  });

/** A port free on loopback for both TCP and UDP (the SIP listener takes both). */
const freeSipPort = async () => {
  for (let i = 0; i < 20; i++) {
    const port = await freeTcpPort();
    if (await isUdpFree(port)) return port;
  }
  throw new Error('no free port for Kamailio');
};

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** kamailio-local.cfg: each value becomes a #!substdef of kamailio.cfg. */
export const renderLocalConfig = (values: Record<string, string>, defines: string[] = []): string => {
  const lines = ['# Written by sip.kamailio.ts; see deploy/kamailio/kamailio.cfg.'];
  for (const d of defines) lines.push(`#!define ${d}`);
  for (const [name, value] of Object.entries(values)) {
    if (/[!\r\n]/.test(value)) throw new Error(`Kamailio 配置值不能包含 ! 或换行：${name}`);
    lines.push(`#!substdef "!${name}!${value}!g"`);
  }
  return `${lines.join('\n')}\n`;
};

/**
 * The key masking our topology toward the carrier: derived, so the shared secret itself never
 * keys topoh's cipher (its masks are readable to anyone holding the key), and stable, so a
 * Kamailio started again reads the masks of the calls before it.
 */
export const topologyMaskKey = (sharedSecret: string) =>
  createHmac('sha256', sharedSecret).update('kamailio topology mask').digest('hex');

/**
 * Where telephone numbers go, as kamailio-local.cfg values: trunks (their list, credentials and
 * registration written into the run folder) or a soft-phone key standing in for a carrier.
 */
const addTrunk = (
  trunk: NonNullable<TKamailioOptions['trunk']>,
  opts: TKamailioOptions,
  run: { dir: string; sipPort: number; values: Record<string, string>; defines: string[] },
) => {
  const { dir, sipPort, values, defines } = run;
  if ('address' in trunk) {
    defines.push('WITH_TRUNK');
    const listPath = path.join(dir, 'trunks.list');
    fs.writeFileSync(listPath, renderTrunkList(trunk));
    values.YH_TRUNK_LIST = listPath;
    values.YH_TRUNK_TIMEOUT = String(trunk.timeoutMs ?? 4000);
    if (trunk.transport === 'auto') defines.push('WITH_LARGE_TCP');
    values.YH_CALLER_HOST = trunk.callerHost ?? opts.advertise?.split(':')[0] ?? '127.0.0.1';
    values.YH_TOPOH_KEY = topologyMaskKey(opts.sharedSecret);
    if (trunk.auth) {
      defines.push('WITH_TRUNK_AUTH');
      values.YH_TRUNK_AUTH_USER = trunk.auth.user;
      values.YH_TRUNK_AUTH_PASS = trunk.auth.password;
      values.YH_TRUNK_AUTH_REALM = trunk.auth.realm ?? '';
    }
    if (trunk.register) {
      const db = path.join(dir, 'uacreg-db');
      fs.mkdirSync(db);
      const tables = renderUacReg(trunk, opts.realm);
      fs.writeFileSync(path.join(db, 'version'), tables.version);
      fs.writeFileSync(path.join(db, 'uacreg'), tables.uacreg);
      defines.push('WITH_TRUNK_REGISTER');
      values.YH_UACREG_DB = `text://${db}`;
      const advertised = opts.advertise?.includes(':')
        ? opts.advertise
        : opts.advertise && `${opts.advertise}:${sipPort}`;
      values.YH_REG_CONTACT = `sip:${advertised || `127.0.0.1:${sipPort}`}`;
    }
  } else {
    defines.push('WITH_TRUNK_PHONE');
    values.YH_TRUNK_PHONE = trunk.phone;
  }
};

export const startKamailio = async (opts: TKamailioOptions): Promise<TKamailio> => {
  const missing = kamailioMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-kamailio-'));
  const wsPort = opts.wsPort ?? (await freeTcpPort());
  const sipPort = opts.sipPort ?? (await freeSipPort());
  const values: Record<string, string> = {
    YH_SIP_DOMAIN: opts.realm,
    YH_WS_IP: '127.0.0.1',
    YH_WS_PORT: String(wsPort),
    YH_SIP_IP: '127.0.0.1',
    YH_SIP_PORT: String(sipPort),
    YH_WS_ORIGINS: opts.origins === '*' ? '*' : opts.origins.join(','),
    YH_SERVER_URL: opts.serverUrl.replace(/\/$/, ''),
    YH_SHARED_SECRET: opts.sharedSecret,
    YH_TCP_WORKERS: '2',
    YH_RUN_DIR: dir,
  };
  const defines: string[] = [];
  const isMedia = opts.media !== false && rtpengineMissing() === null;
  let media: TRtpengine | null = null;
  if (isMedia) {
    try {
      media = await startRtpengine({
        ...(opts.media || {}),
        dir,
        isLogInherited: opts.isLogInherited,
        logger: opts.logger,
      });
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    defines.push('WITH_MEDIA');
    values.YH_RTPENGINE_SOCK = media.ngSocket;
  }
  if (opts.trunk) addTrunk(opts.trunk, opts, { dir, sipPort, values, defines });
  const dialogDb = path.join(dir, 'dialog-db');
  createDialogDb(dialogDb);
  defines.push('WITH_DIALOG_DB');
  values.YH_DIALOG_DB = dialogDb;
  if (opts.inboundPeers?.length) {
    defines.push('WITH_INBOUND_PEERS');
    values.YH_INBOUND_PEERS = opts.inboundPeers.join(',');
  }
  if (opts.advertise) {
    defines.push('WITH_ADVERTISE');
    values.YH_ADVERTISE = opts.advertise.includes(':') ? opts.advertise : `${opts.advertise}:${sipPort}`;
  }
  if (opts.ringTimeoutSeconds) values.YH_RING_TIMEOUT = String(opts.ringTimeoutSeconds * 1000);
  if (opts.edge?.banFailures) values.YH_BAN_FAILURES = String(opts.edge.banFailures);
  if (opts.edge?.banSeconds) values.YH_BAN_SECONDS = String(opts.edge.banSeconds);
  if (opts.edge?.pikeRequests) values.YH_PIKE_REQS = String(opts.edge.pikeRequests);
  if (opts.edge?.exempt) values.YH_BAN_EXEMPT = opts.edge.exempt.join(',') || '0.0.0.0';
  fs.copyFileSync(opts.configPath ?? kamailioConfigPath, path.join(dir, 'kamailio.cfg'));
  fs.writeFileSync(path.join(dir, 'kamailio-local.cfg'), renderLocalConfig(values, defines));
  const args = ['-f', path.join(dir, 'kamailio.cfg'), '-DD', '-E', '-m', '64', '-M', '8', '-Y', dir];
  args.push('-P', path.join(dir, 'kamailio.pid'), `--debug=${opts.debug ?? 2}`);
  // A test process that dies must not leave Kamailio holding its ports.
  const logPath = path.join(dir, 'kamailio.log');
  const start = () => startTiedProcess('kamailio', args, { cwd: dir, logPath, isLogInherited: opts.isLogInherited });
  const kamailio = start();
  const { log } = kamailio;
  let supervised: TSupervisedProcess | null = null;

  const stop = async () => {
    await (supervised ?? kamailio).stop();
    await media?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (kamailio.hasExited()) {
      const output = log();
      await media?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`Kamailio 启动失败：\n${output.slice(-4000)}`);
    }
    if (await canConnect(wsPort)) break;
    if (Date.now() > deadline) {
      const output = log();
      await stop();
      throw new Error(`Kamailio 未在 15 秒内开始监听：\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Listening: from now on a Kamailio that dies is started again in the same folder, with the same
  // ports and config.
  const logger = opts.logger ?? fileLogger(logPath);
  // Before it starts again: the calls it carried are marked for their BYEs, and the gateway lets
  // go of their media (sip.kamailio-dialogs.ts).
  const endLostCalls = async (last: { signal: NodeJS.Signals | null; restarts: number }) => {
    // A Kamailio started again that gave up by itself may have choked on the dialogs it loaded: the
    // next one goes without them.
    if (last.restarts > 0 && last.signal === null) clearDialogDb(dialogDb);
    const lost = markLostDialogs(dialogDb, Math.floor(Date.now() / 1000));
    const released = media ? await releaseGatewayCalls(media.command).catch(() => []) : [];
    if (lost.length || released.length) {
      logger.info({ dialogs: lost.length, mediaCalls: released.length }, 'kamailio: ending the calls it lost');
    }
  };
  const running = superviseProcess('kamailio', kamailio, start, { logger, beforeRestart: endLostCalls });
  supervised = running;
  return {
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    wsPort,
    sipPort,
    dir,
    media,
    pid: () => running.current().pid,
    restarts: running.restarts,
    log,
    stop,
  };
};
