import { useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type TStaff } from '@yunhu/contract';
import { Button, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { agentStaffPageKey, useAgentRoles } from './agentStaffApi';

const s = t.agentStaff;
type TStaffForm = { username?: string; realName: string; mobile?: string; roleIds?: number[]; password?: string };

/** 员工管理 (agent/staff): the agent's own people, each with roles of the agent console only. */
export const AgentStaffPage = () => {
  const client = useQueryClient();
  const roles = useAgentRoles();
  const [target, setTarget] = useState<TStaff | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: [agentStaffPageKey] });
  const act = (p: Promise<unknown>) =>
    p
      .then(() => {
        feedback.message.success(s.saved);
        return refresh();
      })
      .catch(() => undefined);
  const resetPassword = (row: TStaff) =>
    call(agentRoutes.agentStaffPassword, { userId: row.id })
      .then((r) => feedback.message.success(s.passwordReset(row.realName, r.password), 10))
      .catch(() => undefined);
  const onSubmit = async (v: TStaffForm) => {
    if (target === 'new') {
      const created = await call(agentRoutes.agentStaffAdd, {
        username: v.username ?? '',
        realName: v.realName,
        mobile: v.mobile ?? '',
        roleIds: v.roleIds ?? [],
        password: v.password || undefined,
      });
      feedback.message.success(s.staffCreated(v.realName, created.initialPassword), 10);
    } else if (target) {
      await call(agentRoutes.agentStaffUpdate, {
        id: target.id,
        realName: v.realName,
        mobile: v.mobile || undefined,
        roleIds: v.roleIds ?? [],
      });
      feedback.message.success(s.saved);
    }
    await refresh();
  };
  const roleOptions = (roles.data ?? [])
    .filter((r) => r.status === 'active')
    .map((r) => ({ value: r.id, label: r.name }));
  const initialValues = useMemo(
    () => (target && target !== 'new' ? { realName: target.realName, roleIds: target.roles.map((r) => r.id) } : {}),
    [target],
  );
  const isNew = target === 'new';
  const columns: TListColumn<TStaff>[] = [
    { key: 'username', title: s.username, dataIndex: 'username' },
    { key: 'realName', title: s.realName, dataIndex: 'realName' },
    { key: 'mobile', title: s.mobile, dataIndex: 'mobile' },
    { key: 'roles', title: s.staffRoles, render: (_v, r) => r.roles.map((x) => <Tag key={x.id}>{x.name}</Tag>) },
    {
      key: 'status',
      title: s.status,
      render: (_v, r) => (
        <Tag color={r.status === 'active' ? 'green' : 'default'}>{r.status === 'active' ? s.active : s.disabled}</Tag>
      ),
    },
    {
      key: 'lastLoginAt',
      title: s.lastLoginAt,
      render: (_v, r) => (r.lastLoginAt ? dayjs(r.lastLoginAt).format('YYYY-MM-DD HH:mm') : '-'),
    },
    {
      key: 'actions',
      title: s.actions,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget(r)} data-testid={`agent-staff-edit-${r.username}`}>
            {s.edit}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              act(
                call(agentRoutes.agentStaffStatus, {
                  ids: [r.id],
                  status: r.status === 'active' ? 'disabled' : 'active',
                }),
              )
            }
          >
            {r.status === 'active' ? s.disable : s.enable}
          </Button>
          <Popconfirm title={s.resetConfirm(r.realName)} onConfirm={() => resetPassword(r)}>
            <Button type="link" size="small">
              {s.resetPassword}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage
        pageKey={agentStaffPageKey}
        title={s.staff}
        route={agentRoutes.agentStaffPage}
        rowKey="id"
        columns={columns}
        filters={
          <Form.Item name="name" label={s.realName}>
            <Input placeholder={s.namePlaceholder} allowClear style={{ width: 180 }} />
          </Form.Item>
        }
        toolbar={
          <Button type="primary" onClick={() => setTarget('new')} data-testid="agent-staff-add">
            {s.addStaff}
          </Button>
        }
      />
      <FormModal<TStaffForm>
        open={target !== null}
        title={isNew ? s.addStaff : s.editStaff}
        initialValues={initialValues}
        onSubmit={onSubmit}
        onCancel={() => setTarget(null)}
        testId="agent-staff-form"
        fields={
          <>
            {isNew && (
              <Form.Item
                name="username"
                label={s.username}
                rules={[{ required: true, message: s.usernamePlaceholder }]}
              >
                <Input placeholder={s.usernamePlaceholder} />
              </Form.Item>
            )}
            <Form.Item name="realName" label={s.realName} rules={[{ required: true, message: s.required(s.realName) }]}>
              <Input />
            </Form.Item>
            <Form.Item name="mobile" label={s.mobile} rules={[{ required: isNew, message: s.required(s.mobile) }]}>
              <Input placeholder={isNew ? '' : (target as TStaff | null)?.mobile} />
            </Form.Item>
            <Form.Item name="roleIds" label={s.staffRoles}>
              <Select mode="multiple" options={roleOptions} data-testid="agent-staff-roles" />
            </Form.Item>
            {isNew && (
              <Form.Item name="password" label={s.initialPassword} extra={s.initialPasswordTip}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
          </>
        }
      />
    </>
  );
};
