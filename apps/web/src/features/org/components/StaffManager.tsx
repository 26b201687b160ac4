import { orgStaffRoutes, Perm, type TStaff } from '@yunhu/contract';
import { Button, Form, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { namedOptions } from '../../../shared/form/options';
import { call } from '../../../shared/http/api';
import { lazyComponent } from '../../../shared/lazyComponent';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { OnceOpened } from '../../../shared/modal/OnceOpened';
import { Permission } from '../../../shared/permission/Permission';
import { DeptTreeSelect } from './DeptTreeSelect';
import { StaffBatchActions } from './StaffBatchActions';
import { staffColumns } from './staffColumns';
import { saveStaffEdit, type TStaffForm, type TStaffScreen } from './staffScreen';

// The dialogs and the drawer (forms, the import wizard with its upload) load with their first
// opening: the list shows without them.
const StaffFormModal = lazyComponent(() => import('./StaffFormModal'), 'StaffFormModal');
const StaffImportModal = lazyComponent(() => import('./StaffImportModal'), 'StaffImportModal');
const StaffDetailDrawer = lazyComponent(() => import('./StaffDetailDrawer'), 'StaffDetailDrawer');
const BatchDeptRoleModal = lazyComponent(() => import('./BatchDeptRoleModal'), 'BatchDeptRoleModal');

/**
 * A console's 员工管理: the list with its filters and actions (add, edit, enable/disable, reset
 * password), and for the enterprise's also departments, billing, delete, import, export and batch
 * actions. The enterprise's and an agent's differ only by their `TStaffScreen`.
 */
export const StaffManager = ({ screen, title }: { screen: TStaffScreen; title: ReactNode }) => {
  const { texts, enterprise } = screen;
  const [target, setTarget] = useState<TStaff | 'new' | null>(null);
  const [isImporting, setImporting] = useState(false);
  const [batchIds, setBatchIds] = useState<number[] | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const act = (p: Promise<unknown>) =>
    p
      .then(() => {
        feedback.message.success(texts.saved);
        screen.refresh();
      })
      .catch(() => undefined);
  const setStatus = (ids: number[], status: 'active' | 'disabled') => act(screen.setStatus(ids, status));
  const remove = (ids: number[]) => act(call(orgStaffRoutes.staffDelete, { ids }));
  const setBilling = (userIds: number[], enabled: boolean) =>
    act(call(orgStaffRoutes.billingBatch, { userIds, enabled }));
  const resetPassword = (row: TStaff) =>
    screen
      .resetPassword(row.id)
      .then((r) => feedback.message.success(texts.passwordReset(row.realName, r.password), 10))
      .catch(() => undefined);
  const onSubmit = async (values: TStaffForm) => {
    if (target === 'new') {
      const created = await screen.add({ ...values, password: values.password || undefined });
      feedback.message.success(texts.staffCreated(values.realName, created.initialPassword), 10);
    } else if (target) {
      await saveStaffEdit(screen, target.id, values);
      feedback.message.success(texts.saved);
    }
    screen.refresh();
  };
  const columns = staffColumns(screen, {
    onDetail: (row) => setDetailId(row.id),
    onEdit: setTarget,
    onStatus: setStatus,
    onResetPassword: resetPassword,
    onBilling: setBilling,
    onDelete: remove,
  });
  const params = enterprise?.params;

  return (
    <>
      <ListPage
        pageKey={screen.pageKey}
        title={title}
        route={screen.route}
        columns={columns}
        params={params}
        export={
          enterprise
            ? { route: orgStaffRoutes.staffExport, fileName: t.org.exportName, permission: Perm.staffExport }
            : undefined
        }
        toolbar={
          <Space>
            {enterprise && (
              <Permission value={Perm.staffImport}>
                <Button onClick={() => setImporting(true)} data-testid="staff-import">
                  {t.org.import}
                </Button>
              </Permission>
            )}
            <Permission value={screen.perms.add}>
              <Button type="primary" onClick={() => setTarget('new')} data-testid={`${screen.testPrefix}staff-add`}>
                {texts.addStaff}
              </Button>
            </Permission>
          </Space>
        }
        batchActions={
          enterprise
            ? (rows, clear) => (
                <StaffBatchActions
                  ids={rows.map((r) => r.id)}
                  onStatus={setStatus}
                  onBilling={setBilling}
                  onDeptRole={setBatchIds}
                  onDelete={remove}
                  onDone={clear}
                />
              )
            : undefined
        }
        filters={
          <>
            <TextFilter name="name" label={texts.realName} placeholder={texts.realNamePlaceholder} width={150} />
            <TextFilter name="mobile" label={texts.mobile} placeholder={texts.mobilePlaceholder} width={170} />
            {enterprise?.hasDeptFilter && (
              <Form.Item name="deptId" label={t.org.dept}>
                <DeptTreeSelect allowClear placeholder={texts.all} style={{ width: 180 }} />
              </Form.Item>
            )}
            {screen.roles && (
              <SelectFilter name="roleId" label={texts.roles} width={140} options={namedOptions(screen.roles)} />
            )}
            <SelectFilter
              name="status"
              label={texts.status}
              width={110}
              options={[
                { value: 'active', label: texts.active },
                { value: 'disabled', label: texts.disabled },
              ]}
            />
          </>
        }
      />
      <OnceOpened open={target !== null}>
        <StaffFormModal
          screen={screen}
          target={target}
          onSubmit={onSubmit}
          onClose={() => setTarget(null)}
          defaultDeptId={typeof params?.deptId === 'number' ? params.deptId : undefined}
        />
      </OnceOpened>
      {enterprise && (
        <>
          <OnceOpened open={isImporting}>
            <StaffImportModal open={isImporting} onClose={() => setImporting(false)} />
          </OnceOpened>
          <OnceOpened open={detailId !== null}>
            <StaffDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
          </OnceOpened>
          <OnceOpened open={batchIds !== null}>
            <BatchDeptRoleModal
              ids={batchIds}
              onClose={() => setBatchIds(null)}
              onDone={() => {
                feedback.message.success(t.org.saved);
                screen.refresh();
              }}
            />
          </OnceOpened>
        </>
      )}
    </>
  );
};
