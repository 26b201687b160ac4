import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { alaw, reply, spawnSipp } from './sip.kamailio-sipp.test-kit.js';

/**
 * Many calls at once through sipp (Debian's sip-tester), both ends playing audio: agents (one sipp
 * UAS answering for every key registered to it), a desk phone (a sipp UAC calling one key per call
 * from an injection file), and what sipp counted (per-message counts, response times). Used by
 * bench/telephony-capacity.bench.ts and sip.kamailio-events.test.ts.
 */

/**
 * A pcap of `seconds` of PCMA RTP (payload type 8, 20 ms a packet, Ethernet/IPv4/UDP) for sipp's
 * play_pcap_audio, which sends each packet at its capture time to the SDP's address: a tone
 * gliding between 300 and 900 Hz, so a recording of it is never silent.
 */
export const writePcmaPcap = (file: string, seconds: number) => {
  const packets = Math.ceil((seconds * 1000) / 20);
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(65535, 16);
  header.writeUInt32LE(1, 20);
  const chunks = [header];
  let phase = 0;
  for (let n = 0; n < packets; n++) {
    const rtp = Buffer.alloc(12 + 160);
    rtp[0] = 0x80;
    rtp[1] = n === 0 ? 0x88 : 8;
    rtp.writeUInt16BE(n & 0xffff, 2);
    rtp.writeUInt32BE(n * 160, 4);
    rtp.writeUInt32BE(0x5eed, 8);
    for (let i = 0; i < 160; i++) {
      const t = (n * 160 + i) / 8000;
      phase += (2 * Math.PI * (600 + 300 * Math.sin(2 * Math.PI * 0.5 * t))) / 8000;
      rtp[12 + i] = alaw(Math.round(6000 * Math.sin(phase)));
    }
    const udp = Buffer.alloc(8);
    udp.writeUInt16BE(6000, 0);
    udp.writeUInt16BE(6002, 2);
    udp.writeUInt16BE(8 + rtp.length, 4);
    const ip = Buffer.alloc(20);
    ip[0] = 0x45;
    ip.writeUInt16BE(20 + 8 + rtp.length, 2);
    ip[8] = 64;
    ip[9] = 17;
    Buffer.from([127, 0, 0, 1]).copy(ip, 12);
    Buffer.from([127, 0, 0, 1]).copy(ip, 16);
    const ether = Buffer.alloc(14);
    ether.writeUInt16BE(0x0800, 12);
    const frame = Buffer.concat([ether, ip, udp, rtp]);
    const record = Buffer.alloc(16);
    const micros = n * 20_000;
    record.writeUInt32LE(1_700_000_000 + Math.floor(micros / 1e6), 0);
    record.writeUInt32LE(micros % 1e6, 4);
    record.writeUInt32LE(frame.length, 8);
    record.writeUInt32LE(frame.length, 12);
    chunks.push(record, frame);
  }
  fs.writeFileSync(file, Buffer.concat(chunks));
};

