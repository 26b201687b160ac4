import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../paths.js';
import { freeSippMediaBase, freeUdpPort, isUdpFree, lostPortRace } from './sip.ports.js';
import { fileLogger, startTiedProcess, superviseProcess, type TProcessLogger } from './sip.process.js';

/**
 * The development carrier for soft-phone lines (模拟运营商): when no trunk is configured, Debian's
 * sipp (sip-tester) runs as a UAS and Kamailio sends telephone numbers to it as to a real trunk,
 * so a soft-phone call to a customer takes the carrier path (caller ID, PCMA through the media
 * gateway, recording, the record and its charge). What the "customer" does follows the number's
 * last digit (devCarrierOutcomeOf, README.md); an answered one speaks deploy/carrier-simulator/
 * speech-zh.wav in a loop and hangs up himself after `hangUpAfterMs` if the agent has not.
 * Nothing here is a real carrier: the logs and README name it 模拟运营商.
 */

export type TDevCarrierOutcome = 'answer' | 'busy' | 'no_answer' | 'unavailable' | 'not_found';

/**
 * Last digit → what the simulated customer does; any other digit answers (six in ten, as the
 * call-back line's simulator connects). These leave the first customer in 我的客户 of every demo
 * soft-phone agent answering: a first try connects.
 */
export const devCarrierRule: Record<string, Exclude<TDevCarrierOutcome, 'answer'>> = {
  '5': 'unavailable',
  '6': 'no_answer',
  '8': 'busy',
  '9': 'not_found',
};

export const devCarrierOutcomeOf = (number: string): TDevCarrierOutcome => devCarrierRule[number.slice(-1)] ?? 'answer';

const outcomeNames: Record<Exclude<TDevCarrierOutcome, 'answer'>, string> = {
  no_answer: '无人接听',
  unavailable: '无法接通',
  busy: '占线',
  not_found: '空号',
};

/** The rule in words, for the start's log line (README.md says the same). */
export const devCarrierRuleText = () =>
  `号码尾数 ${Object.entries(devCarrierRule)
    .map(([digit, outcome]) => `${digit} ${outcomeNames[outcome]}`)
    .join('、')}，其余接听并播放语音`;

/** The speech an answered customer plays: 8 kHz G.711 A-law (made by make-speech.mjs beside it). */
export const devCarrierSpeechPath = path.join(repoRoot, 'deploy/carrier-simulator/speech-zh.wav');

/** Why the simulator cannot run here, or null when it can. */
export const sipCarrierSimulatorMissing = (): string | null => {
  const version = spawnSync('sipp', ['-v'], { encoding: 'utf8' });
  return version.error ? '未安装 sipp（sip-tester，运行 scripts/ensure-kamailio.sh）' : null;
};

/** The A-law samples of a WAV in G.711 A-law (format 6), which sipp's rtp_stream plays raw. */
export const alawSamplesOf = (wav: Buffer): Buffer => {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('模拟运营商的语音不是 WAV 文件');
  }
  let format: number | null = null;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') format = wav.readUInt16LE(at + 8);
    if (id === 'data') {
      if (format !== 6 || wav.readUInt32LE(24) !== 8000) throw new Error('模拟运营商的语音应为 8 kHz A-law WAV');
      return wav.subarray(at + 8, at + 8 + size);
    }
    at += 8 + size + (size & 1);
  }
  throw new Error('模拟运营商的语音没有 data 段');
};

/**
 * A reply to the request sipp received last, with our To tag. A final reply to an INVITE is sent
 * again every 500 ms (doubling) until its ACK comes, as RFC 3261 wants of a UAS over UDP.
 */
const replyTo = (status: string, extra: string[] = [], body = '') =>
  [
    /^[2-6]/.test(status) ? '  <send retrans="500"><![CDATA[' : '  <send><![CDATA[',
    '',
    `SIP/2.0 ${status}`,
    '[last_Via:]',
    '[last_Record-Route:]',
    '[last_From:]',
    '[last_To:];tag=[pid]sim[call_number]',
    '[last_Call-ID:]',
    '[last_CSeq:]',
    ...extra,
    ...(body ? ['Content-Type: application/sdp', 'Content-Length: [len]', '', body] : ['Content-Length: 0', '', '']),
    ']]></send>',
  ].join('\n');

/** PCMA only: the gateway transcodes the browser's Opus to it, as for a real carrier. */
const sdpAnswer = [
  'v=0',
  'o=carrier-simulator 1 1 IN IP4 [local_ip]',
  's=-',
  'c=IN IP4 [media_ip]',
  't=0 0',
  'm=audio [rtpstream_audio_port] RTP/AVP 8',
  'a=rtpmap:8 PCMA/8000',
  'a=ptime:20',
  'a=sendrecv',
  '',
].join('\n');

const contact = 'Contact: <sip:carrier-simulator@[local_ip]:[local_port];transport=[transport]>';

