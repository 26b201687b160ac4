import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN/signIn';
import { lazyComponent } from '../../../shared/lazyComponent';
import { platformName, useBrandStore } from '../../../shared/stores/brand';
import { PasswordLoginForm, type TMustChange } from '../components/PasswordLoginForm';

// The first load carries the password form only: the other tabs and the forgotten
// password dialog come when the user opens them.
const SmsLoginForm = lazyComponent(() => import('../components/SmsLoginForm'), 'SmsLoginForm');
const WechatLogin = lazyComponent(() => import('../components/WechatLogin'), 'WechatLogin');
const ForgotPasswordModal = lazyComponent(() => import('../components/ForgotPasswordModal'), 'ForgotPasswordModal');
const ForcedPasswordChange = lazyComponent(() => import('../components/ForcedPasswordChange'), 'ForcedPasswordChange');

/**
 * The sign-in page. Its head (logo, title, subtitle) is the same markup index.html paints before any
 * script runs (build/loginShell.ts), so the page shows at once and nothing moves when React takes over.
 */
export const LoginPage = () => {
  const brand = useBrandStore((s) => s.brand);
  const [tab, setTab] = useState('password');
  const [isForgotOpen, setForgotOpen] = useState(false);
  const [hasForgot, setHasForgot] = useState(false);
  // Someone else set the password: a new one before anything else.
  const [mustChange, setMustChange] = useState<TMustChange | null>(null);
  const title = platformName(brand);
  // Spec section 2: the login page's title is the admin system's title.
  useEffect(() => {
    document.title = title;
  }, [title]);
  const openForgot = () => {
    setHasForgot(true);
    setForgotOpen(true);
  };
  const items = [
    { key: 'password', label: t.auth.tabPassword, children: <PasswordLoginForm onMustChange={setMustChange} /> },
    { key: 'sms', label: t.auth.tabSms, children: <SmsLoginForm onMustChange={setMustChange} /> },
    { key: 'wechat', label: t.auth.tabWechat, children: tab === 'wechat' ? <WechatLogin /> : null },
  ];
  return (
    <div className="yh-auth-bg">
      <div className="yh-login-panel" data-testid="login-card">
        <div className="yh-login-head">
          <img src={brand.home_logo || './logo.svg'} alt="logo" width={48} height={48} />
          <h1 className="yh-login-title">{title}</h1>
          <p className="yh-login-subtitle">{t.auth.subtitle}</p>
        </div>
        {mustChange && <ForcedPasswordChange who={mustChange} onBack={() => setMustChange(null)} />}
        {/* A plain tab bar (antd Tabs brought its overflow menu and dropdown to the first load). */}
        <div className="yh-login-tabs" role="tablist" hidden={mustChange !== null}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`login-tab-${item.key}`}
              aria-selected={item.key === tab}
              aria-controls="login-tabpanel"
              className="yh-login-tab"
              onClick={() => setTab(item.key)}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="login-tabpanel" aria-labelledby={`login-tab-${tab}`} hidden={mustChange !== null}>
          {items.find((item) => item.key === tab)?.children}
        </div>
        <div className="yh-login-links" hidden={mustChange !== null}>
          <Link to="/register" data-testid="register-link">
            {t.auth.register}
          </Link>
          <Button type="link" size="small" className="yh-login-forgot" onClick={openForgot} data-testid="forgot-link">
            {t.auth.forgot}
          </Button>
        </div>
      </div>
      {hasForgot && <ForgotPasswordModal open={isForgotOpen} onClose={() => setForgotOpen(false)} />}
    </div>
  );
};
