import {
  marketNoticeLink,
  marketRequestMoves,
  marketRequestStateLabel,
  marketRequestStates,
  type TMarketItem,
  type TMarketListing,
  type TMarketRequest,
  type TMarketRequestState,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TAuth, type TRequestContext } from '../../http/context.js';
import { marketErrors as errors } from './market.errors.js';
import { marketRepository as repo, type TItemRow, type TRequestRow } from './market.repository.js';

const toItem = (i: TItemRow): TMarketItem => ({
  id: i.id,
  name: i.name,
  vendor: i.vendor,
  description: i.description,
  link: i.link,
  contact: i.contact,
  priceText: i.priceText,
  isListed: i.isListed,
  sort: i.sort,
});

const toRequest = (r: TRequestRow): TMarketRequest => ({
  id: r.request.id,
  itemId: r.request.itemId,
  itemName: r.itemName,
  vendor: r.vendor,
  tenantId: r.request.tenantId,
  enterpriseName: r.enterpriseName,
  author: r.request.author,
  contactName: r.request.contactName,
  phone: r.request.phone,
  note: r.request.note,
  state: r.request.state as TMarketRequestState,
  reply: r.request.reply,
  handledBy: r.request.handledBy,
  createdAt: r.request.createdAt.getTime(),
  updatedAt: r.request.updatedAt.getTime(),
});

/** The states a request may reach `target` from. */
const movableTo = (target: TMarketRequestState) =>
  marketRequestStates.filter((s) => marketRequestMoves[s].includes(target));

const nameOf = (auth: TAuth) => auth.realName || auth.username;

export type TMarketService = ReturnType<typeof createMarketService>;

/** 第三方市场: the platform lists other vendors' add-ons, enterprises request them, the platform follows up. */
export const createMarketService = (deps: {
  /** A notice to a person's bell (the system area), in the caller's transaction. */
  notify: (
    db: TDb,
    rows: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
  ) => Promise<void>;
}) => ({
  list: async ({ auth, tx }: TRequestContext): Promise<TMarketListing[]> => {
    const states = await repo.latestStates(tx, auth.tenantId);
    // The binder's response schema leaves out what an enterprise need not see (listing, order).
    return (await repo.items(tx, true)).map((i) => ({
      ...toItem(i),
      requestState: (states.get(i.id) as TMarketRequestState | undefined) ?? null,
    }));
  },

  /** One open request per enterprise and item, kept by the database (a double click sends once). */
  apply: async ({ auth, tx }: TRequestContext, input: TRouteInput<'market', 'marketApply'>) => {
    if (auth.isSuper) throw errors.platformNeedsNone();
    const item = await repo.item(tx, input.itemId);
    if (!item?.isListed) throw errors.itemMissing();
    const id = await repo.insertRequest(tx, {
      tenantId: auth.tenantId,
      itemId: item.id,
      userId: auth.userId,
      author: nameOf(auth),
      contactName: input.contactName,
      phone: input.phone,
      note: input.note,
    });
    if (id === null) throw errors.requestOpen();
    return toRequest((await repo.request(tx, id, auth.tenantId))!);
  },

  mine: async ({ auth, tx }: TRequestContext, input: TRouteInput<'market', 'marketMine'>) => {
    const { records, total } = await repo.page(tx, { tenantId: auth.tenantId, state: input.state }, input);
    return toPage(records.map(toRequest), total, input);
  },

  items: (ctx: TRequestContext) => asPlatform(ctx, async (db) => (await repo.items(db, false)).map(toItem)),

  saveItem: (ctx: TRequestContext, input: TRouteInput<'market', 'marketItemSave'>) =>
    asPlatform(ctx, async (db) => {
      const { id, ...fields } = input;
      const saved = id === undefined ? await repo.insertItem(db, fields) : await repo.updateItem(db, id, fields);
      if (!saved) throw errors.itemMissing();
      return toItem(saved);
    }),

  queue: (ctx: TRequestContext, input: TRouteInput<'market', 'marketQueue'>) =>
    asPlatform(ctx, async (db) => {
      const { page, limit, ...filter } = input;
      const { records, total } = await repo.page(db, filter, { page, limit });
      return toPage(records.map(toRequest), total, input);
    }),

  /** 已联系 / 已完成 / 已拒绝, each a conditional move; the requester's bell hears of it. */
  handle: (ctx: TRequestContext, input: TRouteInput<'market', 'marketHandle'>) =>
    asPlatform(ctx, async (db) => {
      const moved = await repo.move(db, input.id, movableTo(input.state), {
        state: input.state,
        reply: input.reply,
        handledBy: nameOf(ctx.auth),
      });
      if (!moved) {
        const found = await repo.request(db, input.id);
        if (!found) throw errors.requestMissing();
        throw errors.badMove(marketRequestStateLabel[found.request.state as TMarketRequestState]);
      }
      const item = await repo.item(db, moved.itemId);
      const label = marketRequestStateLabel[input.state];
      await deps.notify(db, [
        {
          tenantId: moved.tenantId,
          userId: moved.userId,
          title: `您申请的「${item?.name ?? '应用'}」${label}`,
          content: input.reply || `平台已将您的申请标记为${label}`,
          link: marketNoticeLink,
        },
      ]);
      return null;
    }),
});
