import {
  deliveryStateLabel,
  deliveryStates,
  integrationRoutes,
  type TDelivery,
  type TWebhookEventType,
  webhookEventLabel,
} from '@yunhu/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { integrationKeys, useResend } from '../api';
import { AttemptsModal } from './AttemptsModal';

const c = t.integration;
const stateOptions = optionsOf(deliveryStates, deliveryStateLabel);

/**
 * An endpoint's delivery log: each event sent to it with its state, last answer and next retry,
 * filtered by state (kept in the URL with the page), each one's attempts, 重新发送.
 */
export const DeliveryList = ({
  endpointId,
  title,
  onClose,
}: {
  endpointId: number;
  title: string;
  onClose: () => void;
}) => {
  const resend = useResend();
  const [attemptsOf, setAttemptsOf] = useState<number | null>(null);
  const onResend = async (row: TDelivery) => {
    // Queued again, or already waiting after another click: either way it is sent once.
    if (await resend.mutateAsync(row.id).catch(() => null)) feedback.message.success(c.resent);
  };
  const columns: TListColumn<TDelivery>[] = [
    timeColumn(c.createdAt, { format: 'YYYY-MM-DD HH:mm:ss' }),
    {
      key: 'eventType',
      title: c.event,
      dataIndex: 'eventType',
      render: (v: TWebhookEventType) => webhookEventLabel[v] ?? v,
    },
    tagColumn(c.state, 'state', {
      labels: deliveryStateLabel,
      colors: { pending: 'processing', succeeded: 'success', failed: 'error' },
    }),
    { key: 'lastStatus', title: c.httpStatus, dataIndex: 'lastStatus', render: (v: number | null) => v ?? '' },
    {
      key: 'lastDurationMs',
      title: c.duration,
      dataIndex: 'lastDurationMs',
      render: (v: number | null) => (v === null ? '' : c.durationMs(v)),
    },
    { key: 'attempts', title: c.attempts, dataIndex: 'attempts' },
    { key: 'lastError', title: c.error, dataIndex: 'lastError' },
    timeColumn(c.nextAttemptAt, { key: 'nextAttemptAt', format: 'YYYY-MM-DD HH:mm:ss' }),
    { key: 'messageId', title: c.messageId, dataIndex: 'messageId', isHiddenByDefault: true },
    ...actionsColumn<TDelivery>(true, c.actions, (row) => (
      <Space size={0}>
        <RowAction onClick={() => setAttemptsOf(row.id)} testId={`webhook-attempts-${row.id}`}>
          {c.attemptsTitle}
        </RowAction>
        {row.state !== 'pending' && row.eventType !== 'ping' && (
          <ReclickButton
            type="link"
            size="small"
            onClick={() => onResend(row)}
            data-testid={`webhook-resend-${row.id}`}
          >
            {c.resend}
          </ReclickButton>
        )}
      </Space>
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={integrationKeys.deliveries}
        urlKey="deliveries"
        title={title}
        route={integrationRoutes.deliveryPage}
        columns={columns}
        params={{ endpointId }}
        toolbar={<Button onClick={onClose}>{c.close}</Button>}
        filters={<SelectFilter name="state" label={c.state} options={stateOptions} width={140} />}
      />
      <AttemptsModal deliveryId={attemptsOf} onClose={() => setAttemptsOf(null)} />
    </>
  );
};
