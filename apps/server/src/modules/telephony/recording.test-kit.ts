import fs from 'node:fs';
import path from 'node:path';
import { captureNameOf, gatewayCaptureDir } from './recording.gateway.js';

/**
 * Synthetic gateway captures for the recording tests (recording.pcap.test.ts, the start-up sweep):
 * G.711 tones as RTP packets in a pcap, and the metadata rtpengine writes beside it.
 */

/** G.711 µ-law of a 16-bit sample. */
const ulaw = (sample: number) => {
  const sign = sample < 0 ? 0x80 : 0;
  let s = Math.min(Math.abs(sample), 32635) + 0x84;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  s = ~(sign | (exponent << 4) | mantissa) & 0xff;
  return s;
};
export const tone = (hz: number, from: number, n: number) =>
  Buffer.from(
    Array.from({ length: n }, (_, i) => ulaw(Math.round(8000 * Math.sin((2 * Math.PI * hz * (from + i)) / 8000)))),
  );
export const rtp = (pt: number, seq: number, ts: number, ssrc: number, payload: Buffer) => {
  const h = Buffer.alloc(12);
  h[0] = 0x80;
  h[1] = pt;
  h.writeUInt16BE(seq & 0xffff, 2);
  h.writeUInt32BE(ts >>> 0, 4);
  h.writeUInt32BE(ssrc >>> 0, 8);
  return Buffer.concat([h, payload]);
};

/** A pcap (raw IPv4) of UDP packets to `port` at `at` ms. */
export const pcapOf = (packets: { at: number; port: number; data: Buffer }[]) => {
  const head = Buffer.alloc(24);
  head.writeUInt32LE(0xa1b2c3d4, 0);
  head.writeUInt16LE(2, 4);
  head.writeUInt16LE(4, 6);
  head.writeUInt32LE(65535, 16);
  head.writeUInt32LE(101, 20);
  const parts: Buffer[] = [head];
  for (const p of packets) {
    const ip = Buffer.alloc(28);
    ip[0] = 0x45;
    ip.writeUInt16BE(28 + p.data.length, 2);
    ip[9] = 17;
    ip.writeUInt16BE(5000, 20);
    ip.writeUInt16BE(p.port, 22);
    ip.writeUInt16BE(8 + p.data.length, 24);
    const rec = Buffer.alloc(16);
    rec.writeUInt32LE(Math.floor(p.at / 1000), 0);
    rec.writeUInt32LE(Math.round((p.at % 1000) * 1000), 4);
    rec.writeUInt32LE(28 + p.data.length, 8);
    rec.writeUInt32LE(28 + p.data.length, 12);
    parts.push(rec, ip, p.data);
  }
  return Buffer.concat(parts);
};
export const metadataOf = (
  calleePort: number,
  callerPort: number,
  calleeCodec = '0 PCMU/8000',
  callerCodec = '0 PCMU/8000',
) =>
  [
    'SDP mode: offer',
    '',
    `v=0\nm=audio ${calleePort} RTP/AVP ${calleeCodec.split(' ')[0]}\na=rtpmap:${calleeCodec}\n`,
    'SDP mode: answer',
    '',
    `v=0\nm=audio ${callerPort} RTP/AVP ${callerCodec.split(' ')[0]}\na=rtpmap:${callerCodec}\n`,
  ].join('\n');

/**
 * The gateway's finished capture of soft-phone call `callId` in `dataDir`: the agent's 440 Hz for
 * 2 s, nothing from the customer (what the start-up sweep turns into the call's recording).
 */
export const leaveToneCapture = (dataDir: string, callId: string) => {
  const dir = gatewayCaptureDir(dataDir);
  for (const sub of ['pcaps', 'metadata', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const packets = Array.from({ length: 100 }, (_, i) => ({
    at: 1_795_000_000_000 + i * 20,
    port: 4000,
    data: rtp(0, i, i * 160, 11, tone(440, i * 160, 160)),
  }));
  const name = captureNameOf(callId);
  fs.writeFileSync(path.join(dir, 'pcaps', `${name}-0a1b2c3d4e5f6071.pcap`), pcapOf(packets));
  fs.writeFileSync(path.join(dir, 'metadata', `rtpengine-meta-${name}-0a1b2c3d4e5f6071.txt`), metadataOf(5000, 4000));
};
