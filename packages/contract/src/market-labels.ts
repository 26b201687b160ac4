// The market's labels, lists and permission strings, apart from its zod schemas so the web reaches
// them without zod; market.ts re-exports them under the same names.

/**
 * 第三方市场 (spec section 2 `ThirdParty/Market`): other vendors' add-ons the platform lists; an
 * enterprise requests one (申请) and the platform operator follows the request up.
 */
export const MarketPerm = {
  view: 'market:item:list',
  apply: 'market:request:add',
  manage: 'platform:market:manage',
} as const;

/** pending 待处理 → contacted 已联系 → done 已完成, or rejected 已拒绝 (with a note). */
export const marketRequestStates = ['pending', 'contacted', 'done', 'rejected'] as const;
export type TMarketRequestState = (typeof marketRequestStates)[number];

export const marketRequestStateLabel: Record<TMarketRequestState, string> = {
  pending: '待处理',
  contacted: '已联系',
  done: '已完成',
  rejected: '已拒绝',
};

/** The states a request may be moved to from each state; done and rejected are final. */
export const marketRequestMoves: Record<TMarketRequestState, readonly TMarketRequestState[]> = {
  pending: ['contacted', 'done', 'rejected'],
  contacted: ['done', 'rejected'],
  done: [],
  rejected: [],
};

/** A request still open: the enterprise may not request the same item again meanwhile. */
export const isMarketRequestOpen = (state: TMarketRequestState) => state === 'pending' || state === 'contacted';

/** Where the bell's notice of a handled request leads: the enterprise's market, its requests. */
export const marketNoticeLink = '/menu/ThirdParty/Market?tab=requests';
