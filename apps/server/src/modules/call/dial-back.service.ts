import { callbackLineMode, type TDialResult } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { findUsableSeat } from '../seat/index.js';
import { callErrors } from './call.errors.js';
import { callRepository as repo } from './call.repository.js';
import type { TDialContext, TDialService } from './dial.service.js';

const internalCallType = 3;

/** The call-back line 回拨 goes through: the one asked for, else the first he holds a seat on. */
const callBackLine = async (tx: TDb, auth: TAuth, asked: number | undefined) => {
  const at = new Date();
  if (asked !== undefined) {
    const seat = await findUsableSeat(tx, auth.tenantId, auth.userId, asked, at);
    if (seat && seat.lineMode !== callbackLineMode) throw callErrors.notCallbackLine();
    // A line he holds no seat on is the dial's own refusal (noSeat).
    return asked;
  }
  for (const lineId of await repo.activeLineIdsOfMode(tx, callbackLineMode)) {
    if (await findUsableSeat(tx, auth.tenantId, auth.userId, lineId, at)) return lineId;
  }
  throw callErrors.noCallbackSeat();
};

/**
 * 回拨 (POST /base/crm/callback): a call record he may see (his data scope) gives the number and
 * the customer; the carrier's call-back line rings his phone, then them, through the one dial flow
 * with all its refusals (seat, black-list, hours, limits, 正在拨打) and the customer's own check.
 */
export const createDialBack = (deps: { database: TDatabase; dial: TDialService['dial'] }) => ({
  callBack: async (ctx: TDialContext, input: { callId: number; interfaceId?: number }): Promise<TDialResult> => {
    const { auth, scope } = ctx;
    const { record, lineId } = await withTenant(deps.database, auth.tenantId, async (tx) => {
      const found = await repo.recordToCallBack(tx, auth.tenantId, input.callId);
      if (!found || !isInScope(scope, { ownerId: found.userId, deptId: found.deptId }))
        throw callErrors.recordMissing();
      // A colleague's key is no number to ring back (call types: 1 外呼, 2 呼入, 3 内部).
      if (found.callType === internalCallType) throw callErrors.internalNoCallBack();
      return { record: found, lineId: await callBackLine(tx, auth, input.interfaceId) };
    });
    return deps.dial(ctx, {
      telB: record.telB,
      interfaceId: lineId,
      ...(record.customerId === null ? {} : { octCustomerId: record.customerId }),
    });
  },
});
