import { useQueryClient } from '@tanstack/react-query';
import { dataScopeLabel, orgRoleRoutes, Perm, type TRole } from '@yunhu/contract';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { call } from '../../../shared/http/api';
import { Permission } from '../../../shared/permission/Permission';
import { orgListKeys, useRoles } from '../api';
import { RoleFormModal, type TRoleForm } from '../components/RoleFormModal';

/** 角色权限 (company/permissions): roles with their menu/button permissions and data scope. */
export const PermissionsPage = () => {
  const client = useQueryClient();
  const roles = useRoles(true);
  const [target, setTarget] = useState<TRole | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: orgListKeys.roles });
  const act = (p: Promise<unknown>) =>
    p
      .then(() => {
        feedback.message.success(t.org.saved);
        return refresh();
      })
      .catch(() => undefined);
  const onSubmit = async (v: TRoleForm) => {
    const deptIds = v.dataScope === 'custom' ? (v.deptIds ?? []) : [];
    if (target === 'new') await call(orgRoleRoutes.roleSave, { ...v, deptIds });
    else if (target) await call(orgRoleRoutes.roleUpdate, { id: target.id, ...v, deptIds });
    feedback.message.success(t.org.saved);
    await refresh();
  };
  const columns: ColumnsType<TRole> = [
    { key: 'name', title: t.org.roleName, dataIndex: 'name' },
    { key: 'dataScope', title: t.org.dataScope, render: (_v, r) => dataScopeLabel[r.dataScope] },
    { key: 'userCount', title: t.org.userCount, dataIndex: 'userCount' },
    {
      key: 'status',
      title: t.org.status,
      render: (_v, r) => (
        <Tag color={r.status === 'active' ? 'green' : 'default'}>
          {r.status === 'active' ? t.org.active : t.org.disabled}
        </Tag>
      ),
    },
    { key: 'remark', title: t.org.remark, dataIndex: 'remark', ellipsis: true },
    {
      key: 'actions',
      title: t.org.actions,
      render: (_v, r) => (
        <Space size={0}>
          <Permission value={Perm.roleUpdate}>
            <Button type="link" size="small" onClick={() => setTarget(r)} data-testid={`role-edit-${r.name}`}>
              {t.org.edit}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() =>
                act(
                  call(orgRoleRoutes.roleDisable, {
                    id: r.id,
                    status: r.status === 'active' ? 'disabled' : 'active',
                  }),
                )
              }
            >
              {r.status === 'active' ? t.org.disable : t.org.enable}
            </Button>
          </Permission>
          {/* The administrator role cannot be deleted (the server refuses). */}
          {!r.isAdmin && (
            <Permission value={Perm.roleDelete}>
              <Popconfirm
                title={t.org.deleteRoleConfirm(r.name)}
                onConfirm={() => act(call(orgRoleRoutes.roleDelete, { id: r.id }))}
              >
                <Button type="link" size="small" danger>
                  {t.org.delete}
                </Button>
              </Popconfirm>
            </Permission>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t.org.permissions}
      data-testid="roles"
      extra={
        <Permission value={Perm.roleAdd}>
          <Button type="primary" onClick={() => setTarget('new')} data-testid="role-add">
            {t.org.addRole}
          </Button>
        </Permission>
      }
    >
      <Table rowKey="id" loading={roles.isLoading} dataSource={roles.data ?? []} columns={columns} pagination={false} />
      <RoleFormModal target={target} onSubmit={onSubmit} onClose={() => setTarget(null)} />
    </Card>
  );
};