/** The outcomes that end the call with a final refusal after a moment: the reply and sipp's variable. */
const refusals: { outcome: TDevCarrierOutcome; variable: string; reply: string }[] = [
  { outcome: 'busy', variable: 'busy', reply: '486 Busy Here' },
  { outcome: 'unavailable', variable: 'off', reply: '480 Temporarily Unavailable' },
  { outcome: 'not_found', variable: 'absent', reply: '404 Not Found' },
];

/**
 * sipp's scenario (UAS): a busy number 100, then 486 after `busyMs`, an unavailable one 480 and an
 * unknown one 404 alike;
 * otherwise 180 at once, then 200 with PCMA after `ringMs`, the speech streamed until a BYE, a re-INVITE
 * (hold) answered alike; a number that never answers rings until CANCEL (the caller's or Kamailio's
 * ring timeout), answered 200 and 487 as a phone would.
 */
export const devCarrierScenario = (opts: {
  speech: string;
  ringMs: number;
  busyMs: number;
  hangUpAfterMs: number;
}): string => {
  const endsWith = (outcome: TDevCarrierOutcome) =>
    Object.entries(devCarrierRule)
      .filter(([, o]) => o === outcome)
      .map(([digit]) => digit)
      .join('');
  const test = (outcome: TDevCarrierOutcome, variable: string) =>
    `      <ereg regexp="^INVITE sip:[+]?[0-9]*[${endsWith(outcome)}]@" search_in="msg" assign_to="${variable}"/>`;
  const inDialog = (method: string, cseq: string) =>
    [
      '  <send retrans="500"><![CDATA[',
      '',
      `${method} [next_url] SIP/2.0`,
      'Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]',
      '[routes]',
      'From: [$callee];tag=[pid]sim[call_number]',
      'To: [$caller]',
      'Call-ID: [call_id]',
      `CSeq: ${cseq}`,
      'Max-Forwards: 70',
      'Content-Length: 0',
      '',
      ']]></send>',
    ].join('\n');
  const trying = replyTo('100 Trying').replace('[last_To:];tag=[pid]sim[call_number]', '[last_To:]');
  return [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<scenario name="yunhu development carrier (模拟运营商)">',
    '  <recv request="INVITE" crlf="true" rrs="true">',
    '    <action>',
    test('no_answer', 'noanswer'),
    ...refusals.map((r) => test(r.outcome, r.variable)),
    // The INVITE's Vias and CSeq for the 487 after a CANCEL (the last message then is the CANCEL).
    '      <ereg regexp="Via:[^[:cntrl:]]*([[:cntrl:]]+Via:[^[:cntrl:]]*)*" search_in="msg" assign_to="vias"/>',
    '      <ereg regexp=".*" search_in="hdr" header="CSeq:" assign_to="icseq"/>',
    // Who is who, for the customer's own BYE.
    '      <ereg regexp=".*" search_in="hdr" header="From:" assign_to="caller"/>',
    '      <ereg regexp=".*" search_in="hdr" header="To:" assign_to="callee"/>',
    '    </action>',
    '  </recv>',
    // A message sipp does not expect at the step it is on aborts the call (a CANCEL then gets no
    // 487), so every reply is followed at once by the receive that takes what may come next.
    ...refusals.map((r) => `  <nop next="${r.variable}" test="${r.variable}"/>`),
    '  <nop next="ringing" test="noanswer"/>',
    replyTo('180 Ringing', [contact]),
    `  <recv request="CANCEL" timeout="${opts.ringMs}" ontimeout="answer" next="cancelled"/>`,
    '  <label id="ringing"/>',
    replyTo('180 Ringing', [contact]),
    '  <recv request="CANCEL" next="cancelled"/>',
    '  <label id="answer"/>',
    replyTo('200 OK', [contact], sdpAnswer),
    `  <recv request="ACK"><action><exec rtp_stream="${opts.speech},-1,8"/></action></recv>`,
    '  <label id="talk"/>',
    `  <recv request="INVITE" optional="true" next="reinvite" timeout="${opts.hangUpAfterMs}" ontimeout="hangup"/>`,
    '  <recv request="BYE"/>',
    replyTo('200 OK').replace('[last_Record-Route:]\n', '').replace(' retrans="500"', ''),
    '  <nop next="end"/>',
    '  <label id="reinvite"/>',
    replyTo('200 OK', [contact], sdpAnswer),
    '  <recv request="ACK" next="talk"/>',
    '  <label id="hangup"/>',
    inDialog('BYE', '1 BYE'),
    '  <recv response="200" next="end"/>',
    ...refusals.flatMap((r) => [
      `  <label id="${r.variable}"/>`,
      trying,
      `  <recv request="CANCEL" timeout="${opts.busyMs}" ontimeout="${r.variable}reply" next="cancelled"/>`,
      `  <label id="${r.variable}reply"/>`,
      replyTo(r.reply),
      '  <recv request="ACK" next="end"/>',
    ]),
    '  <label id="cancelled"/>',
    replyTo('200 OK').replace('[last_Record-Route:]\n', '').replace(' retrans="500"', ''),
    [
      '  <send retrans="500"><![CDATA[',
      '',
      'SIP/2.0 487 Request Terminated',
      '[$vias]',
      '[last_From:]',
      '[last_To:];tag=[pid]sim[call_number]',
      '[last_Call-ID:]',
      'CSeq: [$icseq]',
      'Content-Length: 0',
      '',
      ']]></send>',
    ].join('\n'),
    '  <recv request="ACK"/>',
    '  <label id="end"/>',
    '</scenario>',
    '',
  ].join('\n');
};

