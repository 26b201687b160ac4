import { isCreditCode, isIdCardNo } from '@yunhu/contract';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../locales/zh-CN';
import { requiredText } from './rules';

const w = t.identityNumber;

const checks = {
  creditCode: { isValid: isCreditCode, bad: w.creditCodeBad },
  idCardNo: { isValid: isIdCardNo, bad: w.idCardNoBad },
} as const;

type TIdentityNumberFieldProps = {
  name: string;
  label: string;
  /** 统一社会信用代码 or a resident ID card's number. */
  kind: keyof typeof checks;
  extra?: ReactNode;
};

/**
 * A required 18-character identity number, checked by the contract's rule (the server's) as typed:
 * spaces around it dropped and letters upper-cased (an ID card's check character x).
 */
export const IdentityNumberField = ({ name, label, kind, extra }: TIdentityNumberFieldProps) => {
  const { isValid, bad } = checks[kind];
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[
        ...requiredText(label),
        {
          validator: (_r, v?: string) =>
            !v?.trim() || isValid(v.trim().toUpperCase()) ? Promise.resolve() : Promise.reject(new Error(bad)),
        },
      ]}
    >
      <Input maxLength={18} />
    </Form.Item>
  );
};
