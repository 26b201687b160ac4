import { useQuery } from '@tanstack/react-query';
import { ecSyncRoutes, type TEcConfigSave } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = ecSyncRoutes;

export const ecSyncKeys = {
  config: ['ecSync', 'config'] as const,
  /** The sync log's cache prefix (its page key). */
  items: 'ec-sync-items',
};

export const useEcConfig = () => useQuery({ queryKey: ecSyncKeys.config, queryFn: () => call(r.configGet, {}) });

export const useSaveEcConfig = () =>
  useRefreshingMutation((input: TEcConfigSave) => call(r.configSave, input), [ecSyncKeys.config]);

/** 测试连接 with the form's values (an empty secret: the saved one). */
export const testEcConnection = (input: { corpId: string; appId: string; appSecret: string }) =>
  call(r.configTest, input);

export const useRetryItem = () =>
  useRefreshingMutation((id: number) => call(r.itemRetry, { id }), [[ecSyncKeys.items]]);

export const usePull = () => useRefreshingMutation(() => call(r.pull, {}), [[ecSyncKeys.items], ecSyncKeys.config]);
