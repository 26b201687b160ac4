import { Card, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../locales/zh-CN';
import { platformName, useBrandStore } from '../../../shared/stores/brand';
import { ForgotPasswordModal } from '../components/ForgotPasswordModal';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { SmsLoginForm } from '../components/SmsLoginForm';
import { WechatLogin } from '../components/WechatLogin';

export const LoginPage = () => {
  const brand = useBrandStore((s) => s.brand);
  const [tab, setTab] = useState('password');
  const [isForgotOpen, setForgotOpen] = useState(false);
  const title = platformName(brand);
  // Spec section 2: the login page's title is the admin system's title.
  useEffect(() => {
    document.title = title;
  }, [title]);
  const items = [
    { key: 'password', label: t.auth.tabPassword, children: <PasswordLoginForm /> },
    { key: 'sms', label: t.auth.tabSms, children: <SmsLoginForm /> },
    { key: 'wechat', label: t.auth.tabWechat, children: tab === 'wechat' ? <WechatLogin /> : null },
  ];
  return (
    <div className="yh-auth-bg">
      <Card className="yh-auth-card" data-testid="login-card">
        <Space orientation="vertical" align="center" style={{ width: '100%', marginBottom: 8 }}>
          <img src={brand.home_logo || './logo.svg'} alt="logo" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{t.auth.subtitle}</Typography.Text>
        </Space>
        <Tabs activeKey={tab} onChange={setTab} items={items} centered destroyOnHidden />
        <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }}>
          <Link to="/register" data-testid="register-link">
            {t.auth.register}
          </Link>
          <Typography.Link onClick={() => setForgotOpen(true)} data-testid="forgot-link">
            {t.auth.forgot}
          </Typography.Link>
        </Space>
      </Card>
      <ForgotPasswordModal open={isForgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
};
