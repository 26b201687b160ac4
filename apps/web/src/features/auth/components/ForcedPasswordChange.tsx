import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN/signIn';
import { feedback } from '../../../shared/feedback';
import { changeInitialPassword } from '../api';
import { PasswordFields } from './PasswordFields';
import type { TMustChange } from './PasswordLoginForm';

type TValues = { oldPassword?: string; newPassword: string; confirm: string };

/**
 * The first sign-in of an account whose password someone else set: a new password
 * before anything else. The password just typed is the old one; after an SMS sign-in it is asked.
 */
export const ForcedPasswordChange = ({ who, onBack }: { who: TMustChange; onBack: () => void }) => {
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const onFinish = async (v: TValues) => {
    setBusy(true);
    try {
      await changeInitialPassword(who.username, who.oldPassword ?? v.oldPassword ?? '', v.newPassword);
      feedback.message.success(t.auth.mustChangeDone);
      navigate('/menu/home');
    } catch {
      // The HTTP client showed the server's reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<TValues> layout="vertical" onFinish={onFinish} data-testid="must-change-password">
      <h2 className="yh-login-title">{t.auth.mustChangeTitle}</h2>
      <Alert type="info" showIcon title={t.auth.mustChangeTip} style={{ marginBottom: 16 }} />
      <PasswordFields
        name="newPassword"
        old={
          who.oldPassword === undefined
            ? { label: t.auth.oldPassword, placeholder: t.auth.oldPasswordPlaceholder }
            : undefined
        }
      />
      <Button type="primary" htmlType="submit" block loading={isBusy} data-testid="must-change-submit">
        {t.auth.mustChangeSubmit}
      </Button>
      <Button type="link" block onClick={onBack}>
        {t.auth.backToLogin}
      </Button>
    </Form>
  );
};
