import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformContentRoutes, platformRoutes, type TBrandValues, type TRequestOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = platformContentRoutes;

export const contentKeys = {
  contract: (id: number) => ['platform-contract', id] as const,
  enterprise: (id: number) => ['platform-enterprise', id] as const,
  notices: 'platform-notices',
  brand: ['platform-brand'] as const,
};

export const useEnterpriseInfo = (id: number) =>
  useQuery({
    queryKey: contentKeys.enterprise(id),
    queryFn: () => call(platformRoutes.enterpriseInfo, { id }),
    enabled: id > 0,
  });

export const useContract = (id: number) =>
  useQuery({ queryKey: contentKeys.contract(id), queryFn: () => call(r.findContract, { id }), enabled: id > 0 });

export const useSaveContract = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TRequestOf<typeof r.saveContract>) => call(r.saveContract, input),
    onSuccess: (c) => client.invalidateQueries({ queryKey: contentKeys.contract(c.tenantId) }),
  });
};

/** Enterprises a notice can be addressed to (active ones first page is enough for the picker). */
export const useEnterpriseOptions = (isEnabled: boolean) =>
  useQuery({
    queryKey: ['platform-enterprise-options'],
    queryFn: () => call(platformRoutes.enterprisePage, { page: 1, limit: 500 }),
    enabled: isEnabled,
  });

export const usePublishNotice = () =>
  useRefreshingMutation(
    (input: TRequestOf<typeof r.noticePublish>) => call(r.noticePublish, input),
    [[contentKeys.notices]],
  );

export const useDeleteNotices = () =>
  useRefreshingMutation((ids: number[]) => call(r.noticeDelete, { ids }), [[contentKeys.notices]]);

export const useBrandList = () => useQuery({ queryKey: contentKeys.brand, queryFn: () => call(r.brandList, {}) });

export const useSaveBrand = () =>
  useRefreshingMutation(
    (input: { host: string; values: Partial<TBrandValues> }) => call(r.brandSave, input),
    [contentKeys.brand],
  );

export const useDeleteBrand = () =>
  useRefreshingMutation((host: string) => call(r.brandDelete, { host }), [contentKeys.brand]);
