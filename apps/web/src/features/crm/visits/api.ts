import { useQueryClient } from '@tanstack/react-query';
import { crmSettingsRoutes, type TRequestOf, type TResponseOf } from '@yunhu/contract';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { call } from '../../../shared/http/api';

const s = crmSettingsRoutes;

/** Page key of 回访列表 on the shared ListPage (its query keys start with it). */
export const visitPageKey = 'crmVisits';

export type TVisit = TResponseOf<typeof s.visitPagePlus>['records'][number];
export type TVisitPage = TResponseOf<typeof s.visitPagePlus>;
export type TVisitInput = TRequestOf<typeof s.visitAdd>;

/** Adding and deleting return visits, refreshing the list and the customers' timelines (they show visits). */
export const useVisitActions = () => {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [visitPageKey] }),
      client.invalidateQueries({ queryKey: ['crm', 'timeline'] }),
    ]);
  return {
    add: async (input: TVisitInput) => {
      await call(s.visitAdd, input);
      await refresh();
    },
    remove: async (ids: number[]) => {
      await call(s.visitDelete, { ids });
      await refresh();
    },
  };
};

/**
 * The response of the list on screen under a ListPage key: the list runs its own query, and the
 * summary above it reads the same answer instead of asking again. While another page loads, the
 * last answer stays.
 */
export const useListPageData = <T>(pageKey: string): T | undefined => {
  const cache = useQueryClient().getQueryCache();
  const last = useRef<T | undefined>(undefined);
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = () => {
    const shown = cache.findAll({ queryKey: [pageKey], type: 'active' }).find((q) => q.state.data !== undefined);
    if (shown) last.current = shown.state.data as T;
    return last.current;
  };
  return useSyncExternalStore(subscribe, snapshot);
};
