import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { maskPhone } from '@yunhu/contract';
import { useState } from 'react';
import * as t from '../../locales/zh-CN';

export { maskPhone };

type TPhoneProps = {
  value: string | null | undefined;
  /** The number came unmasked from the server (the user may see it): offer an eye to show it whole. */
  isRevealable?: boolean;
};

/** Spec section 3, display rule: a phone number is shown masked (3 leading, 4 trailing digits). */
export const Phone = ({ value, isRevealable = false }: TPhoneProps) => {
  const [isShown, setShown] = useState(false);
  if (!isRevealable || !value) return <span className="yh-phone">{maskPhone(value)}</span>;
  const Icon = isShown ? EyeInvisibleOutlined : EyeOutlined;
  return (
    <span className="yh-phone">
      {isShown ? value : maskPhone(value)}{' '}
      <Icon
        role="button"
        aria-label={isShown ? t.common.hidePhone : t.common.showPhone}
        style={{ cursor: 'pointer', color: '#999' }}
        onClick={(e) => {
          e.stopPropagation();
          setShown(!isShown);
        }}
      />
    </span>
  );
};
