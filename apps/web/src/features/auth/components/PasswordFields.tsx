import { Form, Input } from 'antd';
import * as t from '../../../locales/zh-CN';

/** Client-side mirror of the contract's ZPassword rule, so the user learns it before submitting. */
export const passwordRules = [
  { required: true, message: t.auth.passwordPlaceholder },
  { min: 8, message: '密码至少8位' },
  { max: 32, message: '密码最多32位' },
  { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: '密码需同时包含字母和数字' },
];

/** New password + confirmation, after the current one when `old` names it (a change, not a reset). */
export const PasswordFields = ({
  name = 'password',
  label = t.auth.newPassword,
  old,
}: {
  name?: string;
  label?: string;
  old?: { label: string; placeholder: string };
}) => (
  <>
    {old && (
      <Form.Item name="oldPassword" label={old.label} rules={[{ required: true, message: old.placeholder }]}>
        <Input.Password placeholder={old.placeholder} autoComplete="current-password" />
      </Form.Item>
    )}
    <Form.Item name={name} label={label} rules={passwordRules}>
      <Input.Password placeholder={t.auth.newPasswordPlaceholder} autoComplete="new-password" />
    </Form.Item>
    <Form.Item
      name="confirm"
      label={t.auth.confirmPassword}
      dependencies={[name]}
      rules={[
        { required: true, message: t.auth.confirmPasswordPlaceholder },
        ({ getFieldValue }) => ({
          validator: (_r, value) =>
            !value || value === getFieldValue(name)
              ? Promise.resolve()
              : Promise.reject(new Error(t.auth.passwordMismatch)),
        }),
      ]}
    >
      <Input.Password placeholder={t.auth.confirmPasswordPlaceholder} autoComplete="new-password" />
    </Form.Item>
  </>
);
