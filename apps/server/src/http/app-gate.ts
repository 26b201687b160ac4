import { appOfApiKeys, appOfRoute, type TRouteDef } from '@yunhu/contract';
import type { TAuth } from './context.js';
import { defineErrors } from './errors.js';

/** The refusal of an add-on that is off (应用中心), whatever the route. */
export const appGateErrors = defineErrors('appCentre', {
  appOff: ['forbidden', '该应用未开通，请在应用中心开通'],
});

/**
 * The binder's one check of the add-ons (docs/decisions/0100): a route of an add-on the enterprise
 * has off, and any call with an API key while 开放平台 is off, is refused. The off add-ons came with
 * the session (TAuth.offApps), so this costs no statement. Returns the check for one route, made
 * once when the route is bound.
 */
export const appGateOf = (route: TRouteDef) => {
  const code = appOfRoute(route);
  return (auth: TAuth, isKey: boolean) => {
    const off = auth.offApps;
    if (!off?.length) return;
    if ((code && off.includes(code)) || (isKey && off.includes(appOfApiKeys))) throw appGateErrors.appOff();
  };
};
