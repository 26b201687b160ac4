import { authRoutes, type TRequestOf } from '@yunhu/contract';
import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { ApiError, isAgentNotFound } from '../../../shared/http/handle';
import { MobileCodeFields } from '../components/MobileCodeFields';
import { PasswordFields } from '../components/PasswordFields';

type TValues = TRequestOf<typeof authRoutes.signup>;

export const RegisterPage = () => {
  const [form] = Form.useForm<TValues>();
  const navigate = useNavigate();
  const [tenantCode, setTenantCode] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  // An agent's registration link: /#/register?code=XXXX pre-fills its invitation code.
  const [search] = useSearchParams();
  const onFinish = async ({ enterpriseName, realName, username, mobile, code, password, inviteCode }: TValues) => {
    setBusy(true);
    try {
      const res = await call(authRoutes.signup, {
        enterpriseName,
        realName,
        username,
        mobile,
        code,
        password,
        inviteCode: inviteCode?.trim() || undefined,
      });
      setTenantCode(res.tenantCode);
    } catch (error) {
      // Shown by the HTTP client, except the unknown invitation code (spec section 8: no toast), said beside its field.
      if (error instanceof ApiError && isAgentNotFound(error.reason)) {
        form.setFields([{ name: 'inviteCode', errors: [t.agent.unknownCode] }]);
      }
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
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ inviteCode: search.get('code')?.trim().toUpperCase() ?? '' }}
          data-testid="register-form"
        >
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
          <MobileCodeFields form={form} purpose="signup" mobileLabel={t.auth.mobile} />
          <PasswordFields label={t.auth.password} />
          <Form.Item name="inviteCode" label={t.agent.registerCode}>
            <Input placeholder={t.agent.registerCodePlaceholder} maxLength={16} data-testid="register-invite-code" />
          </Form.Item>
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
