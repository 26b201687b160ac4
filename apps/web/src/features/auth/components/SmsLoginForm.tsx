import type { routeTables, TRequestOf } from '@yunhu/contract';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { loginBySms } from '../api';
import { MobileCodeFields } from './MobileCodeFields';
import type { TMustChange } from './PasswordLoginForm';

type TValues = TRequestOf<typeof routeTables.auth.loginBySms>;

export const SmsLoginForm = ({ onMustChange }: { onMustChange: (who: TMustChange) => void }) => {
  const [form] = Form.useForm<TValues>();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const onFinish = async ({ mobile, code }: TValues) => {
    setBusy(true);
    try {
      const { mustChangePassword } = await loginBySms(mobile, code);
      // No password typed: the change form asks for the one the administrator gave.
      if (mustChangePassword) onMustChange({ username: mobile });
      else navigate('/menu/home');
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} onFinish={onFinish} size="large" data-testid="sms-login-form">
      <MobileCodeFields form={form} purpose="login" />
      <Button type="primary" htmlType="submit" block loading={isBusy} data-testid="sms-login-submit">
        {t.auth.login}
      </Button>
    </Form>
  );
};
