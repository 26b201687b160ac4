import { type TOrder, TradePerm } from '@yunhu/contract';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { ReasonField } from '../../../shared/form/ReasonField';
import { usePermission } from '../../../shared/permission/usePermission';
import { useRefundActions } from '../api';

const s = t.recharge;

/** A paid top-up with money not yet refunded: what a refund (applied for, or the platform's) may come from. */
export const isRechargeRefundable = (order: Pick<TOrder, 'kind' | 'state' | 'refundedAmount' | 'amount'>) =>
  order.kind === 'recharge' &&
  (order.state === 'paid' || order.state === 'partRefunded') &&
  order.refundedAmount < order.amount;

/** 退款原因 of a top-up refund. */
export const RefundReasonField = () => (
  <ReasonField label={s.reason} requiredMessage={s.reasonRequired} minLength={2} />
);

/** 申请充值退款 on a paid top-up with money not yet refunded: a reason; the server works out what is unused. */
export const RechargeRefundButton = ({ order }: { order: TOrder }) => {
  const canApply = usePermission(TradePerm.refundApply);
  const actions = useRefundActions();
  const [isOpen, setOpen] = useState(false);
  if (!canApply || !isRechargeRefundable(order)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="recharge-refund-open">
        {s.refundOpen}
      </Button>
      <FormModal<{ reason: string }>
        open={isOpen}
        title={s.refundTitle}
        testId="recharge-refund-modal"
        onCancel={() => setOpen(false)}
        onDone={() => feedback.message.success(s.refundSent)}
        onSubmit={(v) => actions.rechargeRefund({ orderNo: order.orderNo, reason: v.reason })}
        fields={
          <>
            <Typography.Paragraph type="secondary">{s.refundRule}</Typography.Paragraph>
            <RefundReasonField />
          </>
        }
      />
    </>
  );
};
