import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { money, type TOrderKind } from '@yunhu/contract';
import { Button, Modal, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { type TQrCode, useTradeActions } from '../api';

const s = t.trade;
const mmss = (ms: number) => {
  const sec = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(sec % 60).padStart(2, '0')}`;
};

/**
 * Pays an order by QR code: the code, the amount and a countdown to the order's expiry, while the
 * server is asked every two seconds for the order's state (never the browser's own guess).
 */
export const PayModal = ({
  orderNo,
  kind = 'package',
  onClose,
}: {
  orderNo: string | null;
  kind?: TOrderKind;
  onClose: () => void;
}) => {
  // The effects run per order and state; the actions' latest closure is read through the ref.
  const actions = useTradeActions();
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const navigate = useNavigate();
  const [code, setCode] = useState<TQrCode | null>(null);
  const [state, setState] = useState<'loading' | 'unpaid' | 'paid' | 'closed' | 'refunded' | 'partRefunded'>('loading');
  const [now, setNow] = useState(Date.now());

  useEffect(() => {
    if (!orderNo) return;
    setCode(null);
    setState('loading');
    actionsRef.current
      .qrCode(orderNo)
      .then((c) => {
        setCode(c);
        setState('unpaid');
      })
      .catch(() => setState('closed'));
  }, [orderNo]);

  useEffect(() => {
    if (!orderNo || state !== 'unpaid') return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    const poll = setInterval(() => {
      actionsRef.current
        .result(orderNo)
        .then((r) => {
          if (r.state !== 'unpaid') {
            setState(r.state);
            void actionsRef.current.refresh();
          }
        })
        .catch(() => undefined);
    }, 2000);
    return () => {
      clearInterval(timer);
      clearInterval(poll);
    };
  }, [orderNo, state]);

  const left = code ? code.expireAt - now : 0;
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Modal open={orderNo !== null} title={s.payTitle} footer={null} onCancel={onClose} destroyOnHidden width={420}>
      <div data-testid="pay-modal" data-state={state}>
        {state === 'loading' && <Spin />}
        {state === 'unpaid' && code && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Typography.Text>
              {s.orderNo}：<span data-testid="pay-order-no">{code.orderNo}</span>
            </Typography.Text>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {s.payAmount} {money(code.amount)}
            </Typography.Title>
            <img src={code.qrDataUrl} alt={s.payTitle} width={220} height={220} data-testid="pay-qr" />
            <Typography.Text type={left < 60_000 ? 'danger' : 'secondary'} data-testid="pay-countdown">
              {s.countdown(mmss(left))}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
              {s.payHint}
            </Typography.Paragraph>
            {code.channel === 'sandbox' && (
              <a href={code.codeUrl} target="_blank" rel="noreferrer" data-testid="pay-link">
                {s.openPayPage}
              </a>
            )}
            <Typography.Text type="secondary">{s.waiting}</Typography.Text>
          </Space>
        )}
        {state === 'paid' && (
          <Result
            icon={<CheckCircleFilled style={{ color: '#52c41a' }} />}
            title={s.paid}
            subTitle={s.paidHint[kind]}
            extra={[
              <Button key="order" onClick={() => go(`/menu/order/orderDetails?orderNo=${orderNo}`)}>
                {s.viewOrder}
              </Button>,
              <Button key="account" type="primary" onClick={() => go('/menu/account/accountDetails')}>
                {s.viewAccount}
              </Button>,
            ]}
          />
        )}
        {(state === 'closed' || state === 'refunded' || state === 'partRefunded') && (
          <Result icon={<CloseCircleFilled style={{ color: '#999' }} />} title={s.closed} subTitle={s.closedHint} />
        )}
      </div>
    </Modal>
  );
};
