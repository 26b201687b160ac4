import { authRoutes, type TRequestOf } from '@yunhu/contract';
import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { MobileCodeFields } from '../components/MobileCodeFields';
import { PasswordFields } from '../components/PasswordFields';

type TValues = TRequestOf<typeof authRoutes.signup>;

export const RegisterPage = () => {
  const [form] = Form.useForm<TValues>();
  const navigate = useNavigate();
  const [tenantCode, setTenantCode] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const onFinish = async ({ enterpriseName, realName, username, mobile, code, password }: TValues) => {
    setBusy(true);
    try {
      const res = await call(authRoutes.signup, { enterpriseName, realName, username, mobile, code, password });
      setTenantCode(res.tenantCode);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  if (tenantCode) {
    return (
      <div className="yh-auth-bg">
        <Card className="yh-auth-card">
          <Result
            status="success"
            title={t.auth.regDoneTitle}
            subTitle={t.auth.regDoneText(tenantCode)}
            extra={<Button onClick={() => navigate('/login')}>{t.auth.backToLogin}</Button>}
            data-testid="register-result"
          />
        </Card>
      </div>
    );
  }
  return (
    <div className="yh-auth-bg">
      <Card className="yh-auth-card" title={t.auth.regTitle}>
        <Form form={form} layout="vertical" onFinish={onFinish} data-testid="register-form">
          <Form.Item
            name="enterpriseName"
            label={t.auth.enterpriseName}
            rules={[{ required: true, min: 2, message: '企业名称至少2个字' }]}
          >
            <Input placeholder={t.auth.enterpriseNamePlaceholder} />
          </Form.Item>
          <Form.Item
            name="realName"
            label={t.auth.realName}
            rules={[{ required: true, whitespace: true, message: t.auth.realNamePlaceholder }]}
          >
            <Input placeholder={t.auth.realNamePlaceholder} />
          </Form.Item>
          <Form.Item
            name="username"
            label={t.auth.account}
            rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{3,31}$/, message: t.auth.accountPlaceholder }]}
          >
            <Input placeholder={t.auth.accountPlaceholder} autoComplete="username" />
          </Form.Item>
          <MobileCodeFields form={form} purpose="signup" />
          <PasswordFields label={t.auth.password} />
          <Button type="primary" htmlType="submit" block loading={isBusy} data-testid="register-submit">
            {t.auth.regSubmit}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{t.auth.hasAccount}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
};
