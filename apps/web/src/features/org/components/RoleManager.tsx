import type { TRole } from '@yunhu/contract';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { feedback } from '../../../shared/feedback';
import { RowAction } from '../../../shared/list/RowAction';
import { Permission } from '../../../shared/permission/Permission';
import { RoleFormModal } from './RoleFormModal';
import type { TRoleForm, TRoleScreen } from './roleScreen';

/**
 * A console's 角色权限: its roles with their status, holders and actions, and the role form. The
 * enterprise's and an agent's differ only by their `TRoleScreen`.
 */
export const RoleManager = ({ screen }: { screen: TRoleScreen }) => {
  const { texts, testPrefix: p, perms } = screen;
  const [target, setTarget] = useState<TRole | 'new' | null>(null);
  const act = (promise: Promise<unknown>) =>
    promise
      .then(() => {
        feedback.message.success(texts.saved);
        return screen.refresh();
      })
      .catch(() => undefined);
  const onSubmit = async (values: TRoleForm) => {
    if (target === 'new') await screen.save(values);
    else if (target) await screen.update(target.id, values);
    feedback.message.success(texts.saved);
    await screen.refresh();
  };
  const columns: ColumnsType<TRole> = [
    { key: 'name', title: texts.roleName, dataIndex: 'name' },
    screen.summaryColumn,
    { key: 'userCount', title: texts.userCount, dataIndex: 'userCount' },
    {
      key: 'status',
      title: texts.status,
      render: (_v, r) => (
        <Tag color={r.status === 'active' ? 'green' : 'default'}>
          {r.status === 'active' ? texts.active : texts.disabled}
        </Tag>
      ),
    },
    { key: 'remark', title: texts.remark, dataIndex: 'remark', ellipsis: true },
    {
      key: 'actions',
      title: texts.actions,
      render: (_v, r) => (
        <Space size={0}>
          <Permission value={perms.update}>
            <RowAction onClick={() => setTarget(r)} testId={`${p}role-edit-${r.name}`}>
              {texts.edit}
            </RowAction>
            <RowAction onClick={() => act(screen.setStatus(r.id, r.status === 'active' ? 'disabled' : 'active'))}>
              {r.status === 'active' ? texts.disable : texts.enable}
            </RowAction>
          </Permission>
          {/* The administrator role cannot be deleted (the server refuses). */}
          {!r.isAdmin && (
            <Permission value={perms.delete}>
              <Popconfirm title={texts.deleteRoleConfirm(r.name)} onConfirm={() => act(screen.remove(r.id))}>
                <RowAction isDanger>{texts.delete}</RowAction>
              </Popconfirm>
            </Permission>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={texts.title}
      data-testid={`${p}roles`}
      extra={
        <Permission value={perms.add}>
          <Button type="primary" onClick={() => setTarget('new')} data-testid={`${p}role-add`}>
            {texts.addRole}
          </Button>
        </Permission>
      }
    >
      <Table
        rowKey="id"
        loading={screen.roles.isLoading}
        dataSource={screen.roles.data ?? []}
        columns={columns}
        pagination={false}
      />
      <RoleFormModal screen={screen} target={target} onSubmit={onSubmit} onClose={() => setTarget(null)} />
    </Card>
  );
};
