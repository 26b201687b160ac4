import type { TAppCode, TAppItem, TAppProduct, TAppState, TRouteInput } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { appCentreErrors as errors } from './app-centre.errors.js';
import { appCentreRepository as repo, type TProductRow, type TSwitchRow } from './app-centre.repository.js';

const toProduct = (p: TProductRow): TAppProduct => ({
  code: p.code as TAppCode,
  name: p.name,
  description: p.description,
  priceText: p.priceText,
  isListed: p.isListed,
  isBuilt: p.isBuilt,
  sort: p.sort,
});

/** No switch yet: on, as every enterprise had each built add-on before the centre existed. */
const stateOf = (p: TProductRow, s: TSwitchRow | undefined): TAppState => {
  if (!p.isBuilt) return 'off';
  if (!s) return 'on';
  return s.isOn ? 'on' : 'disabled';
};

const toItem = (p: TProductRow, s: TSwitchRow | undefined): TAppItem => ({
  ...toProduct(p),
  state: stateOf(p, s),
  changedBy: s?.changedBy ?? '',
  changedAt: s?.updatedAt.getTime() ?? null,
});

/**
 * Whether an enterprise has an add-on on (the other areas' question, in their transaction): a built
 * add-on is on until the enterprise switches it off; one not built is never on.
 */
export const isAppOn = async (db: TDb, tenantId: number, code: TAppCode): Promise<boolean> => {
  const product = (await repo.products(db)).find((p) => p.code === code);
  if (!product?.isBuilt) return false;
  return (await repo.isOn(db, tenantId, code)) ?? true;
};

/** The add-ons an enterprise switched off: the menu leaves their screens out. */
export const offAppsOf = async (db: TDb, tenantId: number): Promise<TAppCode[]> =>
  (await repo.switchesOf(db, tenantId)).filter((s) => !s.isOn).map((s) => s.appCode as TAppCode);

export type TAppCentreService = ReturnType<typeof createAppCentreService>;

/** 应用中心: the listed add-ons with their state here, an administrator's switch, the platform's catalogue. */
export const createAppCentreService = () => {
  const itemsOf = async (db: TDb, tenantId: number) => {
    const switches = await repo.switchesOf(db, tenantId);
    return (await repo.products(db))
      .filter((p) => p.isListed)
      .map((p) =>
        toItem(
          p,
          switches.find((s) => s.appCode === p.code),
        ),
      );
  };
  const listedItem = async (db: TDb, tenantId: number, code: string) => {
    const item = (await itemsOf(db, tenantId)).find((i) => i.code === code);
    if (!item) throw errors.notListed();
    return item;
  };

  return {
    list: ({ auth, tx }: TRequestContext) => itemsOf(tx, auth.tenantId),

    info: ({ auth, tx }: TRequestContext, input: TRouteInput<'appCentre', 'appInfo'>) =>
      listedItem(tx, auth.tenantId, input.code),

    switch: async ({ auth, tx }: TRequestContext, input: TRouteInput<'appCentre', 'appSwitch'>) => {
      if (auth.isSuper) throw errors.platformNeedsNone();
      const item = await listedItem(tx, auth.tenantId, input.code);
      if (!item.isBuilt) throw errors.notBuilt();
      await repo.setSwitch(tx, {
        tenantId: auth.tenantId,
        appCode: input.code,
        isOn: input.isOn,
        changedBy: auth.realName || auth.username,
      });
      return listedItem(tx, auth.tenantId, input.code);
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
