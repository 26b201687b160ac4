import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  crmImportRoutes,
  crmRoutes,
  crmSettingsRoutes,
  type TCustomer,
  type TCustomerListQuery,
  type TCustomField,
  type TScreenConfig,
  type TTimelineItem,
  type timelineKinds,
} from '@yunhu/contract';
import { assigneesKey } from '../../shared/customers';
import { call } from '../../shared/http/api';

export type TPool = 'private' | 'public';
export type TScreen = 'myCustomer' | 'totalOfCustomer';
export type TTimelineKind = (typeof timelineKinds)[number];

/**
 * Query keys of the CRM area. The settings helper invalidates tags, fields, quick replies, rules
 * and the screen config under these exact keys, so keep them stable.
 */
/** Page keys of the lists built on the shared ListPage (its query key starts with them). */
export const recyclePageKey = 'crmRecycler';
export const ownerLogPageKey = 'crmOwnerLog';

export const crmKeys = {
  tags: ['crm', 'tags'] as const,
  fields: ['crm', 'fields'] as const,
  quick: ['crm', 'quick'] as const,
  rules: ['crm', 'rules'] as const,
  screenConfig: (screen: TScreen) => ['crm', 'screenConfig', screen] as const,
  assignees: assigneesKey,
  depts: ['crm', 'depts'] as const,
  customers: ['crm', 'customers'] as const,
  customerList: (pool: TPool, query: TCustomerListQuery) => ['crm', 'customers', pool, query] as const,
  customer: (id: number, pool: TPool) => ['crm', 'customer', id, pool] as const,
  timeline: (id: number, kinds: TTimelineKind[]) => ['crm', 'timeline', id, kinds] as const,
  recycle: ['crm', 'recycle'] as const,
  recycleDetail: (id: number) => ['crm', 'recycle', 'detail', id] as const,
};

const settings = crmSettingsRoutes;
const crm = crmRoutes;

/** The departments of the person's data scope (getDeptSelectList), for the 部门 filter. */
export const useScopeDepts = () =>
  useQuery({ queryKey: crmKeys.depts, queryFn: () => call(crmRoutes.deptOptions, {}) });

/** 导入批次: the customer imports of his data scope, offered by the lists' filter. */
export const useImportBatches = () =>
  useQuery({ queryKey: ['crm', 'import-batches'], queryFn: () => call(crmImportRoutes.importBatches, {}) });

export const useTags = () => useQuery({ queryKey: crmKeys.tags, queryFn: () => call(settings.tagList, {}) });

/** Every custom field in its order: lists, filters and forms are built from it. */
export const useCustomFields = () =>
  useQuery({ queryKey: crmKeys.fields, queryFn: () => call(settings.fieldQuery, {}) });

const noFields: TCustomField[] = [];
/** The custom fields, or a stable empty list while loading (memoised columns and forms depend on it). */
export const useFieldList = (): TCustomField[] => useCustomFields().data ?? noFields;

export const useQuickReplies = () => useQuery({ queryKey: crmKeys.quick, queryFn: () => call(settings.quickList, {}) });

export const useRules = () => useQuery({ queryKey: crmKeys.rules, queryFn: () => call(settings.rulesGet, {}) });

export { useAssignees } from '../../shared/customers';

export const useScreenConfig = (screen: TScreen) =>
  useQuery({ queryKey: crmKeys.screenConfig(screen), queryFn: () => call(settings.screenConfigGet, { screen }) });

/** Saves the screen's whole config (columns and saved filters), showing it at once. */
export const useSaveScreenConfig = (screen: TScreen) => {
  const client = useQueryClient();
  return async (next: TScreenConfig) => {
    const key = crmKeys.screenConfig(screen);
    const before = client.getQueryData<TScreenConfig>(key);
    client.setQueryData(key, next);
    try {
      await call(settings.screenConfigSave, { screen, ...next });
    } catch (e) {
      // The HTTP client showed why; put back what the server still holds.
      client.setQueryData(key, before);
      throw e;
    }
  };
};

export const customerListRoute = (pool: TPool) => (pool === 'private' ? crm.customerPage : crm.poolPage);

export const useCustomerList = (pool: TPool, query: TCustomerListQuery) =>
  useQuery({
    queryKey: crmKeys.customerList(pool, query),
    queryFn: () => call(customerListRoute(pool), query),
    placeholderData: (previous) => previous,
  });

export const useCustomer = (id: number, pool: TPool) =>
  useQuery({
    queryKey: crmKeys.customer(id, pool),
    queryFn: () => call(pool === 'private' ? crm.customerDetail : crm.poolDetail, { id }),
    enabled: id > 0,
    retry: false,
  });

export const useTimeline = (customerId: number, kinds: TTimelineKind[]) =>
  useQuery({
    queryKey: crmKeys.timeline(customerId, kinds),
    queryFn: (): Promise<TTimelineItem[]> =>
      call(crm.timeline, { customerId, kinds: kinds.length > 0 ? kinds : undefined }),
    enabled: customerId > 0,
  });

export const useRecycleDetail = (id: number) =>
  useQuery({
    queryKey: crmKeys.recycleDetail(id),
    queryFn: () => call(crm.recycleDetail, { id }),
    enabled: id > 0,
    retry: false,
  });

/** After any change to customers: lists, details, timelines, the bin and the owner log may all differ. */
export const invalidateCustomers = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: crmKeys.customers }),
    client.invalidateQueries({ queryKey: ['crm', 'customer'] }),
    client.invalidateQueries({ queryKey: ['crm', 'timeline'] }),
    client.invalidateQueries({ queryKey: crmKeys.recycle }),
    client.invalidateQueries({ queryKey: [recyclePageKey] }),
    client.invalidateQueries({ queryKey: [ownerLogPageKey] }),
    client.invalidateQueries({ queryKey: crmKeys.assignees }),
    client.invalidateQueries({ queryKey: crmKeys.tags }),
  ]);

export type { TCustomer };
