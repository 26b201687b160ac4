import { ecSyncMaxAttempts } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isAppOn } from '../app-centre/index.js';
import type { TEventListener } from '../integration/index.js';
import { ecSyncRepository as repo } from './ec-sync.repository.js';

/** A call without its recording yet is sent this much later, so its link usually goes with it. */
export const recordingWaitMs = 2 * 60_000;

const isSyncing = async (tx: TDb, tenantId: number) =>
  (await repo.config(tx, tenantId))?.isEnabled === true && (await isAppOn(tx, tenantId, 'tencent_ec'));

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);

/**
 * 腾讯EC 同步's outbox: a new customer, a follow-up and a finished call of an enterprise that syncs
 * become items of the sync log, written in the transaction of the change (the webhooks' event
 * point), so an item exists exactly when its change is kept. The job carries them to EC later.
 */
export const ecSyncListener: TEventListener = async (tx, tenantId, type, data, at) => {
  const item = (() => {
    if (type === 'customer.created')
      return { kind: 'customer', refId: num(data.customerId), subject: str(data.name), due: at };
    if (type === 'followup.created')
      return { kind: 'followup', refId: num(data.followUpId), subject: str(data.content).slice(0, 60), due: at };
    if (type === 'call.finished') {
      const due = data.hasRecording ? at : new Date(at.getTime() + recordingWaitMs);
      return { kind: 'call', refId: num(data.callRecordId), subject: str(data.telB), due };
    }
    return null;
  })();
  if (!item || item.refId === null || !(await isSyncing(tx, tenantId))) return;
  await repo.insertItem(tx, {
    tenantId,
    kind: item.kind,
    refId: item.refId,
    subject: item.subject,
    payload: data,
    maxAttempts: ecSyncMaxAttempts,
    nextAttemptAt: item.due,
  });
};