const offer = (origin: string) =>
  [
    'v=0',
    `o=${origin} 1 1 IN IP4 [media_ip]`,
    's=-',
    'c=IN IP4 [media_ip]',
    't=0 0',
    'm=audio [media_port] RTP/AVP 8 101',
    'a=rtpmap:8 PCMA/8000',
    'a=rtpmap:101 telephone-event/8000',
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\n');

/**
 * Registers the key of each line of the injection file ([field0]; [field1] its sipp credentials,
 * `[authentication username=<key> password=<password>]`: sipp takes no field inside them) with
 * `contact` (the agents' sipp, host:port) as where its calls go, for an hour.
 */
export const registerKeysScenario = (opts: { realm: string; contact: string }) => {
  const head = (cseq: number, extra: string[]) =>
    [
      'REGISTER sip:[remote_ip]:[remote_port] SIP/2.0',
      'Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]',
      `From: <sip:[field0]@${opts.realm}>;tag=[pid]reg[call_number]`,
      `To: <sip:[field0]@${opts.realm}>`,
      'Call-ID: [call_id]',
      `CSeq: ${cseq} REGISTER`,
      `Contact: <sip:[field0]@${opts.contact}>`,
      'Expires: 3600',
      'Max-Forwards: 70',
      ...extra,
      'Content-Length: 0',
    ].join('\n');
  return [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu agents register">',
    `  <send retrans="500"><![CDATA[\n\n${head(1, [])}\n\n]]></send>`,
    '  <recv response="401" auth="true"/>',
    `  <send retrans="500"><![CDATA[\n\n${head(2, ['[field1]'])}\n\n]]></send>`,
    '  <recv response="200"/>',
    '</scenario>',
  ].join('\n');
};

/**
 * The agents (UAS): every INVITE answered at once with PCMA, `pcap` played toward the caller from
 * the ACK until the caller's BYE, which is answered 200.
 */
export const answerCallsScenario = (opts: { pcap: string }) =>
  [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu agents answer">',
    '  <recv request="INVITE" crlf="true" rrs="true"/>',
    reply('100 Trying'),
    reply('200 OK', ['Contact: <sip:agent@[local_ip]:[local_port];transport=[transport]>'], offer('agent')),
    '  <recv request="ACK"/>',
    `  <nop><action><exec play_pcap_audio="${opts.pcap}"/></action></nop>`,
    '  <recv request="BYE"/>',
    reply('200 OK'),
    '</scenario>',
  ].join('\n');

/**
 * The desk phone (UAC): calls [field0] of the injection file with a PCMA offer, plays `pcap` from
 * the answer, hangs up after `holdMs`. Response time 1 is the set-up (INVITE → 200), 2 the hang-up
 * (BYE → 200); the call counts as failed unless both got their 200.
 */
export const callKeysScenario = (opts: { holdMs: number; pcap: string }) => {
  const inDialog = (method: string, cseq: number) =>
    [
      `${method} [next_url] SIP/2.0`,
      'Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]',
      '[routes]',
      'From: <sip:[field1]@[local_ip]>;tag=[pid]desk[call_number]',
      'To: <sip:[field0]@[remote_ip]>[peer_tag_param]',
      'Call-ID: [call_id]',
      `CSeq: ${cseq} ${method}`,
      'Max-Forwards: 70',
      'Content-Length: 0',
    ].join('\n');
  const invite = [
    'INVITE sip:[field0]@[remote_ip]:[remote_port] SIP/2.0',
    'Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]',
    'From: <sip:[field1]@[local_ip]>;tag=[pid]desk[call_number]',
    'To: <sip:[field0]@[remote_ip]>',
    'Call-ID: [call_id]',
    'CSeq: 1 INVITE',
    'Contact: <sip:[field1]@[local_ip]:[local_port]>',
    'Max-Forwards: 70',
    'Content-Type: application/sdp',
    'Content-Length: [len]',
    '',
    offer('desk'),
  ].join('\n');
  return [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu desk calls">',
    `  <send retrans="500" start_rtd="1"><![CDATA[\n\n${invite}]]></send>`,
    '  <recv response="100" optional="true"/>',
    '  <recv response="180" optional="true"/>',
    '  <recv response="183" optional="true"/>',
    '  <recv response="200" rrs="true" rtd="1"/>',
    `  <send><![CDATA[\n\n${inDialog('ACK', 1)}\n\n]]></send>`,
    `  <nop><action><exec play_pcap_audio="${opts.pcap}"/></action></nop>`,
    `  <pause milliseconds="${opts.holdMs}"/>`,
    `  <send retrans="500" start_rtd="2"><![CDATA[\n\n${inDialog('BYE', 2)}\n\n]]></send>`,
    '  <recv response="200" rtd="2"/>',
    '</scenario>',
  ].join('\n');
};

export type TSippRun = {
  dir: string;
  /** Resolves with sipp's exit code when it has run its calls (0: every call as the scenario says). */
  done: Promise<number | null>;
  /** Per scenario message, sipp's counters (messages sent, retransmitted, received, timed out…). */
  counts: () => Record<string, number>;
  /** Response times in ms of rtd `n` (sipp's -trace_rtt), one per call that reached it. */
  responseTimes: (n: number) => number[];
  stderr: () => string;
  stop: () => Promise<void>;
};

/**
 * Runs sipp with `scenario` and `args` in a folder of its own (spawnSipp; injection file `csv` when
 * given), with per-message counts and response times written there.
 */
export const runSipp = (opts: { scenario: string; args: string[]; csv?: string }): TSippRun => {
  const sipp = spawnSipp(opts.scenario, ({ scenario, dir }) => {
    const args = ['-sf', scenario, ...opts.args, '-nostdin', '-fd', '1'];
    args.push('-trace_counts', '-trace_rtt', '-rtt_freq', '1');
    if (opts.csv !== undefined) {
      fs.writeFileSync(path.join(dir, 'fields.csv'), opts.csv);
      args.push('-inf', path.join(dir, 'fields.csv'));
    }
    return args;
  });
  const { dir } = sipp;
  const fileEnding = (ending: string) => {
    const name = fs.readdirSync(dir).find((f) => f.endsWith(ending));
    return name ? fs.readFileSync(path.join(dir, name), 'utf8') : '';
  };
  return {
    dir,
    done: sipp.exit,
    counts: () => {
      // scenario_<pid>_counts.csv: a header row of <index>_<message>_<counter> names, then rows.
      const lines = fileEnding('_counts.csv').trim().split('\n');
      if (lines.length < 2) return {};
      const names = lines[0]!.split(';');
      const values = lines[lines.length - 1]!.split(';');
      return Object.fromEntries(names.map((n, i) => [n, Number(values[i] ?? 0)]));
    },
    responseTimes: (n) =>
      fileEnding('_rtt.csv')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(';'))
        .filter((f) => Number(f[2]) === n || f[2] === `rtd${n}`)
        .map((f) => Number(f[1])),
    stderr: sipp.errors,
    stop: sipp.stop,
  };
};

