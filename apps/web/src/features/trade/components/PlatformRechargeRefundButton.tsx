import { fenOf, type TRechargeRefundQuote, TradePerm, yuan } from '@yunhu/contract';
import { Button, Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { usePermission } from '../../../shared/permission/usePermission';
import { type TOrderRow, useRefundActions } from '../api';
import { isRechargeRefundable, RefundReasonField } from './RechargeRefundButton';

const s = t.recharge;

type TValues = { amount: number; reason: string };

/**
 * 退款 of a paid top-up by the platform (订单管理): what of it is unused is read when the dialog
 * opens; the dialog's own request number makes a double click or a retry the same refund.
 */
export const PlatformRechargeRefundButton = ({ order }: { order: TOrderRow }) => {
  const canRefund = usePermission(TradePerm.platformRefund);
  const actions = useRefundActions();
  const [quote, setQuote] = useState<TRechargeRefundQuote | null>(null);
  const [requestNo, setRequestNo] = useState('');
  if (!canRefund || !isRechargeRefundable(order)) return null;
  const open = async () => {
    setRequestNo(crypto.randomUUID());
    setQuote(await actions.rechargeQuote({ tenantId: order.tenantId, orderNo: order.orderNo }));
  };
  return (
    <>
      <Button size="small" type="link" onClick={open} data-testid={`platform-recharge-refund-${order.orderNo}`}>
        {s.platformRefundOpen}
      </Button>
      {quote && (
        <FormModal<TValues>
          open
          title={s.platformRefundTitle}
          testId="platform-recharge-refund-modal"
          initialValues={{ amount: quote.refundable / 100 }}
          onCancel={() => setQuote(null)}
          onDone={() => feedback.message.success(s.platformRefundDone)}
          onSubmit={(v) =>
            actions.platformRechargeRefund({
              tenantId: quote.tenantId,
              orderNo: quote.orderNo,
              amount: fenOf(v.amount),
              reason: v.reason,
              requestNo,
            })
          }
          fields={
            <>
              <Typography.Paragraph type={quote.refundable > 0 ? 'secondary' : 'danger'}>
                {quote.refundable > 0
                  ? s.platformRefundRule(yuan(quote.refundable), yuan(quote.balance))
                  : s.platformRefundNothing}
              </Typography.Paragraph>
              <Form.Item
                name="amount"
                label={s.refundAmount}
                rules={[{ required: true, message: s.refundAmountRequired }]}
              >
                <InputNumber
                  min={0.01}
                  max={quote.refundable / 100}
                  precision={2}
                  style={{ width: '100%' }}
                  data-testid="platform-recharge-refund-amount"
                />
              </Form.Item>
              <RefundReasonField />
            </>
          }
        />
      )}
    </>
  );
};
