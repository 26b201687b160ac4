import { useQueryClient } from '@tanstack/react-query';
import { enterpriseStatuses, enterpriseStatusLabel, Perm, platformRoutes, type TEnterprise } from '@yunhu/contract';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import { EnterpriseDetailLink } from '../components/EnterpriseDetailLink';

const statusColor: Record<TEnterprise['status'], string> = {
  pending: 'orange',
  active: 'green',
  rejected: 'red',
  closed: 'default',
};
type TReasonAction = { kind: 'reject' | 'close'; ids: number[] };

/** 企业列表 (platform operator): examine registrations, open and close enterprises. */
export const EnterprisePage = () => {
  const client = useQueryClient();
  const [asking, setAsking] = useState<TReasonAction | null>(null);
  const done = () => {
    feedback.message.success(t.platform.done);
    void client.invalidateQueries({ queryKey: ['enterprises'] });
  };
  const approve = (ids: number[]) =>
    (ids.length === 1
      ? call(platformRoutes.examine, { id: ids[0]!, pass: true, reason: '' })
      : call(platformRoutes.batchExamine, { ids, pass: true, reason: '' })
    )
      .then(done)
      .catch(() => undefined);
  const open = (id: number) =>
    call(platformRoutes.setStatus, { id, status: 'active', reason: '' })
      .then(done)
      .catch(() => undefined);
  const onReason = async ({ reason }: { reason: string }) => {
    if (!asking) return;
    if (asking.kind === 'close') await call(platformRoutes.setStatus, { id: asking.ids[0]!, status: 'closed', reason });
    else await call(platformRoutes.batchExamine, { ids: asking.ids, pass: false, reason });
    done();
  };
  const rowActions = (e: TEnterprise) => (
    <Space size={0}>
      <EnterpriseDetailLink id={e.id} />
      {e.status === 'pending' && (
        <Permission value={Perm.enterpriseExamine}>
          <Button type="link" size="small" onClick={() => approve([e.id])} data-testid={`enterprise-approve-${e.code}`}>
            {t.platform.approve}
          </Button>
          <Button type="link" size="small" danger onClick={() => setAsking({ kind: 'reject', ids: [e.id] })}>
            {t.platform.reject}
          </Button>
        </Permission>
      )}
      <Permission value={Perm.enterpriseStatus}>
        {e.status === 'active' && (
          <Button type="link" size="small" danger onClick={() => setAsking({ kind: 'close', ids: [e.id] })}>
            {t.platform.close}
          </Button>
        )}
        {e.status === 'closed' && (
          <Button type="link" size="small" onClick={() => open(e.id)}>
            {t.platform.open}
          </Button>
        )}
      </Permission>
    </Space>
  );
  const columns: TListColumn<TEnterprise>[] = [
    { key: 'name', title: t.platform.name, dataIndex: 'name' },
    { key: 'code', title: t.platform.code, dataIndex: 'code' },
    {
      key: 'status',
      title: t.platform.status,
      dataIndex: 'status',
      render: (v: TEnterprise['status']) => <Tag color={statusColor[v]}>{enterpriseStatusLabel[v]}</Tag>,
    },
    { key: 'authStateLabel', title: t.platform.authState, dataIndex: 'authStateLabel' },
    { key: 'adminName', title: t.platform.admin, dataIndex: 'adminName' },
    { key: 'adminMobile', title: t.platform.adminMobile, dataIndex: 'adminMobile' },
    { key: 'userCount', title: t.platform.userCount, dataIndex: 'userCount' },
    { key: 'statusReason', title: t.platform.reason, dataIndex: 'statusReason', ellipsis: true },
    {
      key: 'createdAt',
      title: t.platform.createdAt,
      dataIndex: 'createdAt',
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    { key: 'actions', title: t.platform.actions, fixed: 'right', render: (_v, e) => rowActions(e) },
  ];
  return (
    <>
      <ListPage
        pageKey="enterprises"
        title={t.platform.enterprises}
        route={platformRoutes.enterprisePage}
        rowKey="id"
        columns={columns}
        batchActions={(rows) => {
          const pending = rows.filter((r) => r.status === 'pending').map((r) => r.id);
          return (
            <Permission value={Perm.enterpriseExamine}>
              <Button disabled={!pending.length} onClick={() => approve(pending)}>
                {t.platform.batchApprove}
              </Button>
            </Permission>
          );
        }}
        filters={
          <>
            <Form.Item name="name" label={t.platform.name}>
              <Input placeholder={t.platform.namePlaceholder} allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="status" label={t.platform.status}>
              <Select
                allowClear
                placeholder={t.platform.all}
                style={{ width: 120 }}
                options={enterpriseStatuses.map((s) => ({ value: s, label: enterpriseStatusLabel[s] }))}
              />
            </Form.Item>
          </>
        }
      />
      <FormModal<{ reason: string }>
        open={asking !== null}
        title={asking?.kind === 'close' ? t.platform.closeTitle : t.platform.rejectTitle}
        onSubmit={onReason}
        onCancel={() => setAsking(null)}
        fields={
          <Form.Item
            name="reason"
            label={t.platform.reasonLabel}
            rules={[{ required: true, message: t.platform.reasonRequired }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        }
      />
    </>
  );
};
