import { Perm, staffStatusLabel, type TStaff } from '@yunhu/contract';
import { Popconfirm, Space, Switch, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { RowAction } from '../../../shared/list/RowAction';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import type { TStaffScreen } from './staffScreen';

type TRowActions = {
  /** The enterprise's only: 员工详情. */
  onDetail: (row: TStaff) => void;
  onEdit: (row: TStaff) => void;
  onStatus: (ids: number[], status: 'active' | 'disabled') => void;
  onResetPassword: (row: TStaff) => void;
  /** The enterprise's only. */
  onBilling: (ids: number[], isEnabled: boolean) => void;
  onDelete: (ids: number[]) => void;
};

/**
 * The columns of a staff list: who, roles, status, last sign-in and the row's actions; the
 * enterprise's add the job number, department, billing switch and delete.
 */
export const staffColumns = (screen: TStaffScreen, on: TRowActions): TListColumn<TStaff>[] => {
  const { texts, perms, testPrefix: p } = screen;
  const isEnterprise = !!screen.enterprise;
  return [
    ...fieldColumns<TStaff>({ realName: texts.realName, username: texts.username, mobile: texts.mobile }),
    ...(isEnterprise
      ? [
          { key: 'jobNumber', title: t.org.jobNumber, dataIndex: 'jobNumber', isHiddenByDefault: true },
          { key: 'deptName', title: t.org.dept, dataIndex: 'deptName' },
        ]
      : []),
    {
      key: 'roles',
      title: texts.roles,
      render: (_v, r) => r.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    tagColumn(texts.status, 'status', { labels: staffStatusLabel, colors: { active: 'green', disabled: 'default' } }),
    ...(isEnterprise
      ? [
          {
            key: 'billingEnabled',
            title: t.org.billing,
            dataIndex: 'billingEnabled',
            render: (v: boolean, row: TStaff) => (
              <Permission value={Perm.staffBilling} fallback={v ? t.org.billingOn : t.org.billingOff}>
                <Switch size="small" checked={v} onChange={(isOn) => on.onBilling([row.id], isOn)} />
              </Permission>
            ),
          },
        ]
      : []),
    timeColumn(texts.lastLogin, { key: 'lastLoginAt', empty: '-' }),
    ...actionsColumn<TStaff>(true, texts.actions, (row) => (
      <Space size={0}>
        {isEnterprise && (
          <RowAction onClick={() => on.onDetail(row)} testId={`staff-detail-${row.username}`}>
            {t.org.detail}
          </RowAction>
        )}
        <Permission value={perms.update}>
          <RowAction onClick={() => on.onEdit(row)} testId={`${p}staff-edit-${row.username}`}>
            {texts.edit}
          </RowAction>
        </Permission>
        <Permission value={perms.status}>
          <RowAction onClick={() => on.onStatus([row.id], row.status === 'active' ? 'disabled' : 'active')}>
            {row.status === 'active' ? texts.disable : texts.enable}
          </RowAction>
        </Permission>
        <Permission value={perms.password}>
          <Popconfirm title={texts.resetPasswordConfirm(row.realName)} onConfirm={() => on.onResetPassword(row)}>
            <RowAction>{texts.resetPassword}</RowAction>
          </Popconfirm>
        </Permission>
        {isEnterprise && (
          <Permission value={Perm.staffDelete}>
            <Popconfirm title={t.org.deleteStaffConfirm(1)} onConfirm={() => on.onDelete([row.id])}>
              <RowAction isDanger>{t.org.delete}</RowAction>
            </Popconfirm>
          </Permission>
        )}
      </Space>
    )),
  ];
};
