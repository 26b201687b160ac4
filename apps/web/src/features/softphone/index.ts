import { t } from '../../locales/zh-CN';
import { lazyComponent } from '../../shared/lazyComponent';
import { loadPhone } from './lazyPhone';

export { SoftphoneError, type TSoftphoneRefusal } from './errors';
export type { TSoftphoneStore } from './store';
/**
 * The soft-phone's API for the dial flow (spec section 4, step 4: "line 2 means soft-phone call:
 * the number is stored and a SIP call starts").
 */
export { useSoftphone } from './store';

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
export const SoftphoneWidget = lazyComponent(() => import('./components/SoftphoneWidget'), 'SoftphoneWidget');
