import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A plain-RTP carrier for the media gateway's tests (issue 14): sipp (Debian's sip-tester) answers
 * every INVITE on UDP at once (100, 200 with an RTP/AVP PCMA offer answer) and takes the BYE;
 * the trunk's media endpoint is a UDP socket of the test process (`openRtpPeer`) that counts the
 * RTP it receives and sends a 1 kHz PCMA tone, symmetric like a carrier's media server.
 * Used by sip.kamailio-media.test.ts, e2e/softphone/trunk.e2e.ts and bench/gateway.bench.ts.
 */

/** Why sipp cannot run here, or null when it can. */
export const sippMissing = (): string | null => {
  const help = spawnSync('sipp', ['-v'], { encoding: 'utf8' });
  return help.error ? '未安装 sipp（运行 scripts/ensure-kamailio.sh）' : null;
};

// ---- the trunk's media: RTP over UDP ----------------------------------------------------------

/** G.711 A-law of one 16-bit linear sample (ITU-T G.711). */
const alaw = (sample: number): number => {
  const sign = sample >= 0 ? 0x80 : 0;
  let s = Math.min(Math.abs(sample), 32635);
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = exponent === 0 ? (s >> 4) & 0x0f : (s >> (exponent + 3)) & 0x0f;
  s = (exponent << 4) | mantissa;
  return (s | sign) ^ 0x55;
};

/** 20 ms of a 1 kHz tone at 8 kHz, A-law (160 bytes), the same every packet. */
const tonePayload = Buffer.from(
  Array.from({ length: 160 }, (_, i) => alaw(Math.round(8000 * Math.sin((2 * Math.PI * 1000 * i) / 8000)))),
);

export type TRtpPeer = {
  port: number;
  /** RTP packets received, by payload type. */
  received: () => { packets: number; payloadTypes: number[] };
  sent: () => number;
  /** Sends the tone to `to` from now on (otherwise to whoever sent the latest packet, symmetric RTP). */
  sendTo: (to: { address: string; port: number }) => void;
  close: () => void;
};

/** The carrier's media endpoint: counts RTP in, answers with PCMA (payload type 8) every 20 ms. */
export const openRtpPeer = async (): Promise<TRtpPeer> => {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  let packets = 0;
  const payloadTypes = new Set<number>();
  let target: { address: string; port: number } | null = null;
  let isTargetFixed = false;
  let sent = 0;
  let seq = Math.floor(Math.random() * 60_000);
  let timestamp = Math.floor(Math.random() * 1e9);
  const ssrc = Math.floor(Math.random() * 0xffffffff);
  socket.on('message', (data, from) => {
    // RTP version 2; RTCP (payload types 200-204 in the second byte) is not counted.
    if (data.length < 12 || data[0]! >> 6 !== 2 || (data[1]! >= 200 && data[1]! <= 204)) return;
    packets++;
    payloadTypes.add(data[1]! & 0x7f);
    if (!isTargetFixed) target = { address: from.address, port: from.port };
  });
  const timer = setInterval(() => {
    if (!target) return;
    const header = Buffer.alloc(12);
    header[0] = 0x80;
    header[1] = 8;
    header.writeUInt16BE(seq++ & 0xffff, 2);
    header.writeUInt32BE(timestamp >>> 0, 4);
    header.writeUInt32BE(ssrc >>> 0, 8);
    timestamp += 160;
    socket.send(Buffer.concat([header, tonePayload]), target.port, target.address);
    sent++;
  }, 20);
  return {
    port: socket.address().port,
    received: () => ({ packets, payloadTypes: [...payloadTypes].sort((a, b) => a - b) }),
    sent: () => sent,
    sendTo: (to) => {
      target = to;
      isTargetFixed = true;
    },
    close: () => {
      clearInterval(timer);
      socket.close();
    },
  };
};

// ---- the trunk's signalling: sipp ------------------------------------------------------------

