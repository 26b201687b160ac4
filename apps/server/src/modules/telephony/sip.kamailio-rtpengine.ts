import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import { gatewayCaptureArgs } from './recording.gateway.js';
import { freeUdpPort } from './sip.ports.js';
import { fileLogger, startTiedProcess, superviseProcess, type TProcessLogger } from './sip.process.js';

/**
 * The media gateway beside Kamailio: Debian's rtpengine in user space (no kernel
 * forwarding, `--table=-1`), driven by Kamailio's rtpengine module over its ng control socket
 * (UDP on loopback). It anchors every call's media: WebRTC legs (ICE, DTLS-SRTP, Opus) toward the
 * browsers, plain RTP/AVP (PCMA/PCMU, telephone-event) toward trunks and desk phones
 * (deploy/kamailio/kamailio.cfg, route MEDIA; docs/decisions/0012-media-gateway.md).
 * startKamailio() starts one beside each Kamailio and stops it with it.
 */

/** Why rtpengine cannot run here, or null when it can. */
export const rtpengineMissing = (): string | null => {
  const version = spawnSync('rtpengine', ['--version'], { encoding: 'utf8' });
  return version.error || version.status !== 0 ? '未安装 rtpengine（运行 scripts/ensure-kamailio.sh）' : null;
};

export type TRtpengineOptions = {
  /** Folder for the pid file and the log (Kamailio's run folder). */
  dir: string;
  /** Local address for media (MEDIA_IP). */
  ip?: string;
  /** Address written into SDP when it differs from `ip` (behind NAT: MEDIA_ADVERTISE_IP). */
  advertiseIp?: string | null;
  /**
   * RTP port range (MEDIA_PORT_MIN..MEDIA_PORT_MAX); instances may share it (a taken port is skipped).
   * A call takes four (RTP and RTCP on each leg), a listener or whisperer two more.
   */
  portMin?: number;
  portMax?: number;
  /** The ng control port on 127.0.0.1; a free one when absent. */
  ngPort?: number;
  /** rtpengine's log level (syslog numbers: 6 info, 7 debug). */
  logLevel?: number;
  isLogInherited?: boolean;
  /**
   * Where calls flagged for recording (kamailio.cfg: `record-call=on`) are captured (pcap files
   * and metadata, recording.gateway.ts); none: the gateway records nothing.
   */
  recordingDir?: string | null;
  /** Where its restarts are logged (the server's logger); its log file when absent. */
  logger?: TProcessLogger;
};

export type TRtpengine = {
  /** What Kamailio's rtpengine_sock says: udp:127.0.0.1:<port>. */
  ngSocket: string;
  ngPort: number;
  /** Sends one ng command and returns rtpengine's answer (tests: `query` a call's packet counts). */
  command: (message: TBencode) => Promise<TBencode>;
  /** The process running now: started again on the same port whenever it dies. */
  pid: () => number | undefined;
  log: () => string;
  stop: () => Promise<void>;
};

// ---- bencode (the ng protocol's encoding) -------------------------------------------------------

export type TBencode = string | number | TBencode[] | { [key: string]: TBencode };

export const bencode = (value: TBencode): string => {
  if (typeof value === 'number') return `i${Math.trunc(value)}e`;
  if (typeof value === 'string') return `${Buffer.byteLength(value)}:${value}`;
  if (Array.isArray(value)) return `l${value.map(bencode).join('')}e`;
  const keys = Object.keys(value).sort();
  return `d${keys.map((k) => bencode(k) + bencode(value[k]!)).join('')}e`;
};

/** Decodes one bencoded value (strings as UTF-8). */
export const bdecode = (input: Buffer): TBencode => {
  let at = 0;
  const next = (): TBencode => {
    const c = String.fromCharCode(input[at]!);
    if (c === 'i') {
      const end = input.indexOf('e', at);
      const n = Number(input.subarray(at + 1, end).toString('latin1'));
      at = end + 1;
      return n;
    }
    if (c === 'l' || c === 'd') {
      at++;
      const items: TBencode[] = [];
      while (input[at] !== 0x65) items.push(next());
      at++;
      if (c === 'l') return items;
      const dict: Record<string, TBencode> = {};
      for (let i = 0; i < items.length; i += 2) dict[String(items[i])] = items[i + 1]!;
      return dict;
    }
    const colon = input.indexOf(':', at);
    const len = Number(input.subarray(at, colon).toString('latin1'));
    const s = input.subarray(colon + 1, colon + 1 + len).toString('utf8');
    at = colon + 1 + len;
    return s;
  };
  return next();
};

/** One ng command over UDP: `<cookie> <bencoded dict>`, answered with the same cookie. */
export const ngCommand = (port: number, message: TBencode, timeoutMs = 2000): Promise<TBencode> =>
  new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    const cookie = crypto.randomBytes(6).toString('hex');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`rtpengine 未在 ${timeoutMs} 毫秒内应答`));
    }, timeoutMs);
    socket.on('message', (data) => {
      const space = data.indexOf(' ');
      if (data.subarray(0, space).toString('latin1') !== cookie) return;
      clearTimeout(timer);
      socket.close();
      resolve(bdecode(data.subarray(space + 1)));
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
    socket.send(`${cookie} ${bencode(message)}`, port, '127.0.0.1');
  });

