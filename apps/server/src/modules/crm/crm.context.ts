import { Perm } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { crmErrors } from './crm.errors.js';
import { crmRepository as repo } from './crm.repository.js';
import { defaultCrmSettings, isMobileMasked } from './crm.rules.js';
import type { TTagRef, TViewContext, TViewSettings } from './crm.view.js';
import type { TCustomerRow } from './customer-filter.repository.js';

/** A person who receives customers and writes logs: sends notices to a user's bell. */
export type TNotify = (
  tx: TDb,
  notices: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
) => Promise<void>;

/** What the CRM area needs from the app: the database for its background job, the bell and a log. */
export type TCrmDeps = {
  database: TDatabase;
  notify: TNotify;
  logger: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

export const canSeePool = (auth: TAuth) => auth.isAdmin || auth.isSuper || auth.permissions.has(Perm.poolList);

/**
 * The right to work exactly one customer, whoever owns him and whether or not the person may see the
 * public pool: an open item of a calling task that the caller has checked. It opens no
 * list and no other customer.
 */
export type TCustomerGrant = { kind: 'granted'; customerId: number };

/** Whom a record-level check lets through: his data scope (and the pool as his role allows), or a grant. */
export type TCustomerAccess = TDataScope | TCustomerGrant;

export const isVisible = (auth: TAuth, access: TCustomerAccess, row: TCustomerRow): boolean =>
  row.tenantId === auth.tenantId &&
  row.deletedAt === null &&
  (access.kind === 'granted'
    ? row.id === access.customerId
    : row.ownerId === null
      ? canSeePool(auth)
      : isInScope(access, row));

export const tagMap = async (tx: TDb, tenantId: number) =>
  new Map<number, TTagRef>((await repo.tags(tx, tenantId)).map((t) => [t.id, t]));

/** What every customer view needs: the rules, whether mobiles are masked for him, the tag names. */
export const viewContext = async (tx: TDb, auth: TAuth): Promise<TViewContext> => {
  const rules = await repo.viewRules(tx, auth.tenantId);
  const settings = rules.settings ?? defaultCrmSettings(auth.tenantId);
  const tags = new Map<number, TTagRef>(
    rules.tags.map((t) => [Number(t.id), { id: Number(t.id), name: t.name, color: t.color }]),
  );
  return { settings, isMasked: isMobileMasked(settings, auth), tags };
};

/**
 * Whether mobiles are masked for him (isMobileMasked), for a page that shows numbers but no
 * customer view: nothing to read for someone the switch never masks, else the switch alone.
 */
export const isMaskedFor = async (tx: TDb, auth: TAuth): Promise<boolean> => {
  // Masked not even with the switch on: his permissions decide, nothing to read.
  if (!isMobileMasked({ isPrivacyOn: true }, auth)) return false;
  const isPrivacyOn = (await repo.isPrivacyOn(tx, auth.tenantId)) ?? defaultCrmSettings(auth.tenantId).isPrivacyOn;
  return isMobileMasked({ isPrivacyOn }, auth);
};

/** The view context of a page from what its own statement read: the rules and its rows' tags. */
export const pageViewContext = (
  auth: TAuth,
  rules: TViewSettings | null,
  rows: readonly { tags: readonly { id: number | string; name: string; color: string }[] }[],
): TViewContext => {
  const settings = rules ?? defaultCrmSettings(auth.tenantId);
  const tags = new Map<number, TTagRef>();
  for (const row of rows) {
    for (const t of row.tags) tags.set(Number(t.id), { id: Number(t.id), name: t.name, color: t.color });
  }
  return { settings, isMasked: isMobileMasked(settings, auth), tags };
};

/**
 * The people a move targets: active staff of the tenant inside the caller's data scope;
 * anyone else answers not found, as another tenant's id would.
 */
export const targetStaff = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[]) => {
  const rows = await repo.staff(tx, auth.tenantId, ids);
  const ok = rows.filter((u) => u.status === 'active' && isInScope(scope, { ownerId: u.id, deptId: u.deptId }));
  if (ok.length !== new Set(ids).size) throw crmErrors.staffOutOfScope();
  const byId = new Map(ok.map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id)!);
};
