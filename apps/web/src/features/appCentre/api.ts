import { useQuery } from '@tanstack/react-query';
import { appCentreRoutes, type TAppCode, type TAppProductSave } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = appCentreRoutes;

export const appCentreKeys = {
  list: ['app-centre', 'list'] as const,
  info: ['app-centre', 'info'] as const,
  catalogue: ['app-centre', 'catalogue'] as const,
  /** The side menu (the org area's nav query): a switched add-on's screens come and go. */
  nav: ['org', 'nav'] as const,
};

export const useApps = () => useQuery({ queryKey: appCentreKeys.list, queryFn: () => call(r.appList, {}) });

export const useApp = (code: TAppCode | null) =>
  useQuery({
    queryKey: [...appCentreKeys.info, code],
    queryFn: () => call(r.appInfo, { code: code! }),
    enabled: code !== null,
  });

export const useSwitchApp = () =>
  useRefreshingMutation(
    (input: { code: TAppCode; isOn: boolean }) => call(r.appSwitch, input),
    [appCentreKeys.list, appCentreKeys.info, appCentreKeys.nav],
  );

export const useTrialApp = () =>
  useRefreshingMutation(
    (input: { code: TAppCode }) => call(r.appTrial, input),
    [appCentreKeys.list, appCentreKeys.info, appCentreKeys.nav],
  );

export const useCatalogue = () =>
  useQuery({ queryKey: appCentreKeys.catalogue, queryFn: () => call(r.appCatalogue, {}) });

export const useSaveCatalogue = () =>
  useRefreshingMutation(
    (input: TAppProductSave) => call(r.appCatalogueSave, input),
    [appCentreKeys.catalogue, appCentreKeys.list],
  );
