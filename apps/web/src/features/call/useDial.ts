import { calleeBusyMessage, callRoutes, Perm, softphoneLineMode, type TDialResult } from '@yunhu/contract';
import { createElement, useEffect, useRef } from 'react';
import * as t from '../../locales/zh-CN';
import { call } from '../../shared/http/api';
import { useApp } from '../../shared/modal/useApp';
import { usePermission } from '../../shared/permission/usePermission';
import { notOnlineText, softphoneCall, useSoftphone } from '../softphone';
import { useSelectedLine } from './api';
import { followCallProgress } from './callProgress';
import { CallProgressNotice } from './components/CallProgressNotice';
import { runDial, type TDialTarget } from './dialFlow';
import { useCallStore } from './store';

/** How long 已结束 stays on screen before the notice goes. */
const endedNoticeMs = 5000;

export type TDialOutcome = Awaited<ReturnType<typeof runDial>> | 'noLine' | 'offline';

/**
 * The dial flow (spec section 4) bound to the page: the chosen line, the soft-phone, the notices.
 * Every dial of the product goes through here (the call button, the calling task's card);
 * `onDialed` hears the dial request's answer (its bind id) before the call goes on.
 */
export const useDial = () => {
  const canDial = usePermission(Perm.callDial);
  const line = useSelectedLine(canDial);
  const { modal, notification, message } = useApp();
  const isInCall = useSoftphone((s) => s.isInCall);
  const wasInCall = useRef(false);

  // The calling flag lasts as long as the soft-phone's call: cleared when it hangs up.
  useEffect(() => {
    if (wasInCall.current && !isInCall && useCallStore.getState().isCalling) {
      useCallStore.getState().set({ isCalling: false });
    }
    wasInCall.current = isInCall;
  }, [isInCall]);

  const dial = async (target: TDialTarget, onDialed?: (result: TDialResult) => void): Promise<TDialOutcome> => {
    if (!line) {
      message.warning(t.call.noLine);
      return 'noLine';
    }
    // Spec section 5: calling on the soft-phone needs it online; asked first, so no request is wasted.
    if (line.lineMode === softphoneLineMode && !useSoftphone.getState().isLoggedIn) {
      notification.warning({ title: t.app.noticeTitle, description: notOnlineText() });
      return 'offline';
    }
    return runDial(target, {
      flags: () => useCallStore.getState(),
      setFlags: (flags) => useCallStore.getState().set(flags),
      lineId: line.lineId,
      calleeCheck: (x) => call(callRoutes.calleeCheck, { mobile: x.telB, octCustomerId: x.customerId }),
      dial: async (x, interfaceId) => {
        const result = await call(callRoutes.dial, {
          telB: x.telB,
          interfaceId,
          octCustomerId: x.customerId,
          taskItemId: x.taskItemId,
        });
        onDialed?.(result);
        return result;
      },
      softphoneCall,
      cancelDial: (bindId) => call(callRoutes.dialCancel, { bindId }),
      showAliveVisible: () =>
        modal.warning({
          title: t.app.noticeTitle,
          content: calleeBusyMessage,
          okText: t.common.confirm,
          onOk: () => useCallStore.getState().set({ isAliveVisible: false }),
        }),
      notify: (title, description) => notification.success({ title, description }),
      // 拨号成功 stays up with the call's progress until it ended, then goes a few seconds later.
      followCall: (bindId, title, hint) => {
        notification.success({
          key: bindId,
          title,
          description: createElement(CallProgressNotice, { bindId, hint }),
          duration: 0,
        });
        void followCallProgress(bindId, { fetchState: (b) => call(callRoutes.dialState, { bindId: b }) }).then(() =>
          setTimeout(() => notification.destroy(bindId), endedNoticeMs),
        );
      },
      showError: (text) => message.error(text),
      showWarning: (text) => notification.warning({ title: t.app.noticeTitle, description: text }),
    });
  };

  return { canDial, line, dial };
};
