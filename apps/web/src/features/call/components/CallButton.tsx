import { PhoneOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Tooltip } from 'antd';
import { t } from '../../../locales/zh-CN';
import { useDial } from '../useDial';

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
  const { canDial, line, dial } = useDial();
  if (!canDial) return null;
  return (
    <Tooltip title={line ? `${t.call.call}（${line.lineName}）` : t.call.noLine}>
      <Button
        size={size}
        type={type}
        icon={<PhoneOutlined />}
        onClick={() => void dial({ telB, customerId })}
        aria-label={t.call.call}
        data-testid={customerId ? `call-customer-${customerId}` : 'call-number'}
      >
        {label}
      </Button>
    </Tooltip>
  );
};