export type TSipCarrierSimulator = {
  /** The trunk address for Kamailio (SIP_TRUNK_ADDR's form): 127.0.0.1:<port>;transport=udp. */
  address: string;
  sipPort: number;
  dir: string;
  /** The sipp running now: started again on the same port whenever it dies. */
  pid: () => number | undefined;
  /** sipp's output; with `isTraced`, every message it sent and received. */
  log: () => string;
  stop: () => Promise<void>;
};

export type TSipCarrierSimulatorOptions = {
  /** The answered customer hangs up himself after this long (ms). */
  hangUpAfterMs?: number;
  /** How long an answering number rings first, and a busy or unknown one takes to say so (ms). */
  ringMs?: number;
  busyMs?: number;
  /** Every SIP message into messages.log (tests); otherwise only sipp's errors. */
  isTraced?: boolean;
  /** Where its restarts are logged (the server's logger); its log file when absent. */
  logger?: TProcessLogger;
};

const startOnce = async (opts: TSipCarrierSimulatorOptions): Promise<TSipCarrierSimulator> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-carrier-sim-'));
  const speech = path.join(dir, 'speech.al');
  fs.writeFileSync(speech, alawSamplesOf(fs.readFileSync(devCarrierSpeechPath)));
  const scenario = path.join(dir, 'carrier.xml');
  fs.writeFileSync(
    scenario,
    devCarrierScenario({
      speech,
      ringMs: opts.ringMs ?? 3000,
      busyMs: opts.busyMs ?? 1500,
      hangUpAfterMs: opts.hangUpAfterMs ?? 120_000,
    }),
  );
  const sipPort = await freeUdpPort();
  const mediaPort = await freeSippMediaBase();
  const args = ['-sf', scenario, '-i', '127.0.0.1', '-p', String(sipPort), '-t', 'u1', '-nostdin'];
  args.push('-mi', '127.0.0.1', '-mp', String(mediaPort));
  // 200 to an INFO (a key the agent presses), UPDATE or OPTIONS at any step: without it sipp takes
  // one in the middle of a call as unexpected and aborts the call.
  args.push('-aa');
  args.push('-trace_err', '-error_file', path.join(dir, 'errors.log'));
  if (opts.isTraced) args.push('-trace_msg', '-message_file', path.join(dir, 'messages.log'));
  const logPath = path.join(dir, 'sipp.log');
  const start = () => startTiedProcess('sipp', args, { cwd: dir, logPath });
  const sipp = start();
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const log = () => `${sipp.log()}${read(path.join(dir, 'errors.log'))}${read(path.join(dir, 'messages.log'))}`;
  const stopFirst = async () => {
    await sipp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Ready once its SIP port is taken (sipp says nothing before its first message).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (sipp.hasExited()) {
      const output = log();
      await stopFirst();
      throw new Error(`模拟运营商（sipp）启动失败：${output.slice(-2000)}`);
    }
    if (!(await isUdpFree(sipPort))) break;
    if (Date.now() > deadline) {
      const output = log();
      await stopFirst();
      throw new Error(`模拟运营商（sipp）未在 10 秒内开始监听：${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // Like Kamailio and rtpengine: one that dies is started again on the same port, which Kamailio's
  // trunk list names; the calls it carried are lost, as a carrier's outage loses them.
  const supervised = superviseProcess('carrier-simulator', sipp, start, { logger: opts.logger ?? fileLogger(logPath) });
  return {
    address: `127.0.0.1:${sipPort};transport=udp`,
    sipPort,
    dir,
    pid: () => supervised.current().pid,
    log,
    stop: async () => {
      await supervised.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * Starts the development carrier on a free loopback port, tied to this process's life like
 * Kamailio and rtpengine. Ports are found free, then bound by sipp: a gateway starting beside it
 * may take one in between, so a start that lost that race is tried again with fresh ones.
 */
export const startSipCarrierSimulator = async (
  opts: TSipCarrierSimulatorOptions = {},
): Promise<TSipCarrierSimulator> => {
  const missing = sipCarrierSimulatorMissing();
  if (missing) throw new Error(missing);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (error) {
      if (attempt >= 4 || !(error instanceof Error && lostPortRace(error.message))) throw error;
    }
  }
};
