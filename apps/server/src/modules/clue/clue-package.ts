import type { TCluePackage, TRouteInput } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { clueErrors as errors } from './clue.errors.js';
import { clueRepository as repo } from './clue.repository.js';
import { cluePackageRepository as packages, type TCluePackageRow } from './clue-package.repository.js';

const toPackage = (p: TCluePackageRow): TCluePackage => ({
  id: p.id,
  name: p.name,
  units: p.units,
  price: p.price,
  isEnabled: p.isEnabled,
  updatedAt: p.updatedAt.getTime(),
});

/** An enabled 线索包 as an order prices it (the trade area asks; the client's figures are never taken). */
export const buyableCluePackage = async (tx: TDb, id: number): Promise<TCluePackage> => {
  const row = await packages.byId(tx, id, true);
  if (!row) throw errors.packageMissing();
  return toPackage(row);
};

/**
 * Units into the enterprise's quota once per business key (the trial, a paid order), in the caller's
 * transaction: the tenant's quota lock, then the key looked up (the ledger's unique index is the
 * wall). Answers whether this call credited.
 */
export const creditQuota = async (
  tx: TDb,
  c: { tenantId: number; kind: 'trial' | 'grant'; businessKey: string; units: number; userId?: number; by: string },
): Promise<boolean> => {
  await lockForTransaction(tx, 'clue_quota', c.tenantId);
  if (await repo.ledgerRow(tx, c.tenantId, c.businessKey)) return false;
  const balance = await repo.balance(tx, c.tenantId);
  await repo.insertLedger(tx, {
    tenantId: c.tenantId,
    kind: c.kind,
    units: c.units,
    balanceAfter: balance + c.units,
    businessKey: c.businessKey,
    userId: c.userId,
    userName: c.by,
  });
  return true;
};

/**
 * A paid 线索包 order's units into the enterprise's quota, in the payment's transaction: once per
 * order whatever the channel re-sends (business key `grant:<order no>`).
 */
export const grantClueQuota = (tx: TDb, g: { tenantId: number; orderNo: string; units: number; by: string }) =>
  creditQuota(tx, { tenantId: g.tenantId, kind: 'grant', businessKey: `grant:${g.orderNo}`, units: g.units, by: g.by });

/** The units the trial gave, orders bought and unlocks drew (drawn as a positive count). */
export const quotaSums = async (tx: TDb, tenantId: number) => {
  const sums = await packages.unitsByKind(tx, tenantId);
  return {
    trialGranted: sums.get('trial') ?? 0,
    boughtUnits: sums.get('grant') ?? 0,
    usedUnits: -(sums.get('unlock') ?? 0),
  };
};

/** 线索包管理: the platform's catalogue; an enterprise reads what is on sale. */
export const createCluePackages = () => ({
  list: async (ctx: TRequestContext, q: TRouteInput<'cluePackage', 'packageList'>) =>
    (await packages.list(ctx.tx, ctx.auth.isSuper && q.withDisabled === true)).map(toPackage),

  save: (ctx: TRequestContext, input: TRouteInput<'cluePackage', 'packageSave'>) =>
    asPlatform(ctx, async (db) => {
      const { id, ...fields } = input;
      const row = id === undefined ? await packages.insert(db, fields) : await packages.update(db, id, fields);
      if (!row) throw errors.packageMissing();
      return toPackage(row);
    }),

  setEnabled: (ctx: TRequestContext, input: TRouteInput<'cluePackage', 'packageSetEnabled'>) =>
    asPlatform(ctx, async (db) => {
      if (!(await packages.update(db, input.id, { isEnabled: input.isEnabled }))) throw errors.packageMissing();
      return null;
    }),
});

export type TCluePackages = ReturnType<typeof createCluePackages>;
