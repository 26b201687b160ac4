import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePortPair, freeSippMediaBase, freeUdpPort, lostPortRace } from './sip.ports.js';

/**
 * A plain-RTP carrier for the media gateway's tests: sipp (Debian's sip-tester) answers
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
export const alaw = (sample: number): number => {
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

/**
 * Runs sipp with `scenario` in a folder of its own, tracing every message to messages.log: killed
 * if this process exits; `stderr()` and `errors()` for its complaints, `log()` for the messages.
 */
export const spawnSipp = (scenarioText: string, args: (files: { scenario: string; dir: string }) => string[]) => {
  const missing = sippMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-sipp-'));
  const scenario = path.join(dir, 'scenario.xml');
  fs.writeFileSync(scenario, scenarioText);
  const messages = path.join(dir, 'messages.log');
  const errorsFile = path.join(dir, 'errors.log');
  const all = [
    ...args({ scenario, dir }),
    '-trace_msg',
    '-message_file',
    messages,
    '-trace_err',
    '-error_file',
    errorsFile,
  ];
  const child: ChildProcess = spawn('sipp', all, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let code: number | null = null;
  let exited = false;
  const exit = new Promise<number | null>((resolve) => {
    child.once('exit', (c) => {
      exited = true;
      code = c;
      process.removeListener('exit', killOnExit);
      resolve(c);
    });
  });
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
  let kept: string | null = null;
  return {
    dir,
    exit,
    hasExited: () => exited,
    code: () => code,
    stderr: () => stderr,
    errors: () => `${stderr}${read(errorsFile)}`,
    log: () => kept ?? read(messages),
    /** Stops it (TERM, then KILL) and removes its folder, keeping the messages for `log()`. */
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exit;
        clearTimeout(timer);
      }
      kept = read(messages);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * sipp as a UDP carrier trunk on loopback, answering every call; its SDP points at `rtpPort`.
 * `scenario` replaces the one that answers at once (trunkScenario: a trunk asking for digest,
 * one refusing with 503, one putting the number in its headers); `keys` are sipp's -key values.
 */
export const startSippTrunk = async (opts: {
  rtpPort: number;
  scenario?: string;
  keys?: Record<string, string>;
  /** Signalling over TCP instead of UDP (SIP_TRUNK_TRANSPORT=tcp). */
  transport?: 'udp' | 'tcp';
}): Promise<TSippTrunk> => {
  // Ports are found free, then bound by sipp: another test's rtpengine may take one in between,
  // and sipp then exits at once (errno 98); a few tries with fresh ports get past that race.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSippTrunkOnce(opts);
    } catch (error) {
      if (attempt >= 4 || !(error instanceof Error && lostPortRace(error.message))) throw error;
    }
  }
};

