import type { TApiKey } from '@yunhu/contract';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { feedback } from '../../../shared/feedback';
import { RowAction } from '../../../shared/list/RowAction';
import { beijingFormat } from '../../../shared/time/beijing';
import { useApiKeys, useRevokeKey } from '../api';
import { KeyCreateModal } from '../components/KeyCreateModal';

const c = t.integration;
const when = (v: number | null, empty = '') => (v === null ? empty : beijingFormat(v));

/** 开放平台 › API 密钥 (ThirdParty/apiKeys): the enterprise's keys by prefix, made, used and revoked here. */
export const ApiKeysPage = () => {
  const keys = useApiKeys();
  const revoke = useRevokeKey();
  const [isCreating, setCreating] = useState(false);
  return (
    <Card
      title={c.keysTitle}
      data-testid="apikeys-page"
      extra={
        <Space>
          <Button href="/open/docs" target="_blank" rel="noreferrer">
            {c.docs}
          </Button>
          <Button type="primary" onClick={() => setCreating(true)} data-testid="apikey-add">
            {c.createKey}
          </Button>
        </Space>
      }
    >
      <Hint>{c.keysHint}</Hint>
      <Table<TApiKey>
        rowKey="id"
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: c.noKeys }}
        columns={[
          { key: 'name', title: c.keyName, dataIndex: 'name' },
          { key: 'prefix', title: c.prefix, dataIndex: 'prefix', render: (p: string) => <code>{p}…</code> },
          {
            key: 'permissions',
            title: c.keyPermissions,
            dataIndex: 'permissions',
            render: (perms: string[]) => perms.map((p) => <Tag key={p}>{p}</Tag>),
          },
          { key: 'createdByName', title: c.createdBy, dataIndex: 'createdByName' },
          { key: 'createdAt', title: c.createdAt, dataIndex: 'createdAt', render: (v: number) => when(v) },
          {
            key: 'lastUsedAt',
            title: c.lastUsedAt,
            dataIndex: 'lastUsedAt',
            render: (v: number | null) => when(v, c.neverUsed),
          },
          {
            key: 'state',
            title: c.keyState,
            render: (_v, k) =>
              k.revokedAt === null ? (
                <Tag color="success">{c.active}</Tag>
              ) : (
                <Tag>{`${c.revoked} ${when(k.revokedAt)}`}</Tag>
              ),
          },
          {
            key: 'actions',
            title: c.actions,
            render: (_v, k) =>
              k.revokedAt === null && (
                <Popconfirm
                  title={c.revokeConfirm(k.name)}
                  okText={t.common.confirm}
                  cancelText={t.common.cancel}
                  onConfirm={() =>
                    revoke
                      .mutateAsync(k.id)
                      .then(() => feedback.message.success(c.revokedDone))
                      .catch(() => undefined)
                  }
                >
                  <RowAction isDanger testId={`apikey-revoke-${k.id}`}>
                    {c.revoke}
                  </RowAction>
                </Popconfirm>
              ),
          },
        ]}
      />
      <KeyCreateModal open={isCreating} onClose={() => setCreating(false)} />
    </Card>
  );
};
