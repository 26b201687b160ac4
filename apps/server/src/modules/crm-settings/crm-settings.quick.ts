import { Perm } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { crmSettingsErrors } from './crm-settings.errors.js';
import { crmSettingsLimits, type TReq } from './crm-settings.kit.js';
import { settingsRepository as repo, type TQuickRow } from './crm-settings.repository.js';

const { quickMissing } = crmSettingsErrors;

const toQuick = (q: TQuickRow) => ({ id: q.id, content: q.content, isShared: q.userId === null, sort: q.sort });

/** Shared quick replies are the enterprise's: only the holders of the settings permission write them. */
const canManageShared = (auth: TAuth) => auth.isAdmin || auth.isSuper || auth.permissions.has(Perm.crmSettings);

/** 快捷回复 (quick-content): his own and the shared ones. */
export const quickList = async ({ auth, tx }: TRequestContext) =>
  (await repo.quickList(tx, auth.tenantId, auth.userId)).map(toQuick);

/** A reply this person may change: his own, or a shared one when he manages them. */
const ownQuick = async (tx: TDb, auth: TAuth, id: number) => {
  const row = await repo.quick(tx, auth.tenantId, id);
  // Someone else's own reply is invisible to him, as another tenant's would be.
  if (!row || (row.userId !== null && row.userId !== auth.userId)) throw quickMissing();
  if (row.userId === null && !canManageShared(auth)) throw crmSettingsErrors.sharedQuickEdit();
  return row;
};

/** The reply as changed; gone meanwhile (deleted by another request) it is missing, as at the read. */
const updated = async (tx: TDb, auth: TAuth, id: number, values: Parameters<typeof repo.updateQuick>[3]) => {
  const row = await repo.updateQuick(tx, auth.tenantId, id, values);
  if (!row) throw quickMissing();
  return row;
};

export const quickSave = async ({ auth, tx }: TRequestContext, input: TReq<'quickSave'>) => {
  if (input.isShared && !canManageShared(auth)) throw crmSettingsErrors.sharedQuickSave();
  const userId = input.isShared ? null : auth.userId;
  const values = { content: input.content, sort: input.sort, userId };
  if (input.id !== undefined) {
    const before = await ownQuick(tx, auth, input.id);
    if (before.userId === userId) return toQuick(await updated(tx, auth, before.id, values));
  }
  const max = input.isShared ? crmSettingsLimits.sharedQuick : crmSettingsLimits.ownQuick;
  if ((await repo.quickCount(tx, auth.tenantId, userId)) >= max) {
    throw crmSettingsErrors.quickLimit(input.isShared, max);
  }
  return toQuick(
    input.id === undefined
      ? await repo.insertQuick(tx, { tenantId: auth.tenantId, ...values })
      : await updated(tx, auth, input.id, values),
  );
};

export const quickDelete = async ({ auth, tx }: TRequestContext, id: number) => {
  await ownQuick(tx, auth, id);
  await repo.deleteQuick(tx, auth.tenantId, id);
  return null;
};
