import type { TUserInfo } from '@yunhu/contract';
import { createElement } from 'react';
import * as t from '../../locales/zh-CN';
import { lazyComponent } from '../../shared/lazyComponent';
import { useUserStore } from '../../shared/stores/user';
import type { TDockProps } from './components/SoftphoneWidget';
import { loadPhone } from './lazyPhone';

export { SoftphoneError, type TSoftphoneRefusal } from './errors';
export type { TSoftphoneStore } from './store';
/**
 * The soft-phone's API for the dial flow (spec section 4, step 4: "line 2 means soft-phone call:
 * the number is stored and a SIP call starts").
 */
export { notOnlineText, useSoftphone } from './store';

/**
 * Places the SIP call to sip:<target>@<realm> carrying `X-Bind-Id: <bindId>`, so the server ties
 * the call record to the dial request. `display` is what the widget shows as the other party (the
 * masked number when `target` is the bind id); by default the target, or 客户号码 for a bind id.
 * Resolves once the INVITE is under way; rejects with a SoftphoneError: reason 'notOnline'
 * (请先点击上线按钮) when the phone is offline, 'busy' (呼叫失败) when a call is already in progress or
 * the stack refuses, 'mediaDenied' (媒体权限被拒绝) when the microphone is refused.
 */
export const softphoneCall = async (target: string, bindId: string, display?: string): Promise<void> => {
  const { placeCall } = await loadPhone();
  return placeCall(
    target,
    [`X-Bind-Id: ${bindId}`],
    display ?? (target === bindId ? t.softphone.customerNumber : target),
  );
};

/** The widget in its own chunk, after the shell; JsSIP comes later still (lazyPhone.ts). */
const LazyWidget = lazyComponent(() => import('./components/SoftphoneWidget'), 'SoftphoneWidget');

/**
 * Who gets the soft-phone: a person whose user info says he holds a valid soft-phone
 * seat now; never the platform operator. Nobody else loads its chunk or asks for a line config.
 */
export const isSoftphoneUser = (user: TUserInfo | null) =>
  user !== null && user.superTenant !== 1 && user.hasSoftphoneSeat;

/**
 * The soft-phone dock of the shell: rendered only for soft-phone users (isSoftphoneUser).
 * `scriptLineId`: the line a dial would use, and `scriptTaskId` the task the call in hand was dialled
 * within, whose own 话术 the dock's panel shows first (the task's, then the line's); `customer`: what
 * the shell shows of the call's customer.
 */
export const SoftphoneWidget = ({ scriptLineId = null, scriptTaskId = null, customer = null }: TDockProps) => {
  const isShown = useUserStore((s) => isSoftphoneUser(s.user));
  return isShown ? createElement(LazyWidget, { scriptLineId, scriptTaskId, customer }) : null;
};