/** What the gateway carries now and has ended by itself since it started. */
export type TGatewaySessions = {
  /** Sessions held now (ng `statistics`: sessionstotal, own and foreign alike). */
  sessions: number;
  /** Sessions it ended for want of media (a browser gone without BYE), since it started. */
  timedOut: number;
};

/** The gateway's session figures (ng `statistics`); null when it does not answer within timeoutMs. */
export const gatewaySessionsAt = async (ngPort: number, timeoutMs = 1000): Promise<TGatewaySessions | null> => {
  const reply = (await ngCommand(ngPort, { command: 'statistics' }, timeoutMs).catch(() => null)) as {
    statistics?: { currentstatistics?: Record<string, TBencode>; totalstatistics?: Record<string, TBencode> };
  } | null;
  const current = reply?.statistics?.currentstatistics;
  if (!current) return null;
  return {
    sessions: Number(current.sessionstotal ?? 0),
    timedOut: Number(reply.statistics?.totalstatistics?.timeoutsessions ?? 0),
  };
};

/** The Call-IDs of every session the gateway holds (ng `list`); null when it does not answer within timeoutMs. */
export const gatewayCallIdsAt = async (ngPort: number, timeoutMs = 1000, limit = 100_000): Promise<string[] | null> => {
  const reply = (await ngCommand(ngPort, { command: 'list', limit }, timeoutMs).catch(() => null)) as {
    result?: string;
    calls?: TBencode[];
  } | null;
  if (reply?.result !== 'ok') return null;
  return Array.isArray(reply.calls) ? reply.calls.map(String) : [];
};

/**
 * The captures a gateway that died left open (their metadata still in `tmp/`) moved to where a
 * closed capture's metadata goes: when their calls end, their recordings are made of what was
 * captured until then (recording.gateway.ts) instead of waiting for a close that never comes.
 * Answers how many.
 */
export const closeAbandonedCaptures = (dir: string): number => {
  const open = path.join(dir, 'tmp');
  const closed = path.join(dir, 'metadata');
  const names = fs.existsSync(open) ? fs.readdirSync(open).filter((n) => /^rtpengine-meta-.+\.tmp$/.test(n)) : [];
  if (names.length) fs.mkdirSync(closed, { recursive: true });
  for (const name of names) fs.renameSync(path.join(open, name), path.join(closed, name.replace(/\.tmp$/, '.txt')));
  return names.length;
};

export const startRtpengine = async (opts: TRtpengineOptions): Promise<TRtpengine> => {
  const missing = rtpengineMissing();
  if (missing) throw new Error(missing);
  const ngPort = opts.ngPort ?? (await freeUdpPort());
  const ip = opts.ip ?? '127.0.0.1';
  const args = [
    // Debian's /etc/rtpengine/rtpengine.conf is for its own service: everything comes from here.
    '--config-file=none',
    '--foreground',
    '--log-stderr',
    // User space only: no kernel module, no iptables rules.
    '--table=-1',
    `--interface=${opts.advertiseIp && opts.advertiseIp !== ip ? `${ip}!${opts.advertiseIp}` : ip}`,
    `--listen-ng=127.0.0.1:${ngPort}`,
    `--port-min=${opts.portMin ?? 30000}`,
    `--port-max=${opts.portMax ?? 39999}`,
    `--log-level=${opts.logLevel ?? 5}`,
    `--pidfile=${path.join(opts.dir, 'rtpengine.pid')}`,
    // A call without media for a minute is gone (a browser closed without BYE).
    '--timeout=60',
    '--silent-timeout=3600',
    '--delete-delay=0',
    // The browsers are the DTLS clients. Without this the gateway answers a browser's offer
    // (a=setup:actpass) by starting the handshake itself before the callee answered, and the
    // browser, told a=setup:passive later, never completes it: no audio.
    '--dtls-passive',
    '--num-threads=2',
    ...(opts.recordingDir ? gatewayCaptureArgs(opts.recordingDir) : []),
  ];
  if (opts.recordingDir) fs.mkdirSync(opts.recordingDir, { recursive: true });
  // As Kamailio: a process that dies must not leave the gateway holding its ports.
  const logPath = path.join(opts.dir, 'rtpengine.log');
  const start = () =>
    startTiedProcess('rtpengine', args, { cwd: opts.dir, logPath, isLogInherited: opts.isLogInherited });
  const first = start();
  const { log, hasExited, stop } = first;

  // Ready when it answers the ng ping.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (hasExited()) throw new Error(`rtpengine 启动失败：\n${log().slice(-4000)}`);
    const pong = await ngCommand(ngPort, { command: 'ping' }, 300).catch(() => null);
    if (pong && (pong as Record<string, TBencode>).result === 'pong') break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`rtpengine 未在 15 秒内应答 ping：\n${log().slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Ready: from now on a gateway that dies is started again with the same arguments (Kamailio's
  // rtpengine module finds it on the same control port once it answers).
  const { recordingDir } = opts;
  const supervised = superviseProcess('rtpengine', first, start, {
    logger: opts.logger ?? fileLogger(logPath),
    beforeRestart: () => {
      if (recordingDir) closeAbandonedCaptures(recordingDir);
    },
  });
  return {
    ngSocket: `udp:127.0.0.1:${ngPort}`,
    ngPort,
    command: (message) => ngCommand(ngPort, message),
    pid: () => supervised.current().pid,
    log,
    stop: supervised.stop,
  };
};
