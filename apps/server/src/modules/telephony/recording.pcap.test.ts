import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayRecordings, gatewayCaptureDir } from './recording.gateway.js';
import { captureToStereoWav, recordingSampleRate, stereoLevels } from './recording.pcap.js';
import { metadataOf, pcapOf, rtp, tone } from './recording.test-kit.js';
import { rtpengineMissing, startRtpengine, type TBencode, type TRtpengine } from './sip.kamailio-rtpengine.js';

/**
 * The gateway's capture as a stereo recording: rtpengine records a call whose
 * caller sends a 440 Hz tone in PCMU and whose callee sends Opus (encoded by rtpengine itself from
 * the caller's tone, then sent back by the callee under its own SSRC) with a pause; the WAV has
 * the caller's tone on the left, the callee's on the right, each at its place in time, and silence
 * where a side sent nothing. The synthetic cases check the timeline (loss, reordering).
 */
const missing = rtpengineMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';

/** Level of `hz` in samples [from, to) of one channel (Goertzel), as an amplitude. */
const toneLevel = (wav: Buffer, channel: 0 | 1, hz: number, from: number, to: number) => {
  const k = (2 * Math.cos((2 * Math.PI * hz) / recordingSampleRate)) as number;
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < to; i++) {
    const x = wav.readInt16LE(44 + i * 4 + channel * 2);
    const s0 = x + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (2 * Math.sqrt(s1 * s1 + s2 * s2 - k * s1 * s2)) / (to - from);
};

describe('a capture as a stereo recording (timeline)', () => {
  it('puts each side on its channel by RTP timestamp: a lost packet is silence, a late one lands in its place', async () => {
    const start = 1_795_000_000_000;
    const packets: { at: number; port: number; data: Buffer }[] = [];
    for (let i = 0; i < 100; i++) {
      // Caller (to port 4000): 440 Hz for 2 s, packet 50 lost, packets 20 and 21 swapped on arrival.
      if (i !== 50)
        packets.push({
          at: start + i * 20 + (i === 20 ? 20 : i === 21 ? -20 : 0),
          port: 4000,
          data: rtp(0, 7 + i, 1000 + i * 160, 11, tone(440, i * 160, 160)),
        });
      // Callee (to port 5000): 1 kHz, starting 1 s later.
      if (i >= 50)
        packets.push({
          at: start + i * 20 + 3,
          port: 5000,
          data: rtp(0, 900 + i, 77_000 + i * 160, 22, tone(1000, i * 160, 160)),
        });
    }
    packets.sort((a, b) => a.at - b.at);
    const result = await captureToStereoWav(pcapOf(packets), metadataOf(5000, 4000));
    expect(result).not.toBeNull();
    const { wav } = result!;
    expect(result!.packets).toEqual({ caller: 99, callee: 50 });
    expect(stereoLevels(wav).seconds).toBeCloseTo(2, 1);
    // Left: the caller's 440 Hz everywhere but the lost 20 ms (samples 8000-8159).
    expect(toneLevel(wav, 0, 440, 0, 8000)).toBeGreaterThan(3000);
    expect(toneLevel(wav, 0, 440, 3200, 3520)).toBeGreaterThan(3000); // the swapped pair, in place
    expect(stereoLevels(wav.subarray(0, 44 + 7900 * 4)).right).toBe(0);
    const gap = wav.subarray(44 + 8000 * 4, 44 + 8160 * 4);
    expect(Math.max(...Array.from({ length: 160 }, (_, i) => Math.abs(gap.readInt16LE(i * 4))))).toBe(0);
    // Right: the callee's 1 kHz from 1 s on, aligned by arrival (not by its own timestamps).
    expect(toneLevel(wav, 1, 1000, 8200, 15_800)).toBeGreaterThan(3000);
    expect(toneLevel(wav, 1, 440, 8200, 15_800)).toBeLessThan(200);
  });

  it('runs from the answer to the hang-up when it knows the talk: silence where no packet came, nothing from before or after', async () => {
    const answer = 1_795_000_000_000;
    const packets: { at: number; port: number; data: Buffer }[] = [];
    // Ringback before the answer, then the caller from 0.5 s after it until past the hang-up at 2 s.
    for (let i = -10; i < 110; i++) {
      if (i >= 0 && i < 25) continue;
      packets.push({
        at: answer + i * 20,
        port: 4000,
        data: rtp(0, 100 + i, 5000 + i * 160, 11, tone(440, i * 160, 160)),
      });
    }
    const result = await captureToStereoWav(pcapOf(packets), metadataOf(5000, 4000), {
      fromMs: answer,
      toMs: answer + 2000,
    });
    const { wav, seconds } = result!;
    expect(seconds).toBe(2);
    expect(stereoLevels(wav).seconds).toBe(2);
    expect(stereoLevels(wav.subarray(0, 44 + 3900 * 4)).left).toBe(0);
    expect(toneLevel(wav, 0, 440, 4100, 12_000)).toBeGreaterThan(3000);
    expect(result!.packets).toEqual({ caller: 75, callee: 0 });
    // Ringback alone, the call never talked: nothing to keep.
    const ringback = packets.filter((p) => p.at < answer);
    expect(
      await captureToStereoWav(pcapOf(ringback), metadataOf(5000, 4000), { fromMs: answer, toMs: answer + 2000 }),
    ).toBeNull();
  });

  it('converts a call of more than half an hour (as many packets as a spread argument list cannot hold)', async () => {
    const start = 1_795_000_000_000;
    const payload = tone(440, 0, 160);
    const packets = Array.from({ length: 220_000 }, (_, i) => ({
      at: start + i * 10,
      port: i % 2 ? 5000 : 4000,
      data: rtp(0, i >> 1, (i >> 1) * 160, i % 2 ? 22 : 11, payload),
    }));
    const result = await captureToStereoWav(pcapOf(packets), metadataOf(5000, 4000));
    expect(result!.packets).toEqual({ caller: 110_000, callee: 110_000 });
    expect(result!.seconds).toBeCloseTo(2200, 0);
  });

  it('gives nothing for a capture without audio', async () => {
    expect(await captureToStereoWav(pcapOf([]), metadataOf(5000, 4000))).toBeNull();
  });
});

