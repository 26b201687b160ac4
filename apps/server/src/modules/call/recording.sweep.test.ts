import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { captureNameOf, gatewayCaptureDir } from '../telephony/recording.gateway.js';
import { stereoLevels } from '../telephony/recording.pcap.js';
import { metadataOf, pcapOf, rtp, tone } from '../telephony/recording.test-kit.js';
import { callRecords, sipCalls } from './call.schema.js';
import { callKit } from './call.test-kit.js';

/**
 * The start-up sweep: a server stopped between a call's end and its recording's
 * conversion leaves the record 'pending' and the gateway's capture on disk (finished in metadata/,
 * or still open in tmp/ when the gateway stopped with it); at the next start the capture becomes
 * the recording, or the record says 录音失败 when there is none. Records of calls that end after the
 * start are the running server's, and stale live rows of calls Kamailio never ended are dropped.
 */
describe('the start-up sweep of pending recordings', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    // A test app's job queue runs nothing by itself (jobs/with-app.ts): its sweep at start waits in
    // the queue, and the records this test leaves are swept only by the test.
  });
  afterAll(() => t.close());

  const pending = async (callId: string, opts: { callType?: number; endTime?: Date } = {}) => {
    const at = new Date(Date.now() - 120_000);
    await t.database.db.insert(callRecords).values({
      tenantId: kit.tenantId,
      userId: await kit.userId('manager'),
      lineId: kit.sipLine.id,
      bindId: '',
      telA: 'e100001-1',
      telB: '13812345678',
      callStatus: 1,
      finishStatus: 1,
      callType: opts.callType ?? 1,
      duration: 2,
      startTime: at,
      endTime: opts.endTime ?? new Date(at.getTime() + 2000),
      recordingState: 'pending',
      carrierCallId: `sip-${callId}`,
    });
  };
  const recordOf = async (callId: string) =>
    (
      await t.database.db
        .select()
        .from(callRecords)
        .where(eq(callRecords.carrierCallId, `sip-${callId}`))
    )[0]!;

  /** The capture a stopped gateway leaves of a call: the caller's 440 Hz to port 4000 for 2 s. */
  const leaveCapture = (callId: string, finished: boolean) => {
    const dir = gatewayCaptureDir(t.dataDir);
    for (const sub of ['pcaps', 'metadata', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    const start = 1_795_000_000_000;
    const packets = Array.from({ length: 100 }, (_, i) => ({
      at: start + i * 20,
      port: 4000,
      data: rtp(0, i, i * 160, 11, tone(440, i * 160, 160)),
    }));
    const name = captureNameOf(callId);
    const pcap = path.join(dir, 'pcaps', `${name}-0a1b2c3d4e5f6071.pcap`);
    const meta = finished
      ? path.join(dir, 'metadata', `rtpengine-meta-${name}-0a1b2c3d4e5f6071.txt`)
      : path.join(dir, 'tmp', `rtpengine-meta-${name}-0a1b2c3d4e5f6071.tmp`);
    fs.writeFileSync(pcap, pcapOf(packets));
    fs.writeFileSync(meta, metadataOf(5000, 4000));
    return [pcap, meta];
  };

  it('converts what a stop left (finished or not), marks the rest failed, leaves the running server’s own', async () => {
    // An inbound call (the caller is the customer): the channels swapped, the agent stays left.
    await pending('1-42@127.0.0.3', { callType: 2 });
    const unfinished = leaveCapture('1-42@127.0.0.3', false);
    await pending('finished-43');
    const finished = leaveCapture('finished-43', true);
    await pending('gone-44');
    // A call that ended after the start: the running server converts it, not the sweep.
    await pending('running-45', { endTime: new Date(Date.now() + 60_000) });
    await t.database.db.insert(sipCalls).values({
      tenantId: kit.tenantId,
      callId: 'stale-46',
      callType: 3,
      userId: await kit.userId('manager'),
      createdAt: new Date(Date.now() - 5 * 3_600_000),
    });

    expect(await t.app.call.callbacks.sweepPending({ before: new Date() })).toBe(3);

    const inbound = await recordOf('1-42@127.0.0.3');
    expect(inbound.recordingState).toBe('ready');
    const wav = await fs.promises.readFile(path.join(t.dataDir, inbound.preRecordUrl!));
    const levels = stereoLevels(wav);
    expect(levels.right).toBeGreaterThan(1000);
    expect(levels.left).toBe(0);
    const outbound = await recordOf('finished-43');
    expect(outbound.recordingState).toBe('ready');
    expect(stereoLevels(await fs.promises.readFile(path.join(t.dataDir, outbound.preRecordUrl!))).left).toBeGreaterThan(
      1000,
    );
    expect(await recordOf('gone-44')).toMatchObject({ recordingState: 'failed', preRecordUrl: null, callStatus: 1 });
    expect((await recordOf('running-45')).recordingState).toBe('pending');
    for (const file of [...unfinished, ...finished]) expect(fs.existsSync(file)).toBe(false);
    expect(await t.database.db.select().from(sipCalls).where(eq(sipCalls.callId, 'stale-46'))).toEqual([]);
    // Nothing left to do: a second sweep settles nothing.
    expect(await t.app.call.callbacks.sweepPending({ before: new Date() })).toBe(0);
  });

  it('removes the captures no record will claim: finished well before the start, or open longer than a call lasts', async () => {
    const ago = (ms: number) => {
      const at = new Date(Date.now() - ms);
      return (files: string[]) => {
        for (const file of files) fs.utimesSync(file, at, at);
        return files;
      };
    };
    // Finished an hour before the start, no record pending: its end event never reached the server.
    const orphan = ago(3_600_000)(leaveCapture('orphan-50', true));
    // Open for five hours: longer than Kamailio keeps a dialog, the gateway lost it.
    const abandoned = ago(5 * 3_600_000)(leaveCapture('abandoned-51', false));
    // Finished a moment ago: its end event may still be on its way.
    const recent = leaveCapture('recent-52', true);
    // Open for a minute: a call under way.
    const talking = ago(60_000)(leaveCapture('talking-53', false));

    await t.app.call.callbacks.sweepPending({ before: new Date() });

    for (const file of [...orphan, ...abandoned]) expect(fs.existsSync(file)).toBe(false);
    for (const file of [...recent, ...talking]) expect(fs.existsSync(file)).toBe(true);
  });
});
