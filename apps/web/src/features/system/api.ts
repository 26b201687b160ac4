import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orgRoutes, systemRoutes } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

export const noticeKeys = {
  all: ['notice'] as const,
  page: (page: number, limit: number) => ['notice', page, limit] as const,
};

/** My notices, one page, with the unread count. */
export const useMyNotices = (page = 1, limit = 5, isEnabled = true) =>
  useQuery({
    queryKey: noticeKeys.page(page, limit),
    queryFn: () => call(systemRoutes.myNoticePage, { page, limit }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    enabled: isEnabled,
  });

/** Marks notices read (`ids`) or all of them (`all`), then refreshes every notice query. */
export const useMarkRead = () =>
  useRefreshingMutation(
    (input: { ids?: number[]; all?: boolean }) => call(systemRoutes.noticeRead, input),
    [noticeKeys.all],
  );

export const useLogInfo = (id: number) =>
  useQuery({
    queryKey: ['log', id],
    queryFn: () => call(systemRoutes.logInfo, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });

/**
 * The signed-in person's menu for 操作指南: the side menu's own request and cache entry (the org
 * feature's useMenuNav shares the key), read here without importing that feature (org imports this one).
 */
export const useGuideMenu = () =>
  useQuery({
    queryKey: ['org', 'nav'],
    queryFn: () => call(orgRoutes.menuNav, {}),
    staleTime: 5 * 60_000,
  });