describe.skipIf(missing !== null && !isRequired)('rtpengine captures a call (pcap, user space)', () => {
  let gateway: TRtpengine;
  let dir: string;
  const command = (m: Record<string, TBencode>) => gateway.command(m) as Promise<Record<string, TBencode>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-rec-'));
    gateway = await startRtpengine({ dir, portMin: 42000, portMax: 42999, recordingDir: gatewayCaptureDir(dir) });
  });
  afterAll(async () => {
    await gateway?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records both sides, PCMU and Opus, into the caller (left) and callee (right) channels, and deletes the capture', async () => {
    const caller = dgram.createSocket('udp4');
    const callee = dgram.createSocket('udp4');
    await new Promise<void>((r) => caller.bind(0, '127.0.0.1', r));
    await new Promise<void>((r) => callee.bind(0, '127.0.0.1', r));
    const sdp = (port: number, body: string) =>
      `v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n${body.replace('PORT', String(port))}a=sendrecv\r\n`;
    const callId = `rec-${Date.now()}`;
    const offer = await command({
      command: 'offer',
      'call-id': callId,
      'from-tag': 'caller',
      sdp: sdp(caller.address().port, 'm=audio PORT RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n'),
      'record call': 'yes',
      codec: { mask: ['all'], transcode: ['opus'] },
    });
    expect(offer.result).toBe('ok');
    expect(String(offer.sdp)).toMatch(/opus\/48000/);
    const opusPt = Number(/a=rtpmap:(\d+) opus/.exec(String(offer.sdp))![1]);
    const toCallee = Number(/m=audio (\d+)/.exec(String(offer.sdp))![1]);
    const answer = await command({
      command: 'answer',
      'call-id': callId,
      'from-tag': 'caller',
      'to-tag': 'callee',
      sdp: sdp(callee.address().port, `m=audio PORT RTP/AVP ${opusPt}\r\na=rtpmap:${opusPt} opus/48000/2\r\n`),
    });
    expect(answer.result).toBe('ok');
    const toCaller = Number(/m=audio (\d+)/.exec(String(answer.sdp))![1]);

    // The callee sends back, as its own Opus stream, what the gateway encoded from the caller's
    // tone; it stays silent for the first second.
    let seq = 0;
    let sentBack = 0;
    callee.on('message', (data) => {
      if (data.length < 13 || (data[1]! & 0x7f) !== opusPt || seq++ < 50) return;
      const header = Buffer.from(data.subarray(0, 12));
      header.writeUInt32BE(0x5eed, 8);
      callee.send(Buffer.concat([header, data.subarray(12 + (data[0]! & 0x0f) * 4)]), toCallee, '127.0.0.1');
      sentBack++;
    });
    for (let i = 0; i < 150; i++) {
      caller.send(rtp(0, i, i * 160, 0xca11, tone(440, i * 160, 160)), toCaller, '127.0.0.1');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(sentBack).toBeGreaterThan(50);
    expect((await command({ command: 'delete', 'call-id': callId, 'from-tag': 'caller' })).result).toBe('ok');
    caller.close();
    callee.close();

    const recordings = createGatewayRecordings({ dir: gatewayCaptureDir(dir), logger: { warn: () => undefined } });
    const result = await recordings.collect(callId, 5000);
    if (typeof result === 'string') throw new Error(`no recording: ${result}`);
    const { wav, seconds } = result;
    expect(seconds).toBeGreaterThan(2.5);
    // Left: the caller's tone from the start. Right: silence for about a second, then the tone
    // (decoded from Opus), starting later than the left.
    expect(toneLevel(wav, 0, 440, 800, 6400)).toBeGreaterThan(2000);
    expect(stereoLevels(wav.subarray(0, 44 + 6400 * 4)).right).toBeLessThan(50);
    expect(toneLevel(wav, 1, 440, 12_000, 20_000)).toBeGreaterThan(2000);
    // The capture is gone once read.
    expect(fs.readdirSync(path.join(gatewayCaptureDir(dir), 'pcaps'))).toEqual([]);
    expect(fs.readdirSync(path.join(gatewayCaptureDir(dir), 'metadata'))).toEqual([]);
  });
});
