import { callRoutes, softphoneLineMode, type TSipLineConfig } from '@yunhu/contract';
import * as t from '../../locales/zh-CN';
import { createHttp } from '../../shared/http/client';
import { ApiError } from '../../shared/http/handle';
import { expireSession } from '../../shared/session';
import { useSoftphone } from './store';

/**
 * The soft-phone's SIP configuration (spec section 4: line-config request with lineId=2), fetched
 * when the widget mounts so 上线 is immediate. Its outcome decides what 上线 says (spec section 5):
 * still loading 正在获取配置, code not 0 获取配置失败，请刷新重试, key or passWord missing 配置格式错误;
 * the server's "no soft-phone seat for you" (decision 0004) says so, as the fix is the admin's.
 */
export type TConfigSlot =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'noSeat'; message: string }
  | { state: 'invalid' }
  | { state: 'ready'; config: TSipLineConfig };

/**
 * Its own client without the global error message: loading happens on every page load, and a user
 * whose seat lapsed should only hear about it when he clicks 上线 (an expired session still signs out).
 */
const quietHttp = createHttp({ showError: () => undefined, onExpired: expireSession });

/** What a config must hold to register (the server's schema aside: the spec's own check). */
export const isUsableConfig = (value: unknown): value is TSipLineConfig => {
  const c = value as Partial<TSipLineConfig> | null | undefined;
  return Boolean(c?.key && c.passWord && c.wsUrl && c.realm);
};

/** The server's key for "no seat on an active soft-phone line covers now" (call.errors.ts). */
const noSoftphoneSeat = 'call.noSoftphoneSeat';

/**
 * What a refused config request means for 上线: decided by the error key, never its text; the
 * server's own reason (its message) is what the person reads, e.g. 您没有可用的软电话坐席.
 */
export const slotOfRefusal = (error: unknown): TConfigSlot =>
  error instanceof ApiError && error.reason === noSoftphoneSeat
    ? { state: 'noSeat', message: error.message || t.softphone.noSeat }
    : { state: 'failed' };

let slot: TConfigSlot = { state: 'failed' };
let loading: Promise<TConfigSlot> | null = null;

export const configSlot = (): TConfigSlot => slot;

/** (Re)loads the config; concurrent callers share one request. */
export const loadLineConfig = (): Promise<TConfigSlot> => {
  if (loading) return loading;
  slot = { state: 'loading' };
  useSoftphone.getState().setConfigState('loading');
  const route = callRoutes.lineConfig;
  loading = quietHttp
    .post(route.path, { lineId: softphoneLineMode })
    .then(
      (res): TConfigSlot => (isUsableConfig(res.data) ? { state: 'ready', config: res.data } : { state: 'invalid' }),
    )
    .catch(slotOfRefusal)
    .then((next) => {
      slot = next;
      loading = null;
      useSoftphone.getState().setConfigState(next.state, next.state === 'noSeat' ? next.message : '');
      return next;
    });
  return loading;
};
