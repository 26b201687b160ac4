import { Button, Card, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { startSession } from '../api';
import { useQrPoll } from '../useWechatTicket';

/** WeChat callback: polls the ticket from the query and signs in once it is confirmed. */
export const WxLoginPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ticket = params.get('ticket');
  const state = useQrPoll(ticket, (final) => {
    if (final.status === 'confirmed' && final.token) {
      startSession(final.token);
      navigate('/menu/home', { replace: true });
    }
  });
  const back = <Button onClick={() => navigate('/login')}>{t.auth.backToLogin}</Button>;
  let body = <Result icon={<Spin size="large" />} title={t.auth.wxWaiting} />;
  if (!ticket) body = <Result status="warning" title={t.auth.wxMissingTicket} extra={back} />;
  else if (state?.status === 'scanned') body = <Result icon={<Spin size="large" />} title={t.auth.wechatScanned} />;
  else if (state?.status === 'unbound') body = <Result status="warning" title={t.auth.wechatUnbound} extra={back} />;
  else if (state?.status === 'expired') body = <Result status="error" title={t.auth.wechatExpired} extra={back} />;
  return (
    <div className="yh-auth-bg">
      <Card className="yh-auth-card" title={t.auth.wxCallbackTitle} data-testid="wxlogin">
        {body}
      </Card>
    </div>
  );
};
