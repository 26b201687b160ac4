import crypto from 'node:crypto';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TGatewayRecordings, TListenGateway, TRecordingStore, TTalkSpan } from '../telephony/index.js';
import { callType, swapStereo } from './ingest.rules.js';
import { emitRecordingReady } from './ingest.write.js';
import { gatewayRecordingRepository, sipCallRepository } from './sip-call.repository.js';

export type TIngestDeps = {
  database: TDatabase;
  store: TRecordingStore;
  /** The media gateway's captures (recording.gateway.ts); none: soft-phone calls are not recorded. */
  recordings?: TGatewayRecordings | null;
  /** The media gateway's control port, where an ended call is released whole; none without a gateway. */
  gateway?: Pick<TListenGateway, 'release'> | null;
  logger: { warn: (obj: object, msg: string) => void };
};

/**
 * The gateway recordings of soft-phone calls: each finished after the event that ended its call
 * was answered (in the background, tracked so tests and a graceful stop can wait for them), and the
 * start-up sweep of those a stop left unfinished.
 */
export const createGatewayRecordingFinisher = (deps: TIngestDeps) => {
  /** Calls that ended before this moment are not being converted by this process (sweepPending). */
  const startedAt = new Date();
  /** Recordings being made after the event that ended their call was answered (tests wait for them). */
  const pending = new Set<Promise<unknown>>();
  /** Told of each recording once it is attached to its record (the call analysis queues it). */
  const readyListeners: ((tenantId: number, carrierCallId: string) => Promise<void>)[] = [];
  const background = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error) => deps.logger.warn({ error: (error as Error).message }, 'soft-phone call record failed'))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  /** After a record has its recording: a listener's failure is its own, never the call's. */
  const tellReady = async (tenantId: number, carrierCallId: string) => {
    for (const listener of readyListeners) {
      await listener(tenantId, carrierCallId).catch((error) =>
        deps.logger.warn({ carrierCallId, error: (error as Error).message }, 'recording listener failed'),
      );
    }
  };

  /**
   * A call that ended or failed is let go at the gateway as a whole: Kamailio deletes its parties,
   * but a listen or whisper subscribed to it (实时监控) would keep its ports and its capture open,
   * and its recording would never finish. In the background: the event's answer does not wait.
   */
  const releaseMedia = (callId: string) => {
    if (!deps.gateway) return;
    background(
      deps.gateway
        .release(callId)
        .catch((error) => deps.logger.warn({ callId, error: (error as Error).message }, 'gateway release failed')),
    );
  };

  /**
   * The gateway's capture of an answered, recorded call turned into its recording once the gateway
   * has let go of the call (Kamailio deletes it on the hang-up, releaseMedia whatever still holds it):
   * stored, attached to the record (`carrierCallId`), the capture deleted. `agentRight`: the caller
   * is the customer (an inbound call), so the channels are swapped to keep the agent on the left.
   * `leftover`: the start-up sweep, which takes what a stop left at once (finished or not). `talk`:
   * the answer and the hang-up as Kamailio saw them, the recording's timeline.
   */
  const finishRecording = async (
    tenantId: number,
    callId: string,
    carrierCallId: string,
    opts: { agentRight?: boolean; leftover?: boolean; talk?: TTalkSpan } = {},
  ) => {
    const captured = await deps.recordings!.collect(callId, opts.leftover ? 0 : undefined, opts.talk);
    let patch: { key: string | null; state: string; isSilent: boolean };
    if (typeof captured === 'string') {
      // A capture without a packet either way: the gateway carried no audio, the media failed.
      patch = { key: null, state: captured === 'missing' ? 'failed' : captured, isSilent: captured === 'none' };
    } else {
      const key = deps.store.keyOf(
        tenantId,
        `sip-${crypto.createHash('sha256').update(callId).digest('hex').slice(0, 40)}`,
      );
      await deps.store.write(key, opts.agentRight ? swapStereo(captured.wav) : captured.wav);
      patch = { key, state: 'ready', isSilent: false };
    }
    await withTenant(deps.database, tenantId, async (tx) => {
      const record = await gatewayRecordingRepository.attachGatewayRecording(tx, tenantId, carrierCallId, patch);
      // 录音就绪 to the enterprise's webhooks, with the recording in the record's transaction (the outbox).
      if (record && patch.state === 'ready') await emitRecordingReady(tx, tenantId, record);
    });
    if (patch.state === 'ready') await tellReady(tenantId, carrierCallId);
  };

  /**
   * The start-up sweep: records a stop left 'pending' get their recording from the
   * capture the gateway left (converted) or are marked failed when there is none; calls under way
   * when Kamailio lost them (older than a dialog's lifetime) are dropped, and the captures no record
   * will claim deleted. Returns how many records it settled.
   */
  const sweepPending = async (opts: { staleAfterMs?: number; before?: Date } = {}) => {
    const before = opts.before ?? startedAt;
    await sipCallRepository.removeStale(deps.database.db, new Date(Date.now() - (opts.staleAfterMs ?? 4 * 3_600_000)));
    let settled = 0;
    for (;;) {
      const rows = await gatewayRecordingRepository.list(deps.database.db, before, 100);
      if (!rows.length) break;
      for (const row of rows) {
        const carrierCallId = row.carrierCallId ?? '';
        if (!deps.recordings || !carrierCallId.startsWith('sip-')) {
          await withTenant(deps.database, row.tenantId, (tx) =>
            gatewayRecordingRepository.attachGatewayRecording(tx, row.tenantId, carrierCallId, {
              key: null,
              state: 'failed',
              isSilent: false,
            }),
          );
        } else {
          await finishRecording(row.tenantId, carrierCallId.slice(4), carrierCallId, {
            agentRight: row.callType === callType.inbound,
            leftover: true,
          }).catch(async (error) => {
            deps.logger.warn({ carrierCallId, error: (error as Error).message }, 'pending recording unreadable');
            await withTenant(deps.database, row.tenantId, (tx) =>
              gatewayRecordingRepository.attachGatewayRecording(tx, row.tenantId, carrierCallId, {
                key: null,
                state: 'failed',
                isSilent: false,
              }),
            );
          });
        }
        settled++;
      }
    }
    // What no record claimed now never will be: a capture that finished well before the start (its
    // end event lost; an event takes seconds), or one still open after a call's longest life.
    await deps.recordings?.removeOrphans({
      finishedBefore: new Date(before.getTime() - 10 * 60_000),
      openBefore: new Date(Date.now() - (opts.staleAfterMs ?? 4 * 3_600_000)),
    });
    return settled;
  };

  return {
    background,
    releaseMedia,
    finishRecording,
    sweepPending,
    tellReady,
    /** Calls `listener` for each recording attached to its record from now on (the gateway's and the carrier's). */
    onRecordingReady: (listener: (tenantId: number, carrierCallId: string) => Promise<void>) => {
      readyListeners.push(listener);
    },
    /** Resolves when every recording under way has been written (tests; a graceful stop). */
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
};

export type TGatewayRecordingFinisher = ReturnType<typeof createGatewayRecordingFinisher>;