/** A key an agent registers with, and its digest password. */
export type TSipKey = { key: string; password: string };

/** registerKeysScenario's injection file: each key with its sipp credentials. */
export const keysCsv = (keys: TSipKey[]) =>
  `SEQUENTIAL\n${keys.map((k) => `${k.key};[authentication username=${k.key} password=${k.password}]`).join('\n')}\n`;

/**
 * The agents' desk phones: one sipp at `ip:port` answering every call with `pcap` (its media on
 * port + 2), each of `keys` registered there with the Kamailio at `sipPort` (`rate` registrations
 * a second when given). Answers the answering sipp once every key is registered; throws otherwise.
 */
export const startAnsweringKeys = async (opts: {
  sipPort: number;
  realm: string;
  keys: TSipKey[];
  ip: string;
  port: number;
  pcap: string;
  rate?: number;
}): Promise<TSippRun> => {
  const { ip, port } = opts;
  const agents = runSipp({
    scenario: answerCallsScenario({ pcap: opts.pcap }),
    args: ['-i', ip, '-p', String(port), '-t', 'u1', '-mi', ip, '-mp', String(port + 2)],
  });
  const register = runSipp({
    scenario: registerKeysScenario({ realm: opts.realm, contact: `${ip}:${port}` }),
    csv: keysCsv(opts.keys),
    args: [`127.0.0.1:${opts.sipPort}`, '-i', ip, '-p', '0', '-t', 'u1', '-m', String(opts.keys.length)].concat(
      opts.rate ? ['-r', String(opts.rate)] : [],
    ),
  });
  const code = await register.done;
  const counts = register.counts();
  await register.stop();
  if (code !== 0) {
    await agents.stop();
    throw new Error(`registration of ${opts.keys.length} keys failed (sipp ${code}): ${JSON.stringify(counts)}`);
  }
  return agents;
};

/** A post Kamailio made to the stand-in server: its path and form fields, and the server's ok to send now, later or never. */
export type TStandInPost = { path: string; fields: URLSearchParams; answer: () => void; res: http.ServerResponse };

/**
 * The request handler of a stand-in for the server, for tests of the SIP edge alone: refuses a
 * wrong secret, answers the digest look-ups (/internal/sip/ha1) of `keys`, and hands every other
 * post to `onPost`.
 */
export const standInHandler =
  (opts: {
    secret: string;
    realm: string;
    keys: TSipKey[];
    onPost: (post: TStandInPost) => void;
  }): http.RequestListener =>
  (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.headers['x-sip-secret'] !== opts.secret) return void res.writeHead(403).end();
    if (url.pathname === '/internal/sip/ha1') {
      const user = opts.keys.find((k) => k.key === url.searchParams.get('user'));
      if (!user) return void res.writeHead(404).end();
      return void res.end(crypto.createHash('md5').update(`${user.key}:${opts.realm}:${user.password}`).digest('hex'));
    }
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      const answer = () => res.end(JSON.stringify({ code: 0, msg: 'ok', data: null }));
      opts.onPost({ path: url.pathname, fields: new URLSearchParams(body), answer, res });
    });
  };
