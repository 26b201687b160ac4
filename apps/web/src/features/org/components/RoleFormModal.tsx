import { useQuery } from '@tanstack/react-query';
import { dataScopeLabel, dataScopes, orgRoleRoutes, type TRole } from '@yunhu/contract';
import { Form, Input, Select, Tree } from 'antd';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { FormModal } from '../../../shared/form/FormModal';
import { optionsOf } from '../../../shared/form/options';
import { call } from '../../../shared/http/api';
import { checkedPermissions, keysOfPermissions, linkChecked, toPermTree } from '../permTree';
import { DeptTreeSelect } from './DeptTreeSelect';
import type { TRoleForm, TRoleScreen } from './roleScreen';

type TRoleFormModalProps = {
  screen: TRoleScreen;
  target: TRole | 'new' | null;
  onSubmit: (values: TRoleForm) => Promise<unknown>;
  onClose: () => void;
};

/** Name, data scope (with departments for 指定部门) where the screen has one, and the menu-and-button tree of a role. */
export const RoleFormModal = ({ screen, target, onSubmit, onClose }: TRoleFormModalProps) => {
  const { menus, hasDataScope, texts } = screen;
  const role = target && target !== 'new' ? target : null;
  const deptIds = useQuery({
    queryKey: ['org', 'roleDept', role?.id],
    queryFn: () => call(orgRoleRoutes.roleDept, { roleId: role!.id }),
    enabled: hasDataScope && role !== null,
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
            permissions: keysOfPermissions(permTree, role.permissions),
            ...(hasDataScope ? { dataScope: role.dataScope, deptIds: scopeDepts ?? [] } : {}),
          }
        : { permissions: [], ...(hasDataScope ? { dataScope: 'self' as const } : {}) },
    [role, scopeDepts, permTree, hasDataScope],
  );
  // The tree opens all its folders only when it mounts with its data, so wait for the menus.
  const isReady = menus.isSuccess && (role === null || !hasDataScope || deptIds.isSuccess);
  return (
    <FormModal<TRoleForm>
      open={target !== null && isReady}
      title={role ? texts.editRole : texts.addRole}
      initialValues={initialValues}
      onSubmit={(v) => onSubmit({ ...v, permissions: checkedPermissions(v.permissions ?? []) })}
      onCancel={onClose}
      testId={`${screen.testPrefix}role-form`}
      fields={(form) => (
        <>
          {screen.hint && <Hint>{screen.hint}</Hint>}
          {role?.isAdmin && <Hint>{t.org.adminRole}</Hint>}
          <Form.Item
            name="name"
            label={texts.roleName}
            rules={[{ required: true, message: texts.required(texts.roleName) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="remark" label={texts.remark}>
            <Input />
          </Form.Item>
          {hasDataScope && (
            <>
              <Form.Item name="dataScope" label={t.org.dataScope}>
                <Select options={optionsOf(dataScopes, dataScopeLabel)} />
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
            </>
          )}
          <Form.Item
            name="permissions"
            label={texts.perms}
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
