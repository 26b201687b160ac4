import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { routeTables, TRequestOf } from '@yunhu/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN/signIn';
import { loginByPassword } from '../api';

type TValues = TRequestOf<typeof routeTables.auth.login>;

/** Who must change the password before going on, and the password he just typed. */
export type TMustChange = { username: string; oldPassword?: string };

export const PasswordLoginForm = ({ onMustChange }: { onMustChange: (who: TMustChange) => void }) => {
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const onFinish = async ({ username, password }: TValues) => {
    setBusy(true);
    try {
      const { mustChangePassword } = await loginByPassword(username.trim(), password);
      if (mustChangePassword) onMustChange({ username: username.trim(), oldPassword: password });
      else navigate('/menu/home');
    } catch {
      // The HTTP client showed the server's reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<TValues> onFinish={onFinish} size="large" data-testid="password-login-form">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t.auth.usernamePlaceholder }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t.auth.usernamePlaceholder}
          aria-label={t.auth.username}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t.auth.passwordPlaceholder }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t.auth.passwordPlaceholder}
          aria-label={t.auth.password}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isBusy} data-testid="login-submit">
        {t.auth.login}
      </Button>
    </Form>
  );
};
