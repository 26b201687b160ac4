import { useQueryClient } from '@tanstack/react-query';
import { blacklistRoutes, Perm, type TBlackLevel, type TRequestOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = blacklistRoutes;

/**
 * The routes and permissions of one list: the enterprise's (企业黑名单) or the platform's
 * (平台黑名单, the platform operator's). Both screens are one component over these.
 */
export const listApi = {
  tenant: {
    pageKey: 'blacklist-tenant',
    routes: {
      page: r.page,
      addOne: r.addOne,
      addBatch: r.addBatch,
      edit: r.edit,
      remove: r.remove,
      removeBatch: r.removeBatch,
      importExcel: r.importExcel,
      exportExcel: r.exportExcel,
    },
    perms: {
      add: Perm.blacklistAdd,
      update: Perm.blacklistUpdate,
      delete: Perm.blacklistDelete,
      import: Perm.blacklistImport,
      export: Perm.blacklistExport,
    },
  },
  platform: {
    pageKey: 'blacklist-platform',
    routes: {
      page: r.platformPage,
      addOne: r.platformAddOne,
      addBatch: r.platformAddBatch,
      edit: r.platformEdit,
      remove: r.platformRemove,
      removeBatch: r.platformRemoveBatch,
      importExcel: r.platformImportExcel,
      exportExcel: r.platformExportExcel,
    },
    perms: {
      add: Perm.platformBlacklistAdd,
      update: Perm.platformBlacklistUpdate,
      delete: Perm.platformBlacklistDelete,
      import: Perm.platformBlacklistImport,
      export: Perm.platformBlacklistExport,
    },
  },
} as const satisfies Record<TBlackLevel, unknown>;

export type TListApi = (typeof listApi)[TBlackLevel];

/** A write on a list; the list reloads afterwards. */
const useListWrite = <I, O>(level: TBlackLevel, fn: (input: I) => Promise<O>) =>
  useRefreshingMutation(fn, [[listApi[level].pageKey]]);

export const useAddOne = (level: TBlackLevel) =>
  useListWrite(level, (input: TRequestOf<typeof r.addOne>) => call(listApi[level].routes.addOne, input));

export const useAddBatch = (level: TBlackLevel) =>
  useListWrite(level, (input: TRequestOf<typeof r.addBatch>) => call(listApi[level].routes.addBatch, input));

export const useEdit = (level: TBlackLevel) =>
  useListWrite(level, (input: TRequestOf<typeof r.edit>) => call(listApi[level].routes.edit, input));

export const useRemove = (level: TBlackLevel) =>
  useListWrite(level, (ids: number[]) => call(listApi[level].routes.removeBatch, { ids }));

/** Reloads a list after an import wrote to it. */
export const useReloadList = (level: TBlackLevel) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [listApi[level].pageKey] });
};

export const checkNumbers = (phones: string[]) => call(r.checkList, { phones });

/** 企业黑名单 of companies: its list's key, its writes (the list reloads after each). */
export const companyPageKey = 'blacklist-company';

export const useCompanyAdd = () =>
  useRefreshingMutation((input: TRequestOf<typeof r.companyAdd>) => call(r.companyAdd, input), [[companyPageKey]]);

export const useCompanyAddBatch = () =>
  useRefreshingMutation(
    (input: TRequestOf<typeof r.companyAddBatch>) => call(r.companyAddBatch, input),
    [[companyPageKey]],
  );

export const useCompanyRemove = () =>
  useRefreshingMutation((ids: number[]) => call(r.companyRemove, { ids }), [[companyPageKey]]);
