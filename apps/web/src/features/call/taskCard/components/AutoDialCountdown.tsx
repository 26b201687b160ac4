import type { TTaskItem } from '@yunhu/contract';
import { Button, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import * as t from '../../../../locales/zh-CN';
import { useOnScreen, usePageActive } from '../../../../shared/pageActive';

const c = t.taskCard;

/**
 * The automatic-dial popup (spec section 3 "SIP timers and countdown, automatic-dial popups";
 * section 9 "SIP countdown default 5"): counts the task's seconds down, then dials the next customer.
 * It never dials unseen: while 我的任务 is kept alive behind another route, or the tab is hidden, it
 * waits (and the popup stays off the other screen); back on the page it counts again from the start.
 */
export const AutoDialCountdown = (props: {
  next: TTaskItem | null;
  seconds: number;
  onDial: () => void;
  onStop: () => void;
  onSkip: () => void;
}) => {
  const { next, seconds, onDial } = props;
  const isPageActive = usePageActive();
  const isOnScreen = useOnScreen();
  // The parent keys the popup by the customer, so a new customer starts the count again.
  const [left, setLeft] = useState(seconds);
  // The latest handler, without restarting the second's timer on every render of the page.
  const dialRef = useRef(onDial);
  dialRef.current = onDial;
  useEffect(() => {
    if (!next) return;
    if (!isOnScreen) {
      setLeft(seconds);
      return;
    }
    if (left <= 0) {
      dialRef.current();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [next, left, isOnScreen, seconds]);
  return (
    <Modal
      // antd puts the popup on the body: it would cover the other screen the agent went to.
      open={next !== null && isPageActive}
      title={c.countdownTitle}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={props.onSkip}>{c.skipNext}</Button>
          <Button onClick={props.onStop}>{c.stopAuto}</Button>
          <Button type="primary" onClick={onDial}>
            {c.dialNow}
          </Button>
        </Space>
      }
      data-testid="task-countdown"
    >
      {next && (
        <p data-testid="task-countdown-text">{c.countdownText(Math.max(left, 0), next.customerName, next.mobile)}</p>
      )}
    </Modal>
  );
};
