// The media gateway's CPU for N concurrent recorded calls: rtpengine in user space
// (as the product starts it: --table=-1, two threads) anchors N calls shaped like a browser agent's
// call to a carrier: the carrier side sends PCMA, the gateway transcodes it to Opus toward the
// "browser" side, which sends Opus back (what it received, under its own SSRC), transcoded to PCMA
// toward the carrier; 50 packets a second each way, as real calls. Each N is measured with the
// gateway capturing every call (--recording-method=pcap, record-call) and, as the floor in the same
// run, without recording. CPU = rtpengine's utime + stime (/proc/<pid>/stat) over a 10 s window
// after the calls settle, as a share of one core; calls per core = N / that share. The recordings'
// conversion to WAV (in the server, after the call) is timed apart: one 60 s call's capture.
// No SRTP here (the browser legs' DTLS-SRTP adds its cipher on top; Opus transcoding dominates).
// Usage: node --import tsx bench/recording.bench.ts   (BENCH_CALLS=10,20,40 BENCH_WINDOW_S=10)
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGatewayRecordings, gatewayCaptureDir } from '../apps/server/src/modules/telephony/recording.gateway.js';
import {
  startRtpengine,
  type TBencode,
  type TRtpengine,
} from '../apps/server/src/modules/telephony/sip.kamailio-rtpengine.js';

const counts = (process.env.BENCH_CALLS ?? '10,20,40').split(',').map(Number);
const windowS = Number(process.env.BENCH_WINDOW_S ?? 10);
const ticks = 100; // USER_HZ: /proc/<pid>/stat counts CPU in 1/100 s.

const cpuOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
};

const alawSilenceish = Buffer.from(Array.from({ length: 160 }, (_, i) => (i % 2 ? 0xd5 : 0x55) ^ (i % 7)));

type TCall = { close: () => void; tick: () => void };

const openCall = async (gateway: TRtpengine, id: string, isRecorded: boolean): Promise<TCall> => {
  const carrier = dgram.createSocket('udp4');
  const browser = dgram.createSocket('udp4');
  await new Promise<void>((r) => carrier.bind(0, '127.0.0.1', r));
  await new Promise<void>((r) => browser.bind(0, '127.0.0.1', r));
  const sdp = (port: number, body: string) =>
    `v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n${body.replace('PORT', String(port))}a=sendrecv\r\n`;
  const command = (m: Record<string, TBencode>) => gateway.command(m) as Promise<Record<string, TBencode>>;
  const offer = await command({
    command: 'offer',
    'call-id': id,
    'from-tag': 'carrier',
    sdp: sdp(carrier.address().port, 'm=audio PORT RTP/AVP 8\r\na=rtpmap:8 PCMA/8000\r\n'),
    ...(isRecorded ? { 'record call': 'yes' } : {}),
    codec: { mask: ['all'], transcode: ['opus'] },
  });
  const opusPt = Number(/a=rtpmap:(\d+) opus/.exec(String(offer.sdp))![1]);
  const toBrowserSide = Number(/m=audio (\d+)/.exec(String(offer.sdp))![1]);
  const answer = await command({
    command: 'answer',
    'call-id': id,
    'from-tag': 'carrier',
    'to-tag': 'browser',
    sdp: sdp(browser.address().port, `m=audio PORT RTP/AVP ${opusPt}\r\na=rtpmap:${opusPt} opus/48000/2\r\n`),
  });
  const toCarrierSide = Number(/m=audio (\d+)/.exec(String(answer.sdp))![1]);
  // The browser side talks back in Opus: the last frame the gateway sent it, re-sent under its own SSRC.
  let lastOpus: Buffer | null = null;
  browser.on('message', (data) => {
    if (data.length > 12 && (data[1]! & 0x7f) === opusPt)
      lastOpus = Buffer.from(data.subarray(12 + (data[0]! & 0x0f) * 4));
  });
  let seq = 0;
  const header = (pt: number, ssrc: number) => {
    const h = Buffer.alloc(12);
    h[0] = 0x80;
    h[1] = pt;
    h.writeUInt16BE(seq & 0xffff, 2);
    h.writeUInt32BE((seq * (pt === 8 ? 160 : 960)) >>> 0, 4);
    h.writeUInt32BE(ssrc, 8);
    return h;
  };
  return {
    tick: () => {
      seq++;
      carrier.send(Buffer.concat([header(8, 0xc0ffee), alawSilenceish]), toCarrierSide, '127.0.0.1');
      if (lastOpus) browser.send(Buffer.concat([header(opusPt, 0xb0b), lastOpus]), toBrowserSide, '127.0.0.1');
    },
    close: () => {
      void command({ command: 'delete', 'call-id': id, 'from-tag': 'carrier' }).catch(() => undefined);
      carrier.close();
      browser.close();
    },
  };
};

