import type { TPhoneLabel } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { prepareCharge, rateRecord } from '../billing/index.js';
import { endCallClaim, recordCallOutcome } from '../crm/index.js';
import { emitWebhookEvent } from '../integration/index.js';
import { callRepository as repo, type TBindRow } from './call.repository.js';
import { type TIngestResult, talkSeconds } from './ingest.rules.js';

/** How a call of a dial request ended, for its record. */
export type TBindCall = {
  carrierCallId: string;
  callStatus: number;
  finishStatus: number;
  startTime: Date;
  answerTime: Date | null;
  endTime: Date;
  telA?: string;
  telX?: string;
  recordingKey: string | null;
  phoneLabel: TPhoneLabel | null;
  recordingState?: string | null;
  endReason?: string;
};

/** 录音就绪: a record's recording is stored and may be listened to (call records' 录音). */
export const emitRecordingReady = (
  tx: TDb,
  tenantId: number,
  record: { id: number; bindId: string | null; userId: number | null; customerId: number | null },
) =>
  emitWebhookEvent(tx, tenantId, 'recording.ready', {
    callRecordId: record.id,
    bindId: record.bindId,
    userId: record.userId,
    customerId: record.customerId,
  });

/**
 * The record of a dial request's call, once per call id: the person, department, line and customer
 * come from the request, never from the caller; rated and charged in the record's own statement;
 * the customer counts the call and takes the phone label it showed (CRM recordCallOutcome), and
 * the caller's 正在拨打 claim on him ends; the request is over.
 */
export const writeBindRecord = (database: TDatabase, bind: TBindRow, call: TBindCall): Promise<TIngestResult> =>
  withTenant(database, bind.tenantId, async (tx) => {
    const duration = talkSeconds(call.answerTime, call.endTime);
    // Rated at the line's rate of the call's start (billing): the price is the postage; the
    // packages the person may draw on are locked by the same read, until the charge below.
    const rating = await rateRecord(tx, {
      tenantId: bind.tenantId,
      userId: bind.userId,
      lineId: bind.lineId,
      startTime: call.startTime,
      isAnswered: call.callStatus === 1,
      duration,
    });
    const record = {
      tenantId: bind.tenantId,
      userId: bind.userId,
      deptId: bind.deptId,
      customerId: bind.customerId,
      lineId: bind.lineId,
      bindId: bind.bindId,
      telA: call.telA || bind.telA,
      telB: bind.telB,
      telX: call.telX || bind.telX,
      callStatus: call.callStatus,
      finishStatus: call.finishStatus,
      duration,
      startTime: call.startTime,
      endTime: call.endTime,
      postage: rating.rated.amount,
      preRecordUrl: call.recordingKey,
      recordingState: call.recordingState ?? null,
      endReason: call.endReason ?? '',
      carrierCallId: call.carrierCallId,
    };
    // Charged once, here, in the record's own statement: package minutes first, then the balance
    // (a repeated callback writes no record, so nothing is charged).
    const charge = prepareCharge({ ...bind, startTime: call.startTime, duration, rating });
    let recordId: number;
    if (charge) {
      const written = await repo.insertChargedRecordOnce(tx, record, charge);
      if (written.id === null) return 'duplicate';
      await charge.settle(tx, written.id, written.row);
      recordId = written.id;
    } else {
      const id = await repo.insertRecordOnce(tx, record);
      if (id === null) return 'duplicate';
      recordId = id;
    }
    // 通话结束 to the enterprise's webhooks, in the record's own transaction (the outbox).
    await emitWebhookEvent(tx, bind.tenantId, 'call.finished', {
      callRecordId: recordId,
      bindId: bind.bindId,
      userId: bind.userId,
      customerId: bind.customerId,
      telA: record.telA,
      telB: record.telB,
      telX: record.telX,
      callStatus: call.callStatus,
      finishStatus: call.finishStatus,
      duration,
      postage: record.postage,
      startTime: call.startTime.getTime(),
      endTime: call.endTime.getTime(),
      hasRecording: call.recordingKey !== null,
    });
    // A carrier that hands the recording with the callback: it is ready with the record.
    if (call.recordingKey !== null) {
      await emitRecordingReady(tx, bind.tenantId, { id: recordId, ...record });
    }
    if (bind.customerId !== null) {
      await recordCallOutcome(tx, {
        tenantId: bind.tenantId,
        customerId: bind.customerId,
        userId: bind.userId,
        startTime: call.startTime,
        phoneLabel: call.phoneLabel,
      });
      // His call is over: a colleague may call the customer now (正在拨打 ends with the record).
      await endCallClaim(tx, { tenantId: bind.tenantId, customerId: bind.customerId, userId: bind.userId });
    }
    await repo.setBindState(tx, bind.tenantId, bind.bindId, call.callStatus === 1 ? 'finished' : 'failed');
    return 'written';
  });
