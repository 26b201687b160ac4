import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStore } from '../../storage/index.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { createRecordingStore, type TGatewayRecordings } from '../telephony/index.js';
import { callBinds, callRecords } from './call.schema.js';
import { callKit } from './call.test-kit.js';
import { createCallbackService } from './callback.service.js';

describe('a soft-phone call that is already over', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    manager = await t.loginAs.manager();
    await kit.setRules('manager');
  });
  afterAll(() => t.close());

  it('takes a late end as a duplicate and leaves its capture to the recording', async () => {
    const res = await t.call(routeTables.call.dial, { telB: '13933339001', interfaceId: kit.sipLine.id }, manager);
    const { bindId } = res.body.data;
    const callId = 'restart-ended@yunhu.test';
    // Ended by a Kamailio restart: the record is written, the capture became its recording.
    await t.database.db.update(callBinds).set({ state: 'finished', callId }).where(eq(callBinds.bindId, bindId));
    const discard = vi.fn(async () => undefined);
    const recordings = { isCapturing: async () => true, discard } as unknown as TGatewayRecordings;
    const release = vi.fn(async () => undefined);
    const service = createCallbackService({
      database: t.database,
      store: createRecordingStore({ objects: createLocalStore(t.dataDir), secret: 'test' }),
      recordings,
      gateway: { release },
      logger: { warn: () => undefined },
    });
    for (const event of ['failed', 'ended'] as const) {
      expect(
        await service.ingestSip({ event, callId, bindId, code: event === 'failed' ? 503 : 0, by: '', cause: 0 }),
      ).toBe('duplicate');
    }
    await service.settled();
    expect(discard).not.toHaveBeenCalled();
    expect(release).not.toHaveBeenCalled();
    expect(await t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId))).toHaveLength(0);
  });
});