const startSippTrunkOnce = async (opts: Parameters<typeof startSippTrunk>[0]): Promise<TSippTrunk> => {
  const isTcp = opts.transport === 'tcp';
  const sipPort = isTcp ? await freePortPair() : await freeUdpPort();
  const mediaPort = await freeSippMediaBase();
  const sipp = spawnSipp(opts.scenario ?? trunkScenario({}), ({ scenario }) => {
    const args = ['-sf', scenario, '-i', '127.0.0.1', '-p', String(sipPort), '-t', isTcp ? 't1' : 'u1', '-nostdin'];
    args.push('-mi', '127.0.0.1', '-mp', String(mediaPort));
    for (const [key, value] of Object.entries(opts.keys ?? {})) args.push('-key', key, value);
    args.push('-key', 'rtp_ip', '127.0.0.1', '-key', 'rtp_port', String(opts.rtpPort));
    return args;
  });
  const { log, stop } = sipp;
  // Ready when its SIP port is taken (sipp logs nothing before the first message).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (sipp.hasExited()) {
      const complaint = sipp.stderr();
      await sipp.stop();
      throw new Error(`sipp 启动失败：${complaint}`);
    }
    const isTaken = await new Promise<boolean>((resolve) => {
      if (isTcp) {
        const probe = net.connect(sipPort, '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(true);
        });
        probe.once('error', () => resolve(false));
        return;
      }
      const probe = dgram.createSocket('udp4');
      probe.once('error', () => resolve(true));
      probe.bind(sipPort, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (isTaken) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`sipp 未在 10 秒内开始监听：${sipp.stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    address: `127.0.0.1:${sipPort};transport=${isTcp ? 'tcp' : 'udp'}`,
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

// ---- other carriers and callers (decision 0016) ------------------------

const sdpAnswer = `v=0
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
`;

/** A reply of sipp as UAS to the request it received last, with `extra` headers and an SDP `body`. */
export const reply = (
  status: string,
  extra: string[] = [],
  body = '',
) => `  <send${status.startsWith('200') ? ' retrans="500"' : ''}><![CDATA[

SIP/2.0 ${status}
[last_Via:]
[last_Record-Route:]
[last_From:]
[last_To:];tag=[pid]trunk[call_number]
[last_Call-ID:]
[last_CSeq:]
${[...extra, body ? 'Content-Type: application/sdp' : '', `Content-Length: ${body ? '[len]' : '0'}`].filter(Boolean).join('\n')}

${body}]]></send>
`;

/**
 * A carrier trunk for sipp (UAS): optionally challenges the first INVITE (401/407, realm `realm`),
 * then answers 200 with PCMA, or refuses every call with `refuse` (e.g. '503 Service Unavailable'),
 * or `rings` (180) until the call is cancelled (200 to the CANCEL, 487 to the INVITE).
 * `numberHeaders`: its 200 carries the dialled number ([number], a -key) in Contact,
 * P-Asserted-Identity and Remote-Party-ID, as carriers do; `byeAfterMs`: it hangs up itself,
 * its BYE carrying the same headers.
 */
export const trunkScenario = (opts: {
  challenge?: { status: 401 | 407; realm: string };
  refuse?: string;
  rings?: boolean;
  numberHeaders?: boolean;
  byeAfterMs?: number;
}): string => {
  const parts = ['<?xml version="1.0" encoding="ISO-8859-1" ?>', '<scenario name="yunhu carrier trunk">'];
  if (opts.rings) {
    // The INVITE's CSeq number, for the 487 sent after the CANCEL (whose own CSeq says CANCEL).
    parts.push(
      '  <recv request="INVITE" crlf="true" rrs="true"><action><ereg regexp="[0-9]+" search_in="hdr" header="CSeq:" assign_to="invcseq"/></action></recv>',
      reply('100 Trying'),
      reply('180 Ringing', ['Contact: <sip:trunk@[local_ip]:[local_port];transport=[transport]>']),
      '  <recv request="CANCEL"/>',
      reply('200 OK').replace(' retrans="500"', ''),
      reply('487 Request Terminated').replace('[last_CSeq:]', 'CSeq: [$invcseq] INVITE'),
      '  <recv request="ACK"/>',
      '</scenario>',
    );
    return parts.join('\n');
  }
  parts.push('  <recv request="INVITE" crlf="true" rrs="true"/>');
  if (opts.refuse) {
    parts.push(reply(opts.refuse), '  <recv request="ACK"/>', '</scenario>');
    return parts.join('\n');
  }
  if (opts.challenge) {
    const header = opts.challenge.status === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate';
    const reason = opts.challenge.status === 401 ? 'Unauthorized' : 'Proxy Authentication Required';
    parts.push(
      reply(`${opts.challenge.status} ${reason}`, [
        `${header}: Digest realm="${opts.challenge.realm}", nonce="[pid][call_number]carrier", algorithm=MD5, qop="auth"`,
      ]),
      '  <recv request="ACK"/>',
      '  <recv request="INVITE" rrs="true"/>',
    );
  }
  const numbers = opts.numberHeaders
    ? [
        'P-Asserted-Identity: <sip:[number]@[local_ip]>',
        'Remote-Party-ID: <sip:[number]@[local_ip]>;party=called;screen=yes',
        'X-Dialed-Number: [number]',
      ]
    : [];
  const contact = `Contact: <sip:${opts.numberHeaders ? '[number]' : 'trunk'}@[local_ip]:[local_port];transport=[transport]>`;
  parts.push(reply('100 Trying'), reply('200 OK', [contact, ...numbers], sdpAnswer));
  // The caller's From, for the To of the trunk's own BYE.
  parts.push(
    opts.byeAfterMs === undefined
      ? '  <recv request="ACK"/>'
      : '  <recv request="ACK"><action><ereg regexp=".*" search_in="hdr" header="From:" assign_to="caller"/></action></recv>',
  );
  if (opts.byeAfterMs !== undefined) {
    parts.push(`  <pause milliseconds="${opts.byeAfterMs}"/>`);
    parts.push(`  <send><![CDATA[

BYE [next_url] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
[routes]
From: <sip:[number]@[local_ip]>;tag=[pid]trunk[call_number]
To: [$caller]
[last_Call-ID:]
CSeq: 9 BYE
${numbers.join('\n')}
Max-Forwards: 70
Content-Length: 0

]]></send>
  <recv response="200"/>`);
  } else {
    parts.push('  <recv request="BYE"/>', reply('200 OK'));
  }
  parts.push('</scenario>');
  return parts.join('\n');
};

/**
 * sipp as a caller (UAC) from `ip` toward Kamailio: runs `scenario` `calls` times, then exits;
 * `done` resolves with its exit code (0: every call went as the scenario says).
 */
export const startSippClient = async (opts: {
  scenario: string;
  /** Kamailio's host:port. */
  remote: string;
  /** Local address to send from (127.0.0.x: another source than the tests' own). */
  ip?: string;
  /** Local SIP port (0: any). */
  port?: number;
  calls?: number;
  /** Calls per second. */
  rate?: number;
  /** The Request-URI's user ([service]). */
  service?: string;
  keys?: Record<string, string>;
  timeoutMs?: number;
}) => {
  const ip = opts.ip ?? '127.0.0.1';
  const mediaPort = await freeSippMediaBase();
  const sipp = spawnSipp(opts.scenario, ({ scenario }) => {
    const args = [opts.remote, '-sf', scenario, '-i', ip, '-p', String(opts.port ?? 0), '-t', 'u1', '-nostdin'];
    args.push('-m', String(opts.calls ?? 1), '-r', String(opts.rate ?? 10), '-l', '200');
    args.push('-mi', ip, '-mp', String(mediaPort), '-s', opts.service ?? 'yunhu');
    args.push('-timeout', `${Math.ceil((opts.timeoutMs ?? 20_000) / 1000)}s`, '-timeout_error');
    for (const [key, value] of Object.entries(opts.keys ?? {})) args.push('-key', key, value);
    return args;
  });
  const done = sipp.exit.then(async (code) => {
    const errors = sipp.errors();
    await sipp.stop();
    return { code, errors };
  });
  return { log: sipp.log, done };
};

const uacHead = (method: string, cseq: number, extra: string[] = []) => [
  `${method} sip:[service]@[remote_ip]:[remote_port] SIP/2.0`,
  'Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]',
  'From: <sip:[from_user]@[local_ip]>;tag=[pid]caller[call_number]',
  'To: <sip:[service]@[remote_ip]>',
  'Call-ID: [call_id]',
  `CSeq: ${cseq} ${method}`,
  'Contact: <sip:[from_user]@[local_ip]:[local_port]>',
  'Max-Forwards: 70',
  ...extra,
];

/** A request inside the dialog a sipp UAC opened (its ACK of the 200, its BYE), from `fromUser`. */
const uacInDialog = (method: string, cseq: number, fromUser = '[from_user]') =>
  [
    `${method} [next_url] SIP/2.0`,
    'Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]',
    '[routes]',
    `From: <sip:${fromUser}@[local_ip]>;tag=[pid]caller[call_number]`,
    'To: <sip:[service]@[remote_ip]>[peer_tag_param]',
    'Call-ID: [call_id]',
    `CSeq: ${cseq} ${method}`,
    'Max-Forwards: 70',
    'Content-Length: 0',
  ].join('\n');

/**
 * A desk phone or carrier calling in (sipp UAC, -key from_user, rtp_port): INVITE with a PCMA
 * offer to [service], ACK of the 200, `holdMs` of call, BYE. With `expect` a final refusal
 * instead (e.g. 404), which it ACKs. `headers`: more on the INVITE (a carrier's P-Asserted-Identity).
 */
export const callerScenario = (opts: { holdMs?: number; expect?: number; headers?: string[] }) => {
  const offer = ['v=0', 'o=desk 1 1 IN IP4 [local_ip]', 's=-', 'c=IN IP4 [local_ip]', 't=0 0'];
  offer.push('m=audio [rtp_port] RTP/AVP 8 101', 'a=rtpmap:8 PCMA/8000', 'a=rtpmap:101 telephone-event/8000');
  offer.push('a=sendrecv', '');
  const invite = [
    ...uacHead('INVITE', 1, [...(opts.headers ?? []), 'Content-Type: application/sdp', 'Content-Length: [len]']),
    '',
    ...offer,
  ];
  const parts = ['<?xml version="1.0" encoding="ISO-8859-1" ?>', '<scenario name="yunhu caller">'];
  parts.push(`  <send retrans="500"><![CDATA[\n\n${invite.join('\n')}\n]]></send>`);
  parts.push('  <recv response="100" optional="true"/>', '  <recv response="180" optional="true"/>');
  parts.push('  <recv response="183" optional="true"/>');
  if (opts.expect) {
    parts.push(`  <recv response="${opts.expect}"/>`);
    const ack = uacHead('ACK', 1, ['Content-Length: 0']).map((l) => (l.startsWith('To:') ? `${l}[peer_tag_param]` : l));
    parts.push(`  <send><![CDATA[\n\n${ack.join('\n')}\n\n]]></send>`, '</scenario>');
    return parts.join('\n');
  }
  parts.push('  <recv response="200" rrs="true"/>');
  parts.push(`  <send><![CDATA[\n\n${uacInDialog('ACK', 1)}\n\n]]></send>`);
  parts.push(`  <pause milliseconds="${opts.holdMs ?? 2000}"/>`);
  parts.push(`  <send retrans="500"><![CDATA[\n\n${uacInDialog('BYE', 2)}\n\n]]></send>`);
  parts.push('  <recv response="200"/>', '</scenario>');
  return parts.join('\n');
};

/**
 * A plain SIP client holding a soft-phone seat's key and password (every agent's page receives
 * them) calling [service]: the INVITE's 407 answered with the credentials, then either a final
 * refusal (403, 404, 408, 480, 486 or 503; ACKed) or an answered call held `holdMs` and hung up.
 */
export const seatCallerScenario = (opts: { key: string; password: string; headers?: string[]; holdMs?: number }) => {
  const offer = ['v=0', 'o=soft 1 1 IN IP4 [local_ip]', 's=-', 'c=IN IP4 [local_ip]', 't=0 0'];
  offer.push('m=audio [rtp_port] RTP/AVP 8 101', 'a=rtpmap:8 PCMA/8000', 'a=rtpmap:101 telephone-event/8000');
  offer.push('a=sendrecv', '');
  const head = (cseq: number, extra: string[]) =>
    uacHead('INVITE', cseq, [
      ...(opts.headers ?? []),
      ...extra,
      'Content-Type: application/sdp',
      'Content-Length: [len]',
    ])
      .map((l) => l.replaceAll('[from_user]', opts.key))
      .join('\n');
  const ack = (cseq: number, to: string) =>
    uacHead('ACK', cseq, ['Content-Length: 0'])
      .map((l) => (l.startsWith('To:') ? to : l.replaceAll('[from_user]', opts.key)))
      .join('\n');
  const auth = `[authentication username=${opts.key} password=${opts.password}]`;
  return [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu seat credentials caller">',
    `  <send retrans="500"><![CDATA[\n\n${head(1, [])}\n\n${offer.join('\n')}\n]]></send>`,
    '  <recv response="100" optional="true"/>',
    '  <recv response="407" auth="true"/>',
    `  <send><![CDATA[\n\n${ack(1, 'To: <sip:[service]@[remote_ip]>[peer_tag_param]')}\n\n]]></send>`,
    `  <send retrans="500"><![CDATA[\n\n${head(2, [auth])}\n\n${offer.join('\n')}\n]]></send>`,
    '  <recv response="100" optional="true"/>',
    '  <recv response="180" optional="true"/>',
    '  <recv response="183" optional="true"/>',
    ...[403, 404, 408, 480, 486, 503].map((code) => `  <recv response="${code}" optional="true" next="refused"/>`),
    '  <recv response="200" rrs="true"/>',
    `  <send><![CDATA[\n\n${uacInDialog('ACK', 2, opts.key)}\n\n]]></send>`,
    `  <pause milliseconds="${opts.holdMs ?? 500}"/>`,
    `  <send retrans="500"><![CDATA[\n\n${uacInDialog('BYE', 3, opts.key)}\n\n]]></send>`,
    '  <recv response="200" next="end"/>',
    '  <label id="refused"/>',
    `  <send><![CDATA[\n\n${ack(2, 'To: <sip:[service]@[remote_ip]>[peer_tag_param]')}\n\n]]></send>`,
    '  <label id="end"/>',
    '</scenario>',
  ].join('\n');
};

/**
 * A REGISTER of `user` from sipp (UAC): the challenge answered with `password`, then `expect`
 * (200 for the right password; 403 for a wrong one, as a password-guessing attack gets).
 */
export const registerScenario = (opts: { user: string; realm: string; password: string; expect: 200 | 403 }) => {
  const head = (cseq: number, extra: string[]) =>
    [
      'REGISTER sip:[remote_ip]:[remote_port] SIP/2.0',
      'Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]',
      `From: <sip:${opts.user}@${opts.realm}>;tag=[pid]reg[call_number]`,
      `To: <sip:${opts.user}@${opts.realm}>`,
      'Call-ID: [call_id]',
      `CSeq: ${cseq} REGISTER`,
      `Contact: <sip:${opts.user}@[local_ip]:[local_port]>`,
      'Expires: 60',
      'Max-Forwards: 70',
      ...extra,
      'Content-Length: 0',
    ].join('\n');
  return [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu register">',
    // Repeated after 2 s, not sipp's 0.5 s: a busy machine's slow answer is not a second attempt
    // (a REGISTER is answered statelessly, so a repeat of a wrong password counts again).
    `  <send retrans="2000"><![CDATA[\n\n${head(1, [])}\n\n]]></send>`,
    '  <recv response="401" auth="true"/>',
    `  <send retrans="2000"><![CDATA[\n\n${head(2, [`[authentication username=${opts.user} password=${opts.password}]`])}\n\n]]></send>`,
    `  <recv response="${opts.expect}"/>`,
    '</scenario>',
  ].join('\n');
};

/** OPTIONS pings as fast as sipp sends them (a flood for pike); any answer or none is taken. */
export const optionsFloodScenario = () =>
  [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu flood">',
    `  <send><![CDATA[\n\n${uacHead('OPTIONS', 1, ['Content-Length: 0']).join('\n').replace('[service]@', '').replaceAll('[from_user]', 'flood')}\n\n]]></send>`,
    '  <recv response="200" optional="true" next="end"/>',
    '  <recv response="403"/>',
    '  <label id="end"/>',
    '</scenario>',
  ].join('\n');

/** A carrier's registrar (sipp UAS): challenges the REGISTER (401, `realm`), then accepts it. */
export const registrarScenario = (realm: string) => {
  const answer = (status: string, extra: string[]) => `  <send><![CDATA[

SIP/2.0 ${status}
[last_Via:]
[last_From:]
[last_To:];tag=[pid]reg[call_number]
[last_Call-ID:]
[last_CSeq:]
${extra.join('\n')}
Content-Length: 0

]]></send>`;
  return [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu carrier registrar">',
    '  <recv request="REGISTER"/>',
    answer('401 Unauthorized', [
      `WWW-Authenticate: Digest realm="${realm}", nonce="[pid]reg[call_number]", algorithm=MD5`,
    ]),
    '  <recv request="REGISTER"/>',
    answer('200 OK', ['[last_Contact:];expires=600', 'Expires: 600']),
    '</scenario>',
  ].join('\n');
};
