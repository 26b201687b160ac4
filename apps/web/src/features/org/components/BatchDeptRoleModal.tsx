import { orgStaffRoutes, Perm, type TRequestOf } from '@yunhu/contract';
import { Form, Select } from 'antd';
import * as t from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { usePermission } from '../../../shared/permission/usePermission';
import { useRoles } from '../api';
import { DeptTreeSelect } from './DeptTreeSelect';

type TForm = Omit<TRequestOf<typeof orgStaffRoutes.staffBatchDeptRole>, 'ids'>;

/** Moves the selected staff to a department and/or gives them roles (empty fields stay unchanged). */
export const BatchDeptRoleModal = ({
  ids,
  onClose,
  onDone,
}: {
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const canListRoles = usePermission(Perm.roleList);
  const roles = useRoles(canListRoles);
  return (
    <FormModal<TForm>
      open={ids !== null}
      title={t.org.batchDeptRole}
      onSubmit={(v) => call(orgStaffRoutes.staffBatchDeptRole, { ids: ids ?? [], ...v })}
      onCancel={onClose}
      onDone={onDone}
      fields={
        <>
          <Form.Item name="deptId" label={t.org.dept}>
            <DeptTreeSelect allowClear placeholder={t.org.keepUnchanged} />
          </Form.Item>
          {canListRoles && (
            <Form.Item name="roleIds" label={t.org.roles}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t.org.keepUnchanged}
                options={(roles.data ?? [])
                  .filter((r) => r.status === 'active')
                  .map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          )}
        </>
      }
    />
  );
};
