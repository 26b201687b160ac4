import { Button } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../locales/zh-CN';

/** Seconds before another SMS code may be requested. */
export const SMS_COUNTDOWN_S = 60;

type TSmsCodeButtonProps = {
  /** Sends the code; resolve to start the countdown, reject to allow another try at once. */
  onSend: () => Promise<unknown>;
  testId?: string;
};

/** "获取验证码" with a 60 s countdown after a successful send. */
export const SmsCodeButton = ({ onSend, testId = 'sms-code-button' }: TSmsCodeButtonProps) => {
  const [left, setLeft] = useState(0);
  const [isSending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const send = async () => {
    setSending(true);
    try {
      await onSend();
      setLeft(SMS_COUNTDOWN_S);
    } catch {
      // The HTTP client or the form already told the user what is wrong.
    } finally {
      setSending(false);
    }
  };
  return (
    <Button data-testid={testId} disabled={left > 0} loading={isSending} onClick={send}>
      {left > 0 ? t.common.resend(left) : t.common.sendCode}
    </Button>
  );
};
