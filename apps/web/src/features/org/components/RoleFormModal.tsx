import { useQuery } from '@tanstack/react-query';
import { dataScopeLabel, dataScopes, orgRoleRoutes, orgRoutes, type TRequestOf, type TRole } from '@yunhu/contract';
import { Alert, Form, Input, Select, Tree } from 'antd';
import { useMemo } from 'react';
import { t } from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { checkedPermissions, keysOfPermissions, linkChecked, toPermTree } from '../permTree';
import { DeptTreeSelect } from './DeptTreeSelect';

export type TRoleForm = Pick<
  TRequestOf<typeof orgRoleRoutes.roleSave>,
  'name' | 'remark' | 'dataScope' | 'deptIds' | 'permissions'
>;

type TRoleFormModalProps = {
  target: TRole | 'new' | null;
  onSubmit: (values: TRoleForm) => Promise<unknown>;
  onClose: () => void;
};

/** Name, data scope (with departments for 指定部门) and the menu-and-button permission tree of a role. */
export const RoleFormModal = ({ target, onSubmit, onClose }: TRoleFormModalProps) => {
  const menus = useQuery({ queryKey: ['org', 'selectMenu'], queryFn: () => call(orgRoutes.selectMenu, {}) });
  const role = target && target !== 'new' ? target : null;
  const deptIds = useQuery({
    queryKey: ['org', 'roleDept', role?.id],
    queryFn: () => call(orgRoleRoutes.roleDept, { roleId: role!.id }),
    enabled: role !== null,
  });
  const scopeDepts = deptIds.data?.deptIds;
  const permTree = useMemo(() => toPermTree(menus.data ?? []), [menus.data]);
  // The form holds the tree's keys: a string granted by two screens checks both.
  const initialValues = useMemo<Partial<TRoleForm>>(
    () =>
      role
        ? {
            name: role.name,
            remark: role.remark,
            dataScope: role.dataScope,
            permissions: keysOfPermissions(permTree, role.permissions),
            deptIds: scopeDepts ?? [],
          }
        : { dataScope: 'self', permissions: [] },
    [role, scopeDepts, permTree],
  );
  // The tree opens all its folders only when it mounts with its data, so wait for the menus.
  const isReady = menus.isSuccess && (role === null || deptIds.isSuccess);
  return (
    <FormModal<TRoleForm>
      open={target !== null && isReady}
      title={role ? t.org.editRole : t.org.addRole}
      initialValues={initialValues}
      onSubmit={(v) => onSubmit({ ...v, permissions: checkedPermissions(v.permissions ?? []) })}
      onCancel={onClose}
      fields={(form) => (
        <>
          {role?.isAdmin && <Alert type="info" showIcon title={t.org.adminRole} style={{ marginBottom: 12 }} />}
          <Form.Item name="name" label={t.org.roleName} rules={[{ required: true, message: t.org.roleName }]}>
            <Input />
          </Form.Item>
          <Form.Item name="remark" label={t.org.remark}>
            <Input />
          </Form.Item>
          <Form.Item name="dataScope" label={t.org.dataScope}>
            <Select options={dataScopes.map((s) => ({ value: s, label: dataScopeLabel[s] }))} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.dataScope !== b.dataScope}>
            {() =>
              form.getFieldValue('dataScope') === 'custom' && (
                <Form.Item
                  name="deptIds"
                  label={t.org.scopeDepts}
                  rules={[{ required: true, message: t.org.scopeDepts }]}
                >
                  <DeptTreeSelect multiple treeCheckable />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item
            name="permissions"
            label={t.org.menuPerms}
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
      )}
    />
  );
};
