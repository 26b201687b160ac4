import { type TWebhookEndpoint, type TWebhookEventType, webhookEventLabel } from '@yunhu/contract';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { RowAction } from '../../../shared/list/RowAction';
import { beijingFormat } from '../../../shared/time/beijing';
import { useDeleteEndpoint, useEndpoints, useTestEndpoint } from '../api';
import { DeliveryList } from '../components/DeliveryList';
import { EndpointFormModal, type TEndpointEditing } from '../components/EndpointFormModal';
import { SecretModal } from '../components/SecretModal';

const c = t.integration;

/**
 * 开放平台 › Webhook (ThirdParty/webhooks): the enterprise's endpoints, each one's secret, 测试 and
 * its delivery log (the endpoint chosen in the URL, `?endpoint=<id>`, with the log's own filter).
 */
export const WebhooksPage = () => {
  const endpoints = useEndpoints();
  const remove = useDeleteEndpoint();
  const test = useTestEndpoint();
  const [editing, setEditing] = useState<TEndpointEditing>(undefined);
  const [secretOf, setSecretOf] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  const shownId = Number(params.get('endpoint')) || null;
  const shown = endpoints.data?.find((e) => e.id === shownId);
  const closeSecret = useCallback(() => setSecretOf(null), []);
  const onTest = async (e: TWebhookEndpoint) => {
    const d = await test.mutateAsync(e.id).catch(() => null);
    if (!d) return;
    if (d.state === 'succeeded') feedback.message.success(c.testSent(`HTTP ${d.lastStatus}`));
    else feedback.message.error(c.testFailed(d.lastError));
  };
  const showDeliveries = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams([...p].filter(([k]) => !k.startsWith('deliveries')));
      if (id === null) next.delete('endpoint');
      else next.set('endpoint', String(id));
      return next;
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="webhooks-page">
      <Card
        title={c.webhooksTitle}
        extra={
          <Button type="primary" onClick={() => setEditing(null)} data-testid="webhook-add">
            {c.addEndpoint}
          </Button>
        }
      >
        <Hint>{c.webhooksHint}</Hint>
        <Table<TWebhookEndpoint>
          rowKey="id"
          loading={endpoints.isLoading}
          dataSource={endpoints.data ?? []}
          pagination={false}
          locale={{ emptyText: c.noEndpoints }}
          columns={[
            { key: 'url', title: c.url, dataIndex: 'url', render: (url: string) => <code>{url}</code> },
            { key: 'description', title: c.description, dataIndex: 'description' },
            {
              key: 'events',
              title: c.events,
              dataIndex: 'events',
              render: (events: TWebhookEventType[]) => events.map((e) => <Tag key={e}>{webhookEventLabel[e]}</Tag>),
            },
            {
              key: 'isEnabled',
              title: c.isEnabled,
              dataIndex: 'isEnabled',
              render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? c.enabled : c.disabled}</Tag>,
            },
            { key: 'updatedAt', title: c.updatedAt, dataIndex: 'updatedAt', render: (v: number) => beijingFormat(v) },
            {
              key: 'actions',
              title: c.actions,
              render: (_v, e) => (
                <Space size={0} wrap>
                  <RowAction onClick={() => setEditing(e)}>{c.edit}</RowAction>
                  <RowAction onClick={() => setSecretOf(e.id)} testId={`webhook-secret-${e.id}`}>
                    {c.secret}
                  </RowAction>
                  <ReclickButton
                    type="link"
                    size="small"
                    onClick={() => onTest(e)}
                    data-testid={`webhook-test-${e.id}`}
                  >
                    {c.test}
                  </ReclickButton>
                  <RowAction onClick={() => showDeliveries(e.id)} testId={`webhook-deliveries-${e.id}`}>
                    {c.deliveries}
                  </RowAction>
                  <Popconfirm
                    title={c.removeConfirm(e.url)}
                    okText={t.common.confirm}
                    cancelText={t.common.cancel}
                    onConfirm={() =>
                      remove
                        .mutateAsync(e.id)
                        .then(() => {
                          if (shownId === e.id) showDeliveries(null);
                          feedback.message.success(c.removed);
                        })
                        .catch(() => undefined)
                    }
                  >
                    <RowAction isDanger>{c.remove}</RowAction>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {shown && (
        <DeliveryList
          key={shown.id}
          endpointId={shown.id}
          title={c.deliveriesOf(shown.url)}
          onClose={() => showDeliveries(null)}
        />
      )}
      <EndpointFormModal editing={editing} onClose={() => setEditing(undefined)} />
      <SecretModal endpointId={secretOf} onClose={closeSecret} />
    </Space>
  );
};
