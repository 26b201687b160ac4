import type { TEcOurField } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { EcError, ecTime, type TEcBatch, type TEcClient } from './ec.client.js';
import { ecSyncRepository as repo, type TEcConfigRow, type TEcItemRow } from './ec-sync.repository.js';

/** What carrying one item to EC came to: EC's id of what it kept, or the reason it did not. */
export type TPushResult = { isOk: true; ecId: string } | { isOk: false; error: string };

export type TPushDeps = {
  database: TDatabase;
  /** The absolute, long-lived signed address of a call's recording ('' when it has none). */
  recordingLink: (tenantId: number, recordId: number) => string;
};

/** Not ready yet (the customer is not in EC yet): tried again later like a failure. */
const later = (error: string): TPushResult => ({ isOk: false, error });

const firstOf = (batch: TEcBatch): TPushResult => {
  const failed = batch.failed[0];
  if (failed)
    return { isOk: false, error: `腾讯EC：${failed.msg}${failed.code !== null ? `（错误码 ${failed.code}）` : ''}` };
  return { isOk: true, ecId: batch.succeeded[0]?.id ?? '' };
};

/** The EC user a person acts as: his mapping, else the enterprise's default operator. */
const ecUserOf = (config: TEcConfigRow, userId: number | null) =>
  (userId !== null ? config.staffMap[String(userId)] : undefined) || config.defaultEcUserId;

/** Our customer as EC's addCustomer item, each field under the EC name the enterprise mapped it to. */
export const customerItem = (
  config: TEcConfigRow,
  c: { name: string; mobile: string; company: string; remark: string; ownerId: number | null },
) => {
  const item: Record<string, unknown> = {};
  for (const [ours, theirs] of Object.entries(config.fieldMap)) item[theirs] = c[ours as TEcOurField] ?? '';
  // 跟进人: the owner's EC user; a customer of the public pool goes to EC's public pool too.
  const owner = c.ownerId !== null ? config.staffMap[String(c.ownerId)] : undefined;
  if (owner) item.followUserId = Number(owner);
  return item;
};

/**
 * One item to EC: the row it carries read in a short transaction, EC called with none open, the
 * customer's crmId kept when EC gives one. A follow-up or a call whose customer is not in EC yet
 * waits for him (it is tried again later).
 */
export const pushItem = async (
  deps: TPushDeps,
  client: TEcClient,
  config: TEcConfigRow,
  item: TEcItemRow,
): Promise<TPushResult> => {
  const read = <T>(fn: (tx: TDb) => Promise<T>) => withTenant(deps.database, item.tenantId, fn);
  const refId = item.refId ?? 0;

  if (item.kind === 'customer') {
    const c = await read((tx) => repo.customer(tx, item.tenantId, refId));
    if (!c) return { isOk: false, error: '客户已不存在' };
    // EC 判重 first: a customer EC already has is linked, never created twice.
    const existing = c.mobile ? (await client.queryExist(c.mobile))[0] : undefined;
    const result = existing
      ? ({ isOk: true, ecId: existing } as const)
      : firstOf(await client.addCustomer(ecUserOf(config, c.createdBy ?? c.ownerId), customerItem(config, c)));
    if (result.isOk && result.ecId) await read((tx) => repo.link(tx, item.tenantId, c.id, result.ecId));
    return result;
  }

  if (item.kind === 'followup') {
    const f = await read((tx) => repo.follow(tx, item.tenantId, refId));
    if (!f) return { isOk: false, error: '跟进记录已不存在' };
    const crmId = await read((tx) => repo.crmIdOf(tx, item.tenantId, f.customerId));
    if (!crmId) return later('客户尚未同步到腾讯EC，稍后重试');
    return firstOf(
      await client.saveUserTrajectory([
        { userId: ecUserOf(config, f.userId), crmId, content: f.content, contactTime: ecTime(f.createdAt) },
      ]),
    );
  }

  if (item.kind === 'call') {
    const r = await read((tx) => repo.call(tx, item.tenantId, refId));
    if (!r) return { isOk: false, error: '通话记录已不存在' };
    const crmId = r.customerId !== null ? await read((tx) => repo.crmIdOf(tx, item.tenantId, r.customerId!)) : null;
    if (r.customerId !== null && !crmId) return later('客户尚未同步到腾讯EC，稍后重试');
    const hasRecording = r.preRecordUrl !== null && (r.recordingState === null || r.recordingState === 'ready');
    return firstOf(
      await client.addTelRecord([
        {
          f_user_id: ecUserOf(config, r.userId),
          ...(crmId ? { f_crm_id: crmId } : {}),
          f_starttime: ecTime(r.startTime),
          f_endtime: ecTime(r.endTime),
          f_in_out_type: 1,
          f_calltime: r.duration,
          f_callno: r.telX || r.telA,
          f_calltono: r.telB,
          f_path: hasRecording ? deps.recordingLink(item.tenantId, r.id) : '',
        },
      ]),
    );
  }
  throw new EcError(`未知的同步类型 ${item.kind}`, null);
};
