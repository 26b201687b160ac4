import { callbackLineMode, softphoneLineMode, type TDialResult } from '@yunhu/contract';
import * as t from '../../locales/zh-CN';
import { ApiError } from '../../shared/http/handle';
import type { TCallStore } from './store';

/** Codes whose message the HTTP client already shows (spec section 8, response handling). */
const shownByClient = new Set([0, 401, 403, 500, 10002, 10056]);
const isShownByClient = (error: unknown) =>
  error instanceof ApiError && (shownByClient.has(error.code) || (error.code >= 300 && error.code < 600));
const messageOf = (error: unknown) => (error instanceof Error && error.message) || t.app.unknownError;

/**
 * Whom to call; `taskItemId` when 我的任务 dials one of its customers (the server checks the task),
 * with the task's id, which the call in hand is then known by (the dock's 话术 shows its script).
 */
export type TDialTarget = { telB: string; customerId?: number; taskItemId?: number; taskId?: number };

export type TDialDeps = {
  flags: () => Pick<TCallStore, 'isCalling' | 'isCalled'>;
  setFlags: TCallStore['set'];
  lineId: number;
  calleeCheck: (target: TDialTarget) => Promise<true | 0>;
  dial: (target: TDialTarget, lineId: number) => Promise<TDialResult>;
  softphoneCall: (target: string, bindId: string) => Promise<void>;
  /** Withdraws a soft-phone request the page could not place. */
  cancelDial: (bindId: string) => Promise<unknown>;
  /** Shows the alive-visible prompt; its closing clears the flag. */
  showAliveVisible: () => void;
  notify: (title: string, description: string) => void;
  /**
   * Follows a call-back (carrier) call to its end: shows 拨号成功 with its progress and
   * clears the calling flag once it ended. Without it the flow only says 拨号成功.
   */
  followCall?: (bindId: string, title: string, description: string) => void;
  showError: (text: string) => void;
  showWarning: (text: string) => void;
};

/**
 * The dial flow, exactly as spec section 4 says:
 * 1. a click while a call flag is active does nothing;
 * 2. callee check: true -> the alive-visible prompt, the call flag cleared; 0 -> go on;
 * 3. the dial request on the chosen line;
 * 4. line 2 -> the number is stored and the SIP call starts, the calling flag set when the status
 *    is 1, otherwise the called flag cleared; other lines -> 拨号成功 with 请查看APP (not line 0)
 *    or 请等待接听 (line 0);
 * 5. failure -> flags cleared, the message shown (msg or 未知错误).
 * Answers what happened, for tests and callers.
 */
export const runDial = async (
  target: TDialTarget,
  deps: TDialDeps,
): Promise<'ignored' | 'alive' | 'softphone' | 'carrier' | 'failed'> => {
  const flags = deps.flags();
  if (flags.isCalling || flags.isCalled) return 'ignored';
  deps.setFlags({ isCalled: true });
  let isAlive: true | 0;
  try {
    isAlive = await deps.calleeCheck(target);
  } catch (error) {
    // Section 8: a check answered with a non-zero code shows a warning with its message.
    deps.setFlags({ isCalled: false, isCalling: false });
    if (!isShownByClient(error)) deps.showWarning(messageOf(error));
    return 'failed';
  }
  if (isAlive === true) {
    deps.setFlags({ isAliveVisible: true, isCalled: false });
    deps.showAliveVisible();
    return 'alive';
  }
  try {
    const result = await deps.dial(target, deps.lineId);
    deps.setFlags({ lastDialAt: Date.now() });
    if (result.lineMode === softphoneLineMode) {
      try {
        await deps.softphoneCall(result.sipTarget || target.telB, result.bindId);
      } catch (error) {
        // The phone's own refusals (请先点击上线按钮, 呼叫失败, 媒体权限被拒绝) are 温馨提示 notices (spec section 8).
        deps.setFlags({ isCalled: false, isCalling: false });
        deps.showWarning(messageOf(error));
        void deps.cancelDial(result.bindId).catch(() => undefined);
        return 'failed';
      }
      if (result.status === 1)
        deps.setFlags({
          isCalling: true,
          isCalled: false,
          callTaskId: target.taskId ?? null,
          callCustomerId: target.customerId ?? null,
        });
      else deps.setFlags({ isCalled: false });
      return 'softphone';
    }
    const hint = result.lineMode === callbackLineMode ? t.call.waitAnswer : t.call.checkApp;
    if (deps.followCall && result.status === 1) {
      // The call flag stays up while the carrier's call happens: a second 拨打 does nothing.
      deps.setFlags({ isCalling: true, isCalled: false, activeCall: { bindId: result.bindId, progress: 'calling' } });
      deps.followCall(result.bindId, t.call.dialOkTitle, hint);
    } else {
      deps.notify(t.call.dialOkTitle, hint);
      deps.setFlags({ isCalled: false });
    }
    return 'carrier';
  } catch (error) {
    deps.setFlags({ isCalled: false, isCalling: false });
    if (!isShownByClient(error)) deps.showError(messageOf(error));
    return 'failed';
  }
};
