import { PhoneOutlined } from '@ant-design/icons';
import { calleeBusyMessage, Perm, routeTables, softphoneLineMode } from '@yunhu/contract';
import { App, Button, type ButtonProps, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { t } from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { usePermission } from '../../../shared/permission/usePermission';
import { softphoneCall, useSoftphone } from '../../softphone';
import { useSelectedLine } from '../api';
import { runDial } from '../dialFlow';
import { useCallStore } from '../store';

type TCallButtonProps = {
  /** The number as the page has it (a customer's mobile may be masked; the server dials the real one). */
  telB: string;
  customerId?: number;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  /** Text beside the icon; icon only when absent. */
  label?: string;
};

/**
 * 拨打: starts the dial flow (spec section 4) for one number on the chosen line. Shown to people
 * who may dial; does nothing while a call flag is active.
 */
export const CallButton = ({ telB, customerId, size = 'small', type = 'link', label }: TCallButtonProps) => {
  const canDial = usePermission(Perm.callDial);
  const line = useSelectedLine(canDial);
  const { modal, notification, message } = App.useApp();
  const isInCall = useSoftphone((s) => s.isInCall);
  const wasInCall = useRef(false);

  // The calling flag lasts as long as the soft-phone's call: cleared when it hangs up.
  useEffect(() => {
    if (wasInCall.current && !isInCall && useCallStore.getState().isCalling) {
      useCallStore.getState().set({ isCalling: false });
    }
    wasInCall.current = isInCall;
  }, [isInCall]);

  if (!canDial) return null;

  const onClick = () => {
    if (!line) {
      message.warning(t.call.noLine);
      return;
    }
    // Spec section 5: calling on the soft-phone needs it online; asked first, so no request is wasted.
    if (line.lineMode === softphoneLineMode && !useSoftphone.getState().isLoggedIn) {
      notification.warning({ title: t.app.noticeTitle, description: t.softphone.notOnline });
      return;
    }
    void runDial(
      { telB, customerId },
      {
        flags: () => useCallStore.getState(),
        setFlags: (flags) => useCallStore.getState().set(flags),
        lineId: line.lineId,
        calleeCheck: (target) =>
          call(routeTables.call.calleeCheck, { mobile: target.telB, octCustomerId: target.customerId }),
        dial: (target, interfaceId) =>
          call(routeTables.call.dial, { telB: target.telB, interfaceId, octCustomerId: target.customerId }),
        softphoneCall,
        showAliveVisible: () =>
          modal.warning({
            title: t.app.noticeTitle,
            content: calleeBusyMessage,
            okText: t.common.confirm,
            onOk: () => useCallStore.getState().set({ isAliveVisible: false }),
          }),
        notify: (title, description) => notification.success({ title, description }),
        showError: (text) => message.error(text),
        showWarning: (text) => notification.warning({ title: t.app.noticeTitle, description: text }),
      },
    );
  };

  return (
    <Tooltip title={line ? `${t.call.call}（${line.lineName}）` : t.call.noLine}>
      <Button
        size={size}
        type={type}
        icon={<PhoneOutlined />}
        onClick={onClick}
        aria-label={t.call.call}
        data-testid={customerId ? `call-customer-${customerId}` : 'call-number'}
      >
        {label}
      </Button>
    </Tooltip>
  );
};
