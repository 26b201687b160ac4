import { useQuery } from '@tanstack/react-query';
import { seatCommerce, type TOrder } from '@yunhu/contract';
import { Form, InputNumber, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { ReasonField } from '../../../shared/form/ReasonField';
import { PayModal, useRefundActions } from '../../trade';
import { type TSeatRow, useLineOptions, useSeatActions, useSeatPrices, useStaffOptions } from '../api';

const s = t.seat;

/** Which dialog is open: assigning (a chosen free seat or any of a line), handing over, renewing, buying. */
export type TSeatDialog =
  | { kind: 'assign'; seat?: TSeatRow }
  | { kind: 'handOver'; seat: TSeatRow }
  | { kind: 'renew'; ids: number[]; lineIds: number[] }
  | { kind: 'buy' }
  | { kind: 'cancel'; seat: TSeatRow }
  | null;

const monthOptions = seatCommerce.months.map((m) => ({ value: m, label: s.monthsOption(m) }));

const StaffSelect = () => {
  const staff = useStaffOptions();
  return (
    <Form.Item name="userId" label={s.user} rules={[{ required: true, message: s.selectUser }]}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={staff.data ?? []}
        loading={staff.isLoading}
        placeholder={s.selectUser}
        data-testid="seat-user-select"
      />
    </Form.Item>
  );
};

export const SeatDialogs = ({ dialog, onClose }: { dialog: TSeatDialog; onClose: () => void }) => {
  const actions = useSeatActions();
  const lines = useLineOptions();
  const prices = useSeatPrices();
  const [payingOrder, setPayingOrder] = useState<Pick<TOrder, 'orderNo' | 'kind'> | null>(null);
  // One request id per renewal dialog: a double click or a retry renews (and charges) once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new id for each dialog opened
  const requestId = useMemo(() => crypto.randomUUID(), [dialog]);
  const refunds = useRefundActions();
  const cancelling = dialog?.kind === 'cancel' ? dialog.seat.id : null;
  const quote = useQuery({
    queryKey: ['seat', 'cancelQuote', cancelling],
    queryFn: () => refunds.quote(cancelling!),
    enabled: cancelling !== null,
    gcTime: 0,
  });
  const priceOf = (lineId: number | undefined) => prices.data?.find((p) => p.lineId === lineId)?.seatPricePerMonth;
  const done = () => feedback.message.success(s.done);
  return (
    <>
      <FormModal<{ lineId: number; userId: number }>
        open={dialog?.kind === 'assign'}
        title={s.assignTitle}
        testId="seat-assign-modal"
        initialValues={dialog?.kind === 'assign' && dialog.seat ? { lineId: dialog.seat.lineId } : undefined}
        onCancel={onClose}
        onDone={done}
        onSubmit={(v) => actions.assign({ ...v, seatId: dialog?.kind === 'assign' ? dialog.seat?.id : undefined })}
        fields={
          <>
            <Typography.Paragraph type="secondary">{s.assignHint}</Typography.Paragraph>
            <Form.Item name="lineId" label={s.line} rules={[{ required: true, message: s.selectLine }]}>
              <Select
                options={lines.data ?? []}
                placeholder={s.selectLine}
                disabled={dialog?.kind === 'assign' && Boolean(dialog.seat)}
                data-testid="seat-line-select"
              />
            </Form.Item>
            <StaffSelect />
          </>
        }
      />
      <FormModal<{ userId: number }>
        open={dialog?.kind === 'handOver'}
        title={s.handOverTitle}
        testId="seat-handover-modal"
        onCancel={onClose}
        onDone={done}
        onSubmit={(v) =>
          dialog?.kind === 'handOver' ? actions.handOver({ id: dialog.seat.id, ...v }) : Promise.resolve()
        }
        fields={<StaffSelect />}
      />
      <FormModal<{ months: number }>
        open={dialog?.kind === 'renew'}
        title={s.renewTitle}
        testId="seat-renew-modal"
        initialValues={{ months: 1 }}
        onCancel={onClose}
        onSubmit={async (v) => {
          if (dialog?.kind !== 'renew') return;
          const result = await actions.renew({ ids: dialog.ids, months: v.months, requestId });
          if (result.isPaid) feedback.message.success(s.renewPaid(result.order.amount, result.balance));
          else {
            feedback.message.warning(s.renewShort);
            setPayingOrder(result.order);
          }
        }}
        fields={
          <>
            <Typography.Paragraph type="secondary">{s.renewHint}</Typography.Paragraph>
            <Form.Item name="months" label={s.months} rules={[{ required: true, message: s.selectMonths }]}>
              <Select options={monthOptions} data-testid="seat-months-select" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {({ getFieldValue }) =>
                dialog?.kind === 'renew' && (
                  <Typography.Text strong data-testid="seat-renew-cost">
                    {s.renewCost(
                      dialog.ids.length,
                      dialog.lineIds.reduce((sum, lineId) => sum + (priceOf(lineId) ?? 0), 0) *
                        Number(getFieldValue('months') ?? 0),
                    )}
                  </Typography.Text>
                )
              }
            </Form.Item>
          </>
        }
      />
      <FormModal<{ lineId: number; count: number; months: number }>
        open={dialog?.kind === 'buy'}
        title={s.buyTitle}
        testId="seat-buy-modal"
        okText={s.buyOk}
        initialValues={{ count: 1, months: 1 }}
        onCancel={onClose}
        onSubmit={async (v) => setPayingOrder(await actions.buy(v))}
        fields={
          <>
            <Typography.Paragraph type="secondary">{s.buyHint}</Typography.Paragraph>
            <Typography.Paragraph type="secondary" data-testid="seat-buy-refund-rule">
              {s.buyRefundRule(seatCommerce.refundGraceHours)}
            </Typography.Paragraph>
            <Form.Item name="lineId" label={s.line} rules={[{ required: true, message: s.selectLine }]}>
              <Select
                options={(prices.data ?? []).map((p) => ({
                  value: p.lineId,
                  label: s.linePrice(p.lineName, p.seatPricePerMonth),
                }))}
                placeholder={s.selectLine}
                data-testid="seat-buy-line"
              />
            </Form.Item>
            <Form.Item name="count" label={s.buyCount} rules={[{ required: true, message: s.enterCount }]}>
              <InputNumber min={1} max={seatCommerce.maxCount} precision={0} data-testid="seat-buy-count" />
            </Form.Item>
            <Form.Item name="months" label={s.buyMonths} rules={[{ required: true, message: s.selectMonths }]}>
              <Select options={monthOptions} data-testid="seat-buy-months" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {({ getFieldValue }) => (
                <Typography.Text strong data-testid="seat-buy-cost">
                  {s.buyCost(
                    (priceOf(getFieldValue('lineId')) ?? 0) *
                      Number(getFieldValue('count') ?? 0) *
                      Number(getFieldValue('months') ?? 0),
                  )}
                </Typography.Text>
              )}
            </Form.Item>
          </>
        }
      />
      <FormModal<{ reason: string }>
        open={dialog?.kind === 'cancel'}
        title={s.cancelTitle}
        testId="seat-cancel-modal"
        onCancel={onClose}
        onDone={() => feedback.message.success(s.cancelDone)}
        onSubmit={(v) =>
          dialog?.kind === 'cancel' ? refunds.apply({ seatId: dialog.seat.id, reason: v.reason }) : Promise.resolve()
        }
        fields={
          <>
            <Typography.Paragraph type="secondary">{s.cancelHint}</Typography.Paragraph>
            {quote.data && (
              <Typography.Paragraph strong data-testid="seat-cancel-quote">
                {s.cancelQuote(quote.data.months, quote.data.amount)}
              </Typography.Paragraph>
            )}
            <ReasonField
              label={s.cancelReason}
              requiredMessage={s.cancelReasonRequired}
              minLength={2}
              testId="seat-cancel-reason"
            />
          </>
        }
      />
      {payingOrder && (
        <PayModal
          orderNo={payingOrder.orderNo}
          kind={payingOrder.kind}
          onClose={() => {
            setPayingOrder(null);
            void actions.refresh();
          }}
        />
      )}
    </>
  );
};
