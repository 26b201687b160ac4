import type { TPhoneLabel } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { crmRepository } from './crm.repository.js';
import { diffCustomer } from './crm.view.js';
import { customerRepository as repo } from './customer.repository.js';

/**
 * What a finished call tells the customer: one more call, when, and the phone label the
 * call showed (已接通, 无人接听, 占线, 空号). Runs in the call-record ingestion's transaction; the
 * label change is written to the customer's change log in the caller's name, as if he had set it.
 * A customer purged meanwhile is simply not there.
 */
export const recordCallOutcome = async (
  tx: TDb,
  call: { tenantId: number; customerId: number; userId: number; startTime: Date; phoneLabel: TPhoneLabel | null },
) => {
  const before = await repo.findFull(tx, call.tenantId, call.customerId);
  if (!before) return;
  const label = call.phoneLabel !== null && call.phoneLabel !== before.c.phoneLabel ? call.phoneLabel : null;
  await repo.countCall(tx, call.tenantId, call.customerId, call.startTime, label);
  if (!label) return;
  const changes = diffCustomer(before.c, { phoneLabel: label }, new Map(), new Map());
  await crmRepository.insertChangeLogs(tx, [
    { tenantId: call.tenantId, customerId: call.customerId, userId: call.userId, changes },
  ]);
};
