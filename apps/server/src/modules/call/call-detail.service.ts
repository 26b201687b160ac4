import { callStatusName, finishStatusName, maskPhone, type TCallDetail, type TPage } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope, scopeCondition, type TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { callErrors } from './call.errors.js';
import { callRepository as repo } from './call.repository.js';
import { callRecords as r } from './call.schema.js';
import type { TCustomerGuard, TIsMasked } from './dial.service.js';
import type { TRecordingStore } from './recording.store.js';

/** A record with the names the pages show (callRepository.recordPage / recordDetail). */
export type TRecordWithNames = {
  r: typeof r.$inferSelect;
  lineName: string;
  realName: string;
  deptName: string;
};

/**
 * A record as the pages read it (DESIGN.md section 4 field names): the customer's number masked
 * for people who see masked numbers, the recording as a short-lived signed address.
 */
export const toCallDetail = (
  { r: row, lineName, realName, deptName }: TRecordWithNames,
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
  duration: row.duration,
  startTime: row.startTime.getTime(),
  endTime: row.endTime.getTime(),
  postage: row.postage,
  preRecordUrl: row.preRecordUrl ? store.signedUrl(tenantId, row.id).url : null,
  realName,
  deptName,
});

/**
 * Call records as people read them (issue 5): a customer's calls on his details page, inside the
 * reader's data scope (a record belongs to its caller and his department at the time), numbers
 * masked by the CRM's privacy rule, recordings as short-lived signed addresses.
 */
export const createCallDetailService = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  customerGuard: TCustomerGuard;
  isMasked: TIsMasked;
  store: TRecordingStore;
}) => {
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(deps.database, auth.tenantId, fn);

  const customerCalls = async (
    auth: TAuth,
    q: { octCustomerId: number; page: number; limit: number },
  ): Promise<TPage<TCallDetail>> => {
    const scope = await deps.dataScopeOf(auth);
    return scoped(auth, async (tx) => {
      await deps.customerGuard(tx, auth, scope, q.octCustomerId);
      const where = and(
        eq(r.tenantId, auth.tenantId),
        eq(r.customerId, q.octCustomerId),
        scopeCondition(scope, { owner: r.userId, dept: r.deptId }),
      )!;
      const { records, total } = await repo.recordPage(tx, where, q.page, q.limit);
      const isMasked = await deps.isMasked(tx, auth);
      return {
        records: records.map((row) => toCallDetail(row, isMasked, deps.store, auth.tenantId)),
        total,
        size: q.limit,
        current: q.page,
        pages: Math.ceil(total / q.limit),
      };
    });
  };

  /** A fresh playable address of one call's recording, for a record inside his data scope. */
  const recordingUrl = async (auth: TAuth, id: number) => {
    const scope = await deps.dataScopeOf(auth);
    const row = await scoped(auth, (tx) => repo.findRecord(tx, auth.tenantId, id));
    if (!row || !isInScope(scope, { ownerId: row.userId, deptId: row.deptId })) throw callErrors.recordMissing();
    if (!row.preRecordUrl) throw callErrors.noRecording();
    return deps.store.signedUrl(auth.tenantId, row.id);
  };

  /** The file behind a signed address (recording.routes.ts checked the signature). */
  const recordingFile = async (tenantId: number, id: number): Promise<string | null> => {
    const row = await withTenant(deps.database, tenantId, (tx) => repo.findRecord(tx, tenantId, id));
    if (!row?.preRecordUrl || !deps.store.isValidKey(row.preRecordUrl)) return null;
    return deps.store.fileOf(row.preRecordUrl);
  };

  return { customerCalls, recordingUrl, recordingFile };
};

export type TCallDetailService = ReturnType<typeof createCallDetailService>;
