import { type orgStaffRoutes, Perm, type TRequestOf, type TStaff } from '@yunhu/contract';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { t } from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { usePermission } from '../../../shared/permission/usePermission';
import { useRoles } from '../api';
import { DeptTreeSelect } from './DeptTreeSelect';

export type TStaffForm = Pick<
  TRequestOf<typeof orgStaffRoutes.staffAdd>,
  'username' | 'realName' | 'mobile' | 'deptId' | 'roleIds' | 'password'
>;

type TStaffFormModalProps = {
  /** null: closed; 'new': add; a staff row: edit. */
  target: TStaff | 'new' | null;
  onSubmit: (values: TStaffForm) => Promise<unknown>;
  onClose: () => void;
  /** The department a new person starts in: the one selected in the tree (组织架构). */
  defaultDeptId?: number;
};

/** Add or edit a staff member: account and initial password only when adding. */
export const StaffFormModal = ({ target, onSubmit, onClose, defaultDeptId }: TStaffFormModalProps) => {
  const canListRoles = usePermission(Perm.roleList);
  const roles = useRoles(canListRoles);
  const isNew = target === 'new';
  // Memoised: the modal resets its form whenever the initial values change identity.
  const initialValues = useMemo(
    () =>
      target && target !== 'new'
        ? { realName: target.realName, deptId: target.deptId ?? undefined, roleIds: target.roles.map((r) => r.id) }
        : { deptId: defaultDeptId },
    [target, defaultDeptId],
  );
  return (
    <FormModal<TStaffForm>
      open={target !== null}
      title={isNew ? t.org.addStaff : t.org.editStaff}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onCancel={onClose}
      testId="staff-form"
      fields={
        <>
          {isNew && (
            <Form.Item
              name="username"
              label={t.org.username}
              rules={[{ required: true, message: t.org.usernamePlaceholder }]}
            >
              <Input placeholder={t.org.usernamePlaceholder} />
            </Form.Item>
          )}
          <Form.Item name="realName" label={t.org.realName} rules={[{ required: true, message: t.org.realName }]}>
            <Input />
          </Form.Item>
          <Form.Item name="mobile" label={t.org.mobile} rules={[{ required: isNew, message: t.org.mobile }]}>
            <Input placeholder={isNew ? '' : (target as TStaff | null)?.mobile} />
          </Form.Item>
          <Form.Item name="deptId" label={t.org.dept} rules={[{ required: true, message: t.org.dept }]}>
            <DeptTreeSelect />
          </Form.Item>
          {canListRoles && (
            <Form.Item name="roleIds" label={t.org.roles}>
              <Select
                mode="multiple"
                options={(roles.data ?? [])
                  .filter((r) => r.status === 'active')
                  .map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          )}
          {isNew && (
            <Form.Item name="password" label={t.org.initialPassword} extra={t.org.initialPasswordTip}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </>
      }
    />
  );
};
