import { useQuery } from '@tanstack/react-query';
import { marketRoutes, type TMarketApply, type TMarketHandle, type TMarketItemSave } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = marketRoutes;

export const marketKeys = {
  list: ['market', 'list'] as const,
  items: ['market', 'items'] as const,
  /** The lists' cache prefixes (their page keys). */
  mine: 'market-mine',
  queue: 'market-queue',
};

export const useMarket = () => useQuery({ queryKey: marketKeys.list, queryFn: () => call(r.marketList, {}) });

export const useApply = () =>
  useRefreshingMutation((input: TMarketApply) => call(r.marketApply, input), [marketKeys.list, [marketKeys.mine]]);

export const useMarketItems = () => useQuery({ queryKey: marketKeys.items, queryFn: () => call(r.marketItems, {}) });

export const useSaveItem = () =>
  useRefreshingMutation((input: TMarketItemSave) => call(r.marketItemSave, input), [marketKeys.items, marketKeys.list]);

export const useHandle = () =>
  useRefreshingMutation((input: TMarketHandle) => call(r.marketHandle, input), [[marketKeys.queue]]);
