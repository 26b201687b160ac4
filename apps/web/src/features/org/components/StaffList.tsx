import { useQueryClient } from '@tanstack/react-query';
import { orgStaffRoutes, Perm, staffStatusLabel, type TStaff } from '@yunhu/contract';
import { Button, Form, Input, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { call } from '../../../shared/http/api';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import { usePermission } from '../../../shared/permission/usePermission';
import { useRoles } from '../api';
import { BatchDeptRoleModal } from './BatchDeptRoleModal';
import { DeptTreeSelect } from './DeptTreeSelect';
import { StaffBatchActions } from './StaffBatchActions';
import { StaffFormModal, type TStaffForm } from './StaffFormModal';
import { StaffImportModal } from './StaffImportModal';

type TStaffListProps = { pageKey: string; title: ReactNode; params?: Record<string, unknown>; hasDeptFilter: boolean };

/** The staff list with its actions: add, edit, enable/disable, delete (single and batch), export. */
export const StaffList = ({ pageKey, title, params, hasDeptFilter }: TStaffListProps) => {
  const client = useQueryClient();
  const [target, setTarget] = useState<TStaff | 'new' | null>(null);
  const [isImporting, setImporting] = useState(false);
  const [batchIds, setBatchIds] = useState<number[] | null>(null);
  const canListRoles = usePermission(Perm.roleList);
  const roles = useRoles(canListRoles);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [pageKey] });
    void client.invalidateQueries({ queryKey: ['org', 'depts'] });
  };
  const act = (p: Promise<unknown>) =>
    p.then(() => {
      feedback.message.success(t.org.saved);
      refresh();
    });
  const setStatus = (ids: number[], status: 'active' | 'disabled') =>
    act(call(orgStaffRoutes.staffStatus, { ids, status })).catch(() => undefined);
  const remove = (ids: number[]) => act(call(orgStaffRoutes.staffDelete, { ids })).catch(() => undefined);
  const setBilling = (userIds: number[], enabled: boolean) =>
    act(call(orgStaffRoutes.billingBatch, { userIds, enabled })).catch(() => undefined);
  const resetPassword = (row: TStaff) =>
    call(orgStaffRoutes.adminPassword, { userId: row.id })
      .then((r) => feedback.message.success(t.org.passwordReset(row.realName, r.password), 10))
      .catch(() => undefined);

  const onSubmit = async (values: TStaffForm) => {
    if (target === 'new') {
      const created = await call(orgStaffRoutes.staffAdd, { ...values, password: values.password || undefined });
      feedback.message.success(t.org.staffCreated(values.realName, created.initialPassword), 8);
    } else if (target) {
      await call(orgStaffRoutes.staffUpdate, { id: target.id, ...values, mobile: values.mobile || undefined });
      feedback.message.success(t.org.saved);
    }
    refresh();
  };

  const columns: TListColumn<TStaff>[] = [
    { key: 'realName', title: t.org.realName, dataIndex: 'realName' },
    { key: 'username', title: t.org.username, dataIndex: 'username' },
    { key: 'mobile', title: t.org.mobile, dataIndex: 'mobile' },
    { key: 'jobNumber', title: t.org.jobNumber, dataIndex: 'jobNumber', isHiddenByDefault: true },
    { key: 'deptName', title: t.org.dept, dataIndex: 'deptName' },
    {
      key: 'roles',
      title: t.org.roles,
      render: (_v, r) => r.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    {
      key: 'status',
      title: t.org.status,
      dataIndex: 'status',
      render: (v: TStaff['status']) => <Tag color={v === 'active' ? 'green' : 'default'}>{staffStatusLabel[v]}</Tag>,
    },
    {
      key: 'billingEnabled',
      title: t.org.billing,
      dataIndex: 'billingEnabled',
      render: (v: boolean, row) => (
        <Permission value={Perm.staffBilling} fallback={v ? t.org.billingOn : t.org.billingOff}>
          <Switch size="small" checked={v} onChange={(on) => setBilling([row.id], on)} />
        </Permission>
      ),
    },
    {
      key: 'lastLoginAt',
      title: t.org.lastLogin,
      dataIndex: 'lastLoginAt',
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-'),
    },
    {
      key: 'actions',
      title: t.org.actions,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Permission value={Perm.staffUpdate}>
            <Button type="link" size="small" onClick={() => setTarget(row)} data-testid={`staff-edit-${row.username}`}>
              {t.org.edit}
            </Button>
          </Permission>
          <Permission value={Perm.staffStatus}>
            <Button
              type="link"
              size="small"
              onClick={() => setStatus([row.id], row.status === 'active' ? 'disabled' : 'active')}
            >
              {row.status === 'active' ? t.org.disable : t.org.enable}
            </Button>
          </Permission>
          <Permission value={Perm.staffPassword}>
            <Popconfirm title={t.org.resetPasswordConfirm(row.realName)} onConfirm={() => resetPassword(row)}>
              <Button type="link" size="small">
                {t.org.resetPassword}
              </Button>
            </Popconfirm>
          </Permission>
          <Permission value={Perm.staffDelete}>
            <Popconfirm title={t.org.deleteStaffConfirm(1)} onConfirm={() => remove([row.id])}>
              <Button type="link" size="small" danger>
                {t.org.delete}
              </Button>
            </Popconfirm>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        pageKey={pageKey}
        title={title}
        route={orgStaffRoutes.staffPage}
        rowKey="id"
        columns={columns}
        params={params}
        exportRoute={orgStaffRoutes.staffExport}
        exportPermission={Perm.staffExport}
        exportName={t.org.exportName}
        toolbar={
          <Space>
            <Permission value={Perm.staffImport}>
              <Button onClick={() => setImporting(true)} data-testid="staff-import">
                {t.org.import}
              </Button>
            </Permission>
            <Permission value={Perm.staffAdd}>
              <Button type="primary" onClick={() => setTarget('new')} data-testid="staff-add">
                {t.org.addStaff}
              </Button>
            </Permission>
          </Space>
        }
        batchActions={(rows, clear) => (
          <StaffBatchActions
            ids={rows.map((r) => r.id)}
            onStatus={setStatus}
            onBilling={setBilling}
            onDeptRole={setBatchIds}
            onDelete={remove}
            onDone={clear}
          />
        )}
        filters={
          <>
            <Form.Item name="name" label={t.org.realName}>
              <Input placeholder={t.org.realNamePlaceholder} allowClear style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="mobile" label={t.org.mobile}>
              <Input placeholder={t.org.mobilePlaceholder} allowClear style={{ width: 170 }} />
            </Form.Item>
            {hasDeptFilter && (
              <Form.Item name="deptId" label={t.org.dept}>
                <DeptTreeSelect allowClear placeholder={t.org.all} style={{ width: 180 }} />
              </Form.Item>
            )}
            {canListRoles && (
              <Form.Item name="roleId" label={t.org.roles}>
                <Select
                  allowClear
                  placeholder={t.org.all}
                  style={{ width: 140 }}
                  options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                />
              </Form.Item>
            )}
            <Form.Item name="status" label={t.org.status}>
              <Select
                allowClear
                placeholder={t.org.all}
                style={{ width: 110 }}
                options={[
                  { value: 'active', label: t.org.active },
                  { value: 'disabled', label: t.org.disabled },
                ]}
              />
            </Form.Item>
          </>
        }
      />
      <StaffFormModal
        target={target}
        onSubmit={onSubmit}
        onClose={() => setTarget(null)}
        defaultDeptId={typeof params?.deptId === 'number' ? params.deptId : undefined}
      />
      <StaffImportModal open={isImporting} onClose={() => setImporting(false)} />
      <BatchDeptRoleModal
        ids={batchIds}
        onClose={() => setBatchIds(null)}
        onDone={() => {
          feedback.message.success(t.org.saved);
          refresh();
        }}
      />
    </>
  );
};