const measure = async (n: number, isRecorded: boolean) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-recbench-'));
  const gateway = await startRtpengine({
    dir,
    portMin: 44000,
    portMax: 45999,
    logLevel: 4,
    recordingDir: isRecorded ? gatewayCaptureDir(dir) : null,
  });
  const pid = Number(fs.readFileSync(path.join(dir, 'rtpengine.pid'), 'utf8'));
  const calls: TCall[] = [];
  for (let i = 0; i < n; i++)
    calls.push(await openCall(gateway, `bench-${isRecorded ? 'r' : 'p'}-${n}-${i}`, isRecorded));
  const timer = setInterval(() => {
    for (const c of calls) c.tick();
  }, 20);
  await new Promise((r) => setTimeout(r, 2000));
  const cpu0 = cpuOf(pid);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, windowS * 1000));
  const share = (cpuOf(pid) - cpu0) / ((performance.now() - t0) / 1000);
  clearInterval(timer);
  for (const c of calls) c.close();
  await new Promise((r) => setTimeout(r, 300));
  const pcapBytes = isRecorded
    ? fs
        .readdirSync(path.join(gatewayCaptureDir(dir), 'pcaps'))
        .reduce((sum, f) => sum + fs.statSync(path.join(gatewayCaptureDir(dir), 'pcaps', f)).size, 0)
    : 0;
  await gateway.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  return { share, pcapBytes };
};

/** One recorded 60 s call's capture turned into the stereo WAV (the server's work after the call). */
const conversion = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-recbench-'));
  const gateway = await startRtpengine({
    dir,
    portMin: 46000,
    portMax: 46999,
    logLevel: 4,
    recordingDir: gatewayCaptureDir(dir),
  });
  const call = await openCall(gateway, 'bench-convert', true);
  // 60 s of packets (their timestamps say 60 s) sent ten times faster than real time.
  for (let i = 0; i < 3000; i++) {
    call.tick();
    if (i % 5 === 4) await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 500));
  call.close();
  const recordings = createGatewayRecordings({ dir: gatewayCaptureDir(dir), logger: { warn: () => undefined } });
  // The capture is complete once its metadata is in metadata/ (what collect() waits for).
  const meta = path.join(gatewayCaptureDir(dir), 'metadata');
  while (!fs.existsSync(meta) || fs.readdirSync(meta).length === 0) await new Promise((r) => setTimeout(r, 50));
  const t0 = performance.now();
  const result = await recordings.collect('bench-convert', 5000);
  const ms = performance.now() - t0;
  await gateway.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  return { ms, seconds: typeof result === 'string' ? 0 : result.seconds };
};

console.log(`rtpengine CPU, ${windowS} s windows, calls PCMA (carrier) <-> Opus (browser side), 50 pps each way`);
console.log(
  'calls | recorded: CPU (cores) | calls/core | not recorded (floor): CPU | calls/core | capture MB/call-min',
);
for (const n of counts) {
  const floor = await measure(n, false);
  const rec = await measure(n, true);
  const mbPerCallMin = rec.pcapBytes / 1e6 / n / ((windowS + 2.3) / 60);
  console.log(
    `${String(n).padStart(5)} | ${rec.share.toFixed(3).padStart(21)} | ${(n / rec.share).toFixed(0).padStart(10)} | ${floor.share.toFixed(3).padStart(25)} | ${(n / floor.share).toFixed(0).padStart(10)} | ${mbPerCallMin.toFixed(2)}`,
  );
}
const conv = await conversion();
console.log(
  `conversion of one call's capture to stereo WAV: ${conv.ms.toFixed(0)} ms for ${conv.seconds.toFixed(1)} s of audio`,
);