const uasScenario = `<?xml version="1.0" encoding="ISO-8859-1" ?>
<!-- A carrier trunk that answers at once with plain RTP/AVP, PCMA (written by sip.kamailio-sipp.test-kit.ts). -->
<scenario name="yunhu plain-RTP trunk">
  <recv request="INVITE" crlf="true"/>
  <send><![CDATA[

SIP/2.0 100 Trying
[last_Via:]
[last_From:]
[last_To:]
[last_Call-ID:]
[last_CSeq:]
Content-Length: 0

]]></send>
  <send retrans="500"><![CDATA[

SIP/2.0 200 OK
[last_Via:]
[last_Record-Route:]
[last_From:]
[last_To:];tag=[pid]trunk[call_number]
[last_Call-ID:]
[last_CSeq:]
Contact: <sip:trunk@[local_ip]:[local_port];transport=[transport]>
Content-Type: application/sdp
Content-Length: [len]

v=0
o=trunk 1 1 IN IP4 [local_ip]
s=-
c=IN IP4 [rtp_ip]
t=0 0
m=audio [rtp_port] RTP/AVP 8 101
a=rtpmap:8 PCMA/8000
a=rtpmap:101 telephone-event/8000
a=fmtp:101 0-15
a=ptime:20
a=sendrecv

]]></send>
  <recv request="ACK" crlf="true"/>
  <recv request="BYE"/>
  <send><![CDATA[

SIP/2.0 200 OK
[last_Via:]
[last_From:]
[last_To:]
[last_Call-ID:]
[last_CSeq:]
Content-Length: 0

]]></send>
</scenario>
`;

export type TSippTrunk = {
  /** For startKamailio's trunk: host:port;transport=udp. */
  address: string;
  sipPort: number;
  /** The INVITEs sipp received so far (raw text, as sipp logged them). */
  invites: () => string[];
  /** sipp's message log (every message it sent and received). */
  log: () => string;
  stop: () => Promise<void>;
};

const freeUdpPort = () =>
  new Promise<number>((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });

/** sipp's media port (-mp, unused by the scenario) must be free on both UDP and TCP. */
const freePortPair = async () => {
  for (let i = 0; i < 20; i++) {
    const port = await freeUdpPort();
    const isTcpFree = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (isTcpFree) return port;
  }
  throw new Error('no free port for sipp');
};

/** sipp as a UDP carrier trunk on loopback, answering every call; its SDP points at `rtpPort`. */
export const startSippTrunk = async (opts: { rtpPort: number }): Promise<TSippTrunk> => {
  const missing = sippMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-sipp-'));
  const scenario = path.join(dir, 'trunk.xml');
  fs.writeFileSync(scenario, uasScenario);
  const messages = path.join(dir, 'messages.log');
  const sipPort = await freeUdpPort();
  const args = ['-sf', scenario, '-i', '127.0.0.1', '-p', String(sipPort), '-t', 'u1', '-nostdin'];
  args.push('-mi', '127.0.0.1', '-mp', String(await freePortPair()));
  args.push('-key', 'rtp_ip', '127.0.0.1', '-key', 'rtp_port', String(opts.rtpPort));
  args.push('-trace_msg', '-message_file', messages, '-trace_err', '-error_file', path.join(dir, 'errors.log'));
  const child: ChildProcess = spawn('sipp', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const log = () => (fs.existsSync(messages) ? fs.readFileSync(messages, 'utf8') : '');
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exit;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Ready when its SIP port is taken (sipp logs nothing before the first message).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`sipp 启动失败：${stderr}`);
    const probe = dgram.createSocket('udp4');
    const isTaken = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(true));
      probe.bind(sipPort, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (isTaken) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`sipp 未在 10 秒内开始监听：${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    address: `127.0.0.1:${sipPort};transport=udp`,
    sipPort,
    invites: () =>
      log()
        .split(/-{10,}[^\n]*\n/)
        .filter((m) => /received[\s\S]*?\n\s*INVITE sip:/.test(m) || /^\s*INVITE sip:/m.test(m))
        .filter((m) => /^\s*INVITE sip:/m.test(m)),
    log,
    stop,
  };
};

/** The m=audio line and attributes of an SDP body inside a SIP message's text. */
export const sdpOf = (message: string): string => {
  const at = message.indexOf('v=0');
  return at < 0 ? '' : message.slice(at);
};
