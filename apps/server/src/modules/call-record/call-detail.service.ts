import {
  type callRecordRoutes,
  callStatusName,
  callTypeName,
  finishStatusName,
  maskPhone,
  type TCallDetail,
  type TPage,
  type TParsedRequestOf,
  toPage,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { isInScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TRequestContext } from '../../http/context.js';
import type { TCustomerGuard, TIsMasked } from '../call/index.js';
import type { TRecordingStore } from '../telephony/index.js';
import { callRecordErrors } from './call-record.errors.js';
import { callRecordRepository as repo, type TRecordWithNames } from './call-record.repository.js';

/**
 * A record as the pages read it (DESIGN.md section 4 field names): the customer's number masked
 * for people who see masked numbers, the recording as a short-lived signed address.
 */
export const toCallDetail = (
  { r: row, lineName, realName, deptName, peerName }: TRecordWithNames,
  isMasked: boolean,
  store: TRecordingStore,
  tenantId: number,
): TCallDetail => ({
  id: row.id,
  bindId: row.bindId,
  telA: row.telA,
  telB: isMasked ? maskPhone(row.telB) : row.telB,
  telX: row.telX,
  interfaceId: row.lineId,
  lineName,
  octCustomerId: row.customerId,
  callStatus: row.callStatus,
  callStatusName: callStatusName[row.callStatus] ?? '未知',
  finishStatus: row.finishStatus,
  finishStatusName: finishStatusName[row.finishStatus] ?? '未知',
  callType: row.callType,
  callTypeName: callTypeName[row.callType] ?? '未知',
  peerName,
  duration: row.duration,
  startTime: row.startTime.getTime(),
  endTime: row.endTime.getTime(),
  postage: row.postage,
  preRecordUrl: row.preRecordUrl ? store.signedUrl(tenantId, row.id).url : null,
  recordingState: row.recordingState,
  endReason: row.endReason,
  realName,
  deptName,
});

/**
 * Call records as people read them: a customer's calls on his details page, inside the
 * reader's data scope (a record belongs to its caller and his department at the time), numbers
 * masked by the CRM's privacy rule, recordings as short-lived signed addresses.
 */
export const createCallDetailService = (deps: {
  database: TDatabase;
  customerGuard: TCustomerGuard;
  isMasked: TIsMasked;
  store: TRecordingStore;
}) => {
  const customerCalls = async (
    { auth, tx, scope }: TRequestContext,
    q: TParsedRequestOf<(typeof callRecordRoutes)['getCallDetailList']>,
  ): Promise<TPage<TCallDetail>> => {
    await deps.customerGuard(tx, auth, scope, q.octCustomerId);
    const { records, total } = await repo.ofCustomer(tx, {
      tenantId: auth.tenantId,
      scope,
      customerId: q.octCustomerId,
      paging: q,
    });
    const isMasked = await deps.isMasked(tx, auth);
    return toPage(
      records.map((row) => toCallDetail(row, isMasked, deps.store, auth.tenantId)),
      total,
      q,
    );
  };

  /** A fresh playable address of one call's recording, for a record inside his data scope. */
  const recordingUrl = async ({ auth, tx, scope }: TRequestContext, id: number) => {
    const row = await repo.find(tx, auth.tenantId, id);
    if (!row || !isInScope(scope, { ownerId: row.userId, deptId: row.deptId })) throw callRecordErrors.recordMissing();
    if (!row.preRecordUrl) throw callRecordErrors.noRecording();
    return deps.store.signedUrl(auth.tenantId, row.id);
  };

  /**
   * The stored recording's key behind a signed address (the route checked the signature): outside
   * any request context (the address carries no session), so in a transaction of its own.
   */
  const recordingKey = async (tenantId: number, id: number): Promise<string | null> => {
    const row = await withTenant(deps.database, tenantId, (tx) => repo.find(tx, tenantId, id));
    if (!row?.preRecordUrl || !deps.store.isValidKey(row.preRecordUrl)) return null;
    return row.preRecordUrl;
  };

  return { customerCalls, recordingUrl, recordingKey };
};

export type TCallDetailService = ReturnType<typeof createCallDetailService>;
