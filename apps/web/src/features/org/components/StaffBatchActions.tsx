import { Perm } from '@yunhu/contract';
import { Button, Popconfirm, Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { Permission } from '../../../shared/permission/Permission';

type TStaffBatchActionsProps = {
  ids: number[];
  onStatus: (ids: number[], status: 'active' | 'disabled') => Promise<unknown>;
  onBilling: (ids: number[], isEnabled: boolean) => Promise<unknown>;
  onDeptRole: (ids: number[]) => void;
  onDelete: (ids: number[]) => Promise<unknown>;
  /** Clears the selection after an action went through. */
  onDone: () => void;
};

/** The actions over the selected staff, each shown only to those holding its permission. */
export const StaffBatchActions = ({
  ids,
  onStatus,
  onBilling,
  onDeptRole,
  onDelete,
  onDone,
}: TStaffBatchActionsProps) => {
  const isEmpty = ids.length === 0;
  return (
    <Space wrap>
      <Permission value={Perm.staffStatus}>
        <Space>
          <Button disabled={isEmpty} onClick={() => onStatus(ids, 'active').then(onDone)}>
            {t.org.batchEnable}
          </Button>
          <Button disabled={isEmpty} onClick={() => onStatus(ids, 'disabled').then(onDone)}>
            {t.org.batchDisable}
          </Button>
        </Space>
      </Permission>
      <Permission value={Perm.staffUpdate}>
        <Button disabled={isEmpty} onClick={() => onDeptRole(ids)}>
          {t.org.batchDeptRole}
        </Button>
      </Permission>
      <Permission value={Perm.staffBilling}>
        <Space>
          <Button disabled={isEmpty} onClick={() => onBilling(ids, true).then(onDone)}>
            {t.org.batchBillingOn}
          </Button>
          <Button disabled={isEmpty} onClick={() => onBilling(ids, false).then(onDone)}>
            {t.org.batchBillingOff}
          </Button>
        </Space>
      </Permission>
      <Permission value={Perm.staffDelete}>
        <Popconfirm
          title={t.org.deleteStaffConfirm(ids.length)}
          disabled={isEmpty}
          onConfirm={() => onDelete(ids).then(onDone)}
        >
          <Button danger disabled={isEmpty} data-testid="staff-batch-delete">
            {t.org.batchDelete}
          </Button>
        </Popconfirm>
      </Permission>
    </Space>
  );
};
