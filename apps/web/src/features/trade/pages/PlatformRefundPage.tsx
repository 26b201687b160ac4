import { money, payChannelLabel, type TPayChannel, type TRefundTarget, tradeRoutes } from '@yunhu/contract';
import { Radio, Space, Typography } from 'antd';
import { type RefObject, useRef, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { ReasonModal } from '../../../shared/form/ReasonModal';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { actionsColumn } from '../../../shared/list/types';
import { useConfirmAction } from '../../../shared/list/useConfirmAction';
import { platformRefundPageKey, type TRefundRow, useRefundActions } from '../api';
import { toOrderRequest } from '../components/OrderFilters';
import { RefundFilters, refundColumns } from '../components/RefundList';

const s = t.trade;

/** The confirmation's choice where the order's channel can take the money back: balance or 原路退回. */
const RefundTarget = (props: { channel: string; target: RefObject<TRefundTarget>; isOriginalOnly: boolean }) => {
  const [value, setValue] = useState<TRefundTarget>(props.target.current);
  return (
    <Radio.Group
      data-testid="refund-target"
      value={value}
      onChange={(e) => {
        props.target.current = e.target.value as TRefundTarget;
        setValue(e.target.value as TRefundTarget);
      }}
      options={[
        // A top-up's money is in the balance already: it can only go back the way it was paid.
        ...(props.isOriginalOnly ? [] : [{ value: 'balance', label: s.refundToBalance }]),
        {
          value: 'original',
          label: s.refundToOriginal(payChannelLabel[props.channel as TPayChannel] ?? props.channel),
        },
      ]}
    />
  );
};

/**
 * 退款审核 (platform/refund): every enterprise's refund applications; approve — to the balance, or
 * 原路退回 when the order was paid through the configured channel — or reject with a reason.
 */
export const PlatformRefundPage = () => {
  const actions = useRefundActions();
  const { confirm, node } = useConfirmAction();
  const [rejecting, setRejecting] = useState<TRefundRow | null>(null);
  const target = useRef<TRefundTarget>('balance');
  const approve = (row: TRefundRow) => {
    const isOriginalOnly = row.kind === 'recharge';
    target.current = isOriginalOnly ? 'original' : 'balance';
    const channel = row.originalChannel;
    confirm(
      channel ? (
        <Space direction="vertical">
          <Typography.Text>{s.approveTitle(row.enterpriseName, money(row.amount))}</Typography.Text>
          <Typography.Text type="secondary">{s.refundTo}</Typography.Text>
          <RefundTarget channel={channel} target={target} isOriginalOnly={isOriginalOnly} />
        </Space>
      ) : (
        s.approveConfirm(row.enterpriseName, money(row.amount))
      ),
      async () => {
        const refundTo = target.current;
        await actions.examine(
          channel && refundTo === 'original'
            ? { id: row.id, isApproved: true, refundTo }
            : { id: row.id, isApproved: true },
        );
        feedback.message.success(refundTo === 'original' ? s.approvedOriginal : s.approved);
      },
    );
  };
  return (
    <>
      <ListPage
        pageKey={platformRefundPageKey}
        title={s.platformRefundTitle}
        route={tradeRoutes.platformRefundPage}
        columns={[
          ...refundColumns(true),
          ...actionsColumn<TRefundRow>(true, s.actions, (row) =>
            row.state === 'pending' ? (
              <Space size={4} data-testid={`refund-actions-${row.applyNo}`}>
                <RowAction onClick={() => approve(row)}>{s.approve}</RowAction>
                <RowAction isDanger onClick={() => setRejecting(row)}>
                  {s.reject}
                </RowAction>
              </Space>
            ) : (
              row.examinedByName || '—'
            ),
          ),
        ]}
        toRequest={toOrderRequest}
        filters={<RefundFilters />}
      />
      {node}
      <ReasonModal
        open={rejecting !== null}
        title={s.rejectTitle}
        testId="refund-reject-modal"
        label={s.rejectReason}
        requiredMessage={s.rejectReasonRequired}
        minLength={2}
        onCancel={() => setRejecting(null)}
        onDone={() => feedback.message.success(s.rejected)}
        onSubmit={(reason) => actions.examine({ id: rejecting!.id, isApproved: false, rejectReason: reason })}
      />
    </>
  );
};
