import type { TStaff } from '@yunhu/contract';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { namedOptions } from '../../../shared/form/options';
import { DeptTreeSelect } from './DeptTreeSelect';
import type { TStaffForm, TStaffScreen } from './staffScreen';

type TStaffFormModalProps = {
  screen: TStaffScreen;
  /** null: closed; 'new': add; a staff row: edit. */
  target: TStaff | 'new' | null;
  onSubmit: (values: TStaffForm) => Promise<unknown>;
  onClose: () => void;
  /** The department a new person starts in: the one selected in the tree (组织架构). */
  defaultDeptId?: number;
};

/** Add or edit a person: account and initial password only when adding, a department where the screen has them. */
export const StaffFormModal = ({ screen, target, onSubmit, onClose, defaultDeptId }: TStaffFormModalProps) => {
  const { texts, roles } = screen;
  const hasDept = !!screen.enterprise;
  const isNew = target === 'new';
  // Memoised: the modal resets its form whenever the initial values change identity.
  const initialValues = useMemo(
    () =>
      target && target !== 'new'
        ? { realName: target.realName, deptId: target.deptId ?? undefined, roleIds: target.roles.map((r) => r.id) }
        : { deptId: defaultDeptId },
    [target, defaultDeptId],
  );
  const required = (label: string) => [{ required: true, message: texts.required(label) }];
  return (
    <FormModal<TStaffForm>
      open={target !== null}
      title={isNew ? texts.addStaff : texts.editStaff}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onCancel={onClose}
      testId={`${screen.testPrefix}staff-form`}
      fields={
        <>
          {isNew && (
            <Form.Item
              name="username"
              label={texts.username}
              rules={[{ required: true, message: texts.usernamePlaceholder }]}
            >
              <Input placeholder={texts.usernamePlaceholder} />
            </Form.Item>
          )}
          <Form.Item name="realName" label={texts.realName} rules={required(texts.realName)}>
            <Input />
          </Form.Item>
          <Form.Item name="mobile" label={texts.mobile} rules={isNew ? required(texts.mobile) : []}>
            <Input placeholder={isNew ? '' : (target as TStaff | null)?.mobile} />
          </Form.Item>
          {hasDept && (
            <Form.Item name="deptId" label={t.org.dept} rules={required(t.org.dept)}>
              <DeptTreeSelect />
            </Form.Item>
          )}
          {roles && (
            <Form.Item name="roleIds" label={texts.roles}>
              <Select
                mode="multiple"
                options={namedOptions(roles.filter((r) => r.status === 'active'))}
                data-testid={`${screen.testPrefix}staff-roles`}
              />
            </Form.Item>
          )}
          {isNew && (
            <Form.Item name="password" label={texts.initialPassword} extra={texts.initialPasswordTip}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </>
      }
    />
  );
};
