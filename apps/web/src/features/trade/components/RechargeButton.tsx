import { fenOf, rechargeBounds, TradePerm } from '@yunhu/contract';
import { Button, Form, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { usePermission } from '../../../shared/permission/usePermission';
import { useTradeActions } from '../api';
import { PayModal } from './PayModal';

const s = t.recharge;
const min = rechargeBounds.min / 100;
const max = rechargeBounds.max / 100;

/** The address that opens 余额充值 (the low-balance reminder and 余额不足 point here). */
export const rechargePath = '/menu/account/accountDetails?recharge=1';

/**
 * 充值: an amount in yuan, an order of its own kind, then the same QR dialog as a purchase. Opened
 * by the button, or by `?recharge=1` in the address (the way other screens link to it).
 */
export const RechargeButton = () => {
  const canBuy = usePermission(TradePerm.buy);
  const actions = useTradeActions();
  const [params, setParams] = useSearchParams();
  const [isOpen, setOpen] = useState(false);
  const [paying, setPaying] = useState<string | null>(null);

  useEffect(() => {
    if (params.get('recharge') !== '1') return;
    setOpen(true);
    setParams(
      (p) => {
        p.delete('recharge');
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);

  if (!canBuy) return null;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="recharge-open">
        {s.open}
      </Button>
      <FormModal<{ amount: number }>
        open={isOpen}
        title={s.title}
        testId="recharge-modal"
        onCancel={() => setOpen(false)}
        onSubmit={async (v) => {
          const order = await actions.recharge(fenOf(v.amount));
          setPaying(order.orderNo);
        }}
        fields={
          <>
            <Form.Item name="amount" label={s.amount} rules={[{ required: true, message: s.required }]}>
              <InputNumber min={min} max={max} precision={2} style={{ width: '100%' }} data-testid="recharge-amount" />
            </Form.Item>
            <Typography.Text type="secondary">{s.bounds(min, max)}</Typography.Text>
          </>
        }
      />
      <PayModal orderNo={paying} kind="recharge" onClose={() => setPaying(null)} />
    </>
  );
};
