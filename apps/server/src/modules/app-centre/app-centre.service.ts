import type { TAppCode, TAppItem, TAppProduct, TAppState, TRouteInput } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TAuth, type TRequestContext } from '../../http/context.js';
import { appCentreErrors as errors } from './app-centre.errors.js';
import { appCentreRepository as repo, type TProductRow, type TSwitchRow } from './app-centre.repository.js';

const dayMs = 86_400_000;

const toProduct = (p: TProductRow): TAppProduct => ({
  code: p.code as TAppCode,
  name: p.name,
  description: p.description,
  priceText: p.priceText,
  isListed: p.isListed,
  isBuilt: p.isBuilt,
  sort: p.sort,
  priceFen: p.priceFen,
  trialDays: p.trialDays,
  periodDays: p.periodDays,
});

/**
 * An add-on's state for an enterprise, by the rule of migration 0088's tenant_off_apps (which the
 * binder and the menu use; the app-centre test holds them together): a free add-on is on until
 * switched off, a priced one is off until tried or bought, a window that ended is over.
 */
const stateOf = (p: TProductRow, s: TSwitchRow | undefined, now: number): TAppState => {
  if (!p.isBuilt) return 'off';
  if (!s) return p.priceFen > 0 ? 'off' : 'on';
  if (!s.isOn) return 'disabled';
  if (s.endsAt && s.endsAt.getTime() <= now) return 'expired';
  return s.isTrial ? 'trial' : 'on';
};

const toItem = (p: TProductRow, s: TSwitchRow | undefined, now: number): TAppItem => ({
  ...toProduct(p),
  state: stateOf(p, s, now),
  changedBy: s?.changedBy ?? '',
  changedAt: s?.updatedAt.getTime() ?? null,
  endsAt: s?.endsAt?.getTime() ?? null,
  canTrial: p.isBuilt && p.priceFen > 0 && p.trialDays > 0 && !s?.trialUsed,
});

/** The add-ons an enterprise has off now: the menu leaves their screens out. */
export const offAppsOf = async (db: TDb, tenantId: number): Promise<TAppCode[]> =>
  (await repo.offApps(db, tenantId)) as TAppCode[];

/** Whether an enterprise has an add-on on (the other areas' question, in their transaction). */
export const isAppOn = async (db: TDb, tenantId: number, code: TAppCode): Promise<boolean> =>
  !(await offAppsOf(db, tenantId)).includes(code);

/**
 * A priced add-on the enterprise may buy a period of (trade's order): its name, price and days;
 * refuses the platform, one not listed or not built, and a free one.
 */
export const buyableApp = async (db: TDb, auth: TAuth, code: TAppCode) => {
  if (auth.isSuper) throw errors.platformNeedsNone();
  const product = (await repo.products(db)).find((p) => p.code === code);
  if (!product?.isListed) throw errors.notListed();
  if (!product.isBuilt) throw errors.notBuilt();
  if (product.priceFen === 0) throw errors.free();
  return { code, name: product.name, priceFen: product.priceFen, periodDays: product.periodDays };
};

/** A paid order's period, granted in the payment's transaction (trade's delivery). */
export const grantAppPeriod = (db: TDb, row: { tenantId: number; appCode: string; days: number; by: string }) =>
  repo.extendPaid(db, { tenantId: row.tenantId, appCode: row.appCode, days: row.days, changedBy: row.by });

export type TAppCentreService = ReturnType<typeof createAppCentreService>;

/** 应用中心: the listed add-ons with their state here, an administrator's switch and trial, the platform's catalogue. */
export const createAppCentreService = (deps: { now?: () => number } = {}) => {
  const now = deps.now ?? Date.now;
  const itemsOf = async (db: TDb, tenantId: number) => {
    const switches = await repo.switchesOf(db, tenantId);
    const at = now();
    return (await repo.products(db))
      .filter((p) => p.isListed)
      .map((p) =>
        toItem(
          p,
          switches.find((s) => s.appCode === p.code),
          at,
        ),
      );
  };
  const listedItem = async (db: TDb, tenantId: number, code: string) => {
    const item = (await itemsOf(db, tenantId)).find((i) => i.code === code);
    if (!item) throw errors.notListed();
    return item;
  };
  /** The enterprise's own add-on, built: the platform operator has every add-on already. */
  const switchable = async ({ auth, tx }: TRequestContext, code: string) => {
    if (auth.isSuper) throw errors.platformNeedsNone();
    const item = await listedItem(tx, auth.tenantId, code);
    if (!item.isBuilt) throw errors.notBuilt();
    return item;
  };
  const changedBy = (ctx: TRequestContext) => ctx.auth.realName || ctx.auth.username;
  return {
    list: ({ auth, tx }: TRequestContext) => itemsOf(tx, auth.tenantId),
    info: ({ auth, tx }: TRequestContext, input: TRouteInput<'appCentre', 'appInfo'>) =>
      listedItem(tx, auth.tenantId, input.code),
    switch: async (ctx: TRequestContext, input: TRouteInput<'appCentre', 'appSwitch'>) => {
      const item = await switchable(ctx, input.code);
      // A priced add-on comes on by its trial or an order; 开通 only resumes a period not yet over.
      const isPaidFor = item.endsAt !== null && item.endsAt > now();
      if (input.isOn && item.priceFen > 0 && !isPaidFor) throw errors.needsTrialOrOrder();
      await repo.setSwitch(ctx.tx, {
        tenantId: ctx.auth.tenantId,
        appCode: input.code,
        isOn: input.isOn,
        changedBy: changedBy(ctx),
      });
      return listedItem(ctx.tx, ctx.auth.tenantId, input.code);
    },
    trial: async (ctx: TRequestContext, input: TRouteInput<'appCentre', 'appTrial'>) => {
      const item = await switchable(ctx, input.code);
      if (item.priceFen === 0 || item.trialDays === 0) throw errors.noTrial();
      if (item.state === 'on') throw errors.alreadyOn();
      const isStarted = await repo.startTrial(ctx.tx, {
        tenantId: ctx.auth.tenantId,
        appCode: input.code,
        changedBy: changedBy(ctx),
        endsAt: new Date(now() + item.trialDays * dayMs),
      });
      if (!isStarted) throw errors.trialUsed();
      return listedItem(ctx.tx, ctx.auth.tenantId, input.code);
    },
    catalogue: (ctx: TRequestContext) => asPlatform(ctx, async (db) => (await repo.products(db)).map(toProduct)),
    saveCatalogue: (ctx: TRequestContext, input: TRouteInput<'appCentre', 'appCatalogueSave'>) =>
      asPlatform(ctx, async (db) => {
        const { code, ...patch } = input;
        await repo.saveProduct(db, code, patch);
        return null;
      }),
  };
};
