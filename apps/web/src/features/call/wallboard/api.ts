import { useQuery } from '@tanstack/react-query';
import { wallboardPollMs, wallboardRoutes } from '@yunhu/contract';
import { call } from '../../../shared/http/api';

export const wallboardKeys = { all: ['call', 'wallboard'] as const };

/** 实时监控: one cheap request every few seconds while the page is open (not in a hidden tab). */
export const useWallboard = () =>
  useQuery({
    queryKey: wallboardKeys.all,
    queryFn: () => call(wallboardRoutes.wallboard, {}),
    refetchInterval: wallboardPollMs,
    refetchIntervalInBackground: false,
  });
