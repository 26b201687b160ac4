import { useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type TRole } from '@yunhu/contract';
import { Alert, Button, Card, Form, Input, Popconfirm, Space, Table, Tag, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { checkedPermissions, keysOfPermissions, linkChecked, toPermTree } from '../../org';
import { agentRolesKey, useAgentRoleMenuTree, useAgentRoles } from './agentStaffApi';

const s = t.agentStaff;
type TRoleForm = { name: string; remark?: string; permissions?: string[] };

/**
 * 角色权限 (agent/roles): the agent's roles. The tree offers the agent console's menus and buttons
 * only (the server's `agentRoleTreeOf`, and it refuses any other string); no data scope: every
 * role sees the whole agent (docs/decisions/0020-resellers.md).
 */
export const AgentRolePage = () => {
  const client = useQueryClient();
  const roles = useAgentRoles();
  const menus = useAgentRoleMenuTree();
  const [target, setTarget] = useState<TRole | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: agentRolesKey });
  const act = (p: Promise<unknown>) =>
    p
      .then(() => {
        feedback.message.success(s.saved);
        return refresh();
      })
      .catch(() => undefined);
  const permTree = useMemo(() => toPermTree(menus.data ?? []), [menus.data]);
  const role = target && target !== 'new' ? target : null;
  const initialValues = useMemo<Partial<TRoleForm>>(
    () =>
      role
        ? { name: role.name, remark: role.remark, permissions: keysOfPermissions(permTree, role.permissions) }
        : { permissions: [] },
    [role, permTree],
  );
  const onSubmit = async (v: TRoleForm) => {
    const permissions = checkedPermissions(v.permissions ?? []);
    if (role)
      await call(agentRoutes.agentRoleUpdate, { id: role.id, name: v.name, remark: v.remark ?? '', permissions });
    else await call(agentRoutes.agentRoleSave, { name: v.name, remark: v.remark ?? '', permissions });
    feedback.message.success(s.saved);
    await refresh();
  };
  const columns: ColumnsType<TRole> = [
    { key: 'name', title: s.roleName, dataIndex: 'name' },
    { key: 'permCount', title: s.permCount, render: (_v, r) => r.permissions.length },
    { key: 'userCount', title: s.userCount, dataIndex: 'userCount' },
    {
      key: 'status',
      title: s.status,
      render: (_v, r) => (
        <Tag color={r.status === 'active' ? 'green' : 'default'}>{r.status === 'active' ? s.active : s.disabled}</Tag>
      ),
    },
    { key: 'remark', title: s.remark, dataIndex: 'remark', ellipsis: true },
    {
      key: 'actions',
      title: s.actions,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget(r)} data-testid={`agent-role-edit-${r.name}`}>
            {s.edit}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              act(
                call(agentRoutes.agentRoleStatus, { id: r.id, status: r.status === 'active' ? 'disabled' : 'active' }),
              )
            }
          >
            {r.status === 'active' ? s.disable : s.enable}
          </Button>
          <Popconfirm
            title={s.deleteRoleConfirm(r.name)}
            onConfirm={() => act(call(agentRoutes.agentRoleDelete, { id: r.id }))}
          >
            <Button type="link" size="small" danger>
              {s.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={s.roles}
      data-testid="agent-roles"
      extra={
        <Button type="primary" onClick={() => setTarget('new')} data-testid="agent-role-add">
          {s.addRole}
        </Button>
      }
    >
      <Table rowKey="id" loading={roles.isLoading} dataSource={roles.data ?? []} columns={columns} pagination={false} />
      <FormModal<TRoleForm>
        // The tree opens all its folders only when it mounts with its data: wait for the menus.
        open={target !== null && menus.isSuccess}
        title={role ? s.editRole : s.addRole}
        initialValues={initialValues}
        onSubmit={onSubmit}
        onCancel={() => setTarget(null)}
        testId="agent-role-form"
        fields={
          <>
            <Alert type="info" showIcon title={s.roleHint} style={{ marginBottom: 12 }} />
            <Form.Item name="name" label={s.roleName} rules={[{ required: true, message: s.required(s.roleName) }]}>
              <Input />
            </Form.Item>
            <Form.Item name="remark" label={s.remark}>
              <Input />
            </Form.Item>
            <Form.Item
              name="permissions"
              label={s.perms}
              valuePropName="checkedKeys"
              trigger="onCheck"
              getValueFromEvent={(
                checked: string[] | { checked: string[] },
                info: { checked: boolean; node: { key: string | number } },
              ) =>
                linkChecked(
                  permTree,
                  Array.isArray(checked) ? checked : checked.checked,
                  String(info.node.key),
                  info.checked,
                )
              }
            >
              <Tree checkable checkStrictly defaultExpandAll selectable={false} treeData={permTree} />
            </Form.Item>
          </>
        }
      />
    </Card>
  );
};
