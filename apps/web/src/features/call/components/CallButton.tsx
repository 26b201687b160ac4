import { PhoneOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Tooltip } from 'antd';
import * as t from '../../../locales/zh-CN';
import { useDial } from '../useDial';

type TCallButtonProps = {
  /** The number as the page has it (a customer's mobile may be masked; the server dials the real one). */
  telB: string;
  customerId?: number;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  /** Text beside the icon; icon only when absent. */
  label?: string;
  /** The call is under way (the dial request's bind id): the page may follow it to its end. */
  onCallStarted?: (bindId: string) => void;
};

/**
 * 拨打: starts the dial flow (spec section 4) for one number on the chosen line. Shown to people
 * who may dial; does nothing while a call flag is active.
 */
export const CallButton = ({
  telB,
  customerId,
  size = 'small',
  type = 'link',
  label,
  onCallStarted,
}: TCallButtonProps) => {
  const { canDial, line, dial } = useDial();
  if (!canDial) return null;
  const onClick = async () => {
    let bindId = '';
    const outcome = await dial({ telB, customerId }, (r) => {
      bindId = r.bindId;
    });
    if (bindId && (outcome === 'softphone' || outcome === 'carrier')) onCallStarted?.(bindId);
  };
  return (
    <Tooltip title={line ? `${t.call.call}（${line.lineName}）` : t.call.noLine}>
      <Button
        size={size}
        type={type}
        icon={<PhoneOutlined />}
        onClick={() => void onClick()}
        aria-label={t.call.call}
        data-testid={customerId ? `call-customer-${customerId}` : 'call-number'}
      >
        {label}
      </Button>
    </Tooltip>
  );
};
