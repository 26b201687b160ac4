import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureNameOf, createGatewayRecordings } from './recording.gateway.js';
import { stereoLevels } from './recording.pcap.js';
import { metadataOf, pcapOf, rtp, tone } from './recording.test-kit.js';

/**
 * A call's captures taken off the gateway's folder: every capture of the call waited for (a call
 * offered again under its Call-ID may have one closed and one still open), the longest kept, all
 * deleted; one the gateway never closes (it lost the call) taken as it is after the wait, so nothing
 * of an ended call stays on disk.
 */
describe('the captures of one call', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-capture-'));
  for (const sub of ['pcaps', 'metadata', 'tmp']) fs.mkdirSync(path.join(dir, sub));
  const recordings = createGatewayRecordings({ dir, logger: { warn: () => undefined } });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A capture of `seconds` of the caller's 440 Hz (to port 4000), closed or still open. */
  const capture = (callId: string, id: string, seconds: number, isOpen: boolean) => {
    const start = 1_795_000_000_000;
    const packets = Array.from({ length: seconds * 50 }, (_, i) => ({
      at: start + i * 20,
      port: 4000,
      data: rtp(0, i, i * 160, 11, tone(440, i * 160, 160)),
    }));
    const name = captureNameOf(callId);
    const pcap = path.join(dir, 'pcaps', `${name}-${id}.pcap`);
    const meta = isOpen
      ? path.join(dir, 'tmp', `rtpengine-meta-${name}-${id}.tmp`)
      : path.join(dir, 'metadata', `rtpengine-meta-${name}-${id}.txt`);
    fs.writeFileSync(pcap, pcapOf(packets));
    fs.writeFileSync(meta, metadataOf(5000, 4000));
    return { pcap, meta };
  };
  const left = () => ['pcaps', 'metadata', 'tmp'].flatMap((sub) => fs.readdirSync(path.join(dir, sub)));

  it('waits for a second capture still open beside a closed one, keeps the longer, deletes both', async () => {
    capture('twice-1', '0a0a0a0a0a0a0a0a', 1, false);
    const second = capture('twice-1', '0b0b0b0b0b0b0b0b', 3, true);
    const collected = recordings.collect('twice-1', 5000);
    await new Promise((r) => setTimeout(r, 400));
    // The gateway closes the second: its metadata moves from tmp/ to metadata/.
    fs.renameSync(second.meta, path.join(dir, 'metadata', path.basename(second.meta).replace(/\.tmp$/, '.txt')));
    const result = await collected;
    if (typeof result === 'string') throw new Error(`no recording: ${result}`);
    expect(result.seconds).toBeGreaterThan(2.5);
    expect(stereoLevels(result.wav).left).toBeGreaterThan(1000);
    expect(left()).toEqual([]);
  });

  it('takes a capture the gateway never closed after the wait, and deletes it', async () => {
    capture('lost-2', '0c0c0c0c0c0c0c0c', 2, true);
    const result = await recordings.collect('lost-2', 300);
    if (typeof result === 'string') throw new Error(`no recording: ${result}`);
    expect(result.seconds).toBeGreaterThan(1.5);
    expect(left()).toEqual([]);
    // Discarding a failed call's capture the same way: nothing stays.
    capture('lost-3', '0d0d0d0d0d0d0d0d', 1, true);
    await recordings.discard('lost-3', 300);
    expect(left()).toEqual([]);
  });
});
