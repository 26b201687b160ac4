import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { startSession } from '../api';
import { useWechatTicket } from '../useWechatTicket';
import { WechatQr } from './WechatQr';

export const WechatLogin = () => {
  const navigate = useNavigate();
  const { ticket, state, refresh } = useWechatTicket('login', (final) => {
    if (final.status === 'confirmed' && final.token) {
      startSession(final.token);
      feedback.message.success(t.auth.loginSuccess);
      navigate('/menu/home');
    }
  });
  return <WechatQr ticket={ticket} state={state} tip={t.auth.wechatTip} onRefresh={refresh} />;
};
