import { Perm } from '@yunhu/contract';
import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope, scopeCondition, type TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { crmErrors } from './crm.errors.js';
import { crmRepository as repo, type TCustomerRow } from './crm.repository.js';
import { isMobileMasked, readCrmSettings } from './crm.rules.js';
import { customers as c } from './crm.schema.js';
import type { TTagRef, TViewContext } from './crm.view.js';

/** A person who receives customers and writes logs: sends notices to a user's bell. */
export type TNotify = (
  tx: TDb,
  notices: { tenantId: number; userId: number; title: string; content: string }[],
) => Promise<void>;

export type TCrmDeps = {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  notify: TNotify;
  logger: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

export const canSeePool = (auth: TAuth) => auth.isAdmin || auth.isSuper || auth.permissions.has(Perm.poolList);

/**
 * The customers a person may act on (not in the recycle bin): his private pool within his data
 * scope, and the public pool when he may see it.
 */
export const visibleCondition = (auth: TAuth, scope: TDataScope): SQL =>
  and(
    eq(c.tenantId, auth.tenantId),
    isNull(c.deletedAt),
    or(
      and(isNotNull(c.ownerId), scopeCondition(scope, { owner: c.ownerId, dept: c.deptId })),
      canSeePool(auth) ? isNull(c.ownerId) : undefined,
    ),
  )!;

/**
 * The right to work exactly one customer, whoever owns him and whether or not the person may see the
 * public pool: an open item of a calling task (issue 6) that the caller has checked. It opens no
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

/** Shared plumbing of the CRM services: the tenant wall, the scope and the view context. */
export const createCrmContext = (deps: TCrmDeps) => {
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(deps.database, auth.tenantId, fn);

  const tagMap = async (tx: TDb, tenantId: number) =>
    new Map<number, TTagRef>((await repo.tags(tx, tenantId)).map((t) => [t.id, t]));

  const viewContext = async (tx: TDb, auth: TAuth): Promise<TViewContext> => {
    const settings = await readCrmSettings(tx, auth.tenantId);
    return { settings, isMasked: isMobileMasked(settings, auth), tags: await tagMap(tx, auth.tenantId) };
  };

  return { deps, scoped, tagMap, viewContext, scopeOf: deps.dataScopeOf };
};

export type TCrmContext = ReturnType<typeof createCrmContext>;

/**
 * The people a move targets: active staff of the tenant inside the caller's data scope (issue 4);
 * anyone else answers not found, as another tenant's id would.
 */
export const targetStaff = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[]) => {
  const rows = await repo.staff(tx, auth.tenantId, ids);
  const ok = rows.filter((u) => u.status === 'active' && isInScope(scope, { ownerId: u.id, deptId: u.deptId }));
  if (ok.length !== new Set(ids).size) throw crmErrors.staffOutOfScope();
  const byId = new Map(ok.map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id)!);
};
