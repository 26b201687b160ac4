import { useQueryClient } from '@tanstack/react-query';
import {
  enterpriseStatuses,
  enterpriseStatusLabel,
  Perm,
  platformRoutes,
  type TEnterprise,
  type TEnterpriseCreate,
} from '@yunhu/contract';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { AdministratorFields } from '../../../shared/form/AdministratorFields';
import { FormModal } from '../../../shared/form/FormModal';
import { optionsOf } from '../../../shared/form/options';
import { ReasonModal } from '../../../shared/form/ReasonModal';
import { call } from '../../../shared/http/api';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { EnterpriseDetailLink } from '../components/EnterpriseDetailLink';
import { platformWaitingKeys } from '../components/PlatformWaiting';

const statusColor: Record<TEnterprise['status'], string> = {
  pending: 'orange',
  active: 'green',
  rejected: 'red',
  closed: 'default',
};
type TReasonAction = { kind: 'reject' | 'close'; rows: TEnterprise[] };

/** 企业列表 (platform operator): examine registrations, open and close enterprises. */
export const EnterprisePage = () => {
  const client = useQueryClient();
  // The context-bound modal: it follows the app's ConfigProvider (locale, button spacing).
  const { modal } = useApp();
  const [asking, setAsking] = useState<TReasonAction | null>(null);
  const [isCreating, setCreating] = useState(false);
  /** Says what happened, by name (not just 已处理), and refreshes the list and the home's counts. */
  const done = (text: string) => {
    feedback.message.success(text);
    void client.invalidateQueries({ queryKey: ['enterprises'] });
    void client.invalidateQueries({ queryKey: platformWaitingKeys.waiting });
  };
  const approve = (rows: TEnterprise[], clear?: () => void) =>
    modal.confirm({
      title: rows.length === 1 ? t.platform.approveConfirm(rows[0]!.name) : t.platform.batchApproveConfirm(rows.length),
      okText: t.platform.approve,
      cancelText: t.common.cancel,
      onOk: closingEitherWay(async () => {
        const ids = rows.map((r) => r.id);
        await (ids.length === 1
          ? call(platformRoutes.examine, { id: ids[0]!, pass: true, reason: '' })
          : call(platformRoutes.batchExamine, { ids, pass: true, reason: '' }));
        done(rows.length === 1 ? t.platform.approved(rows[0]!.name) : t.platform.batchApproved(rows.length));
        clear?.();
      }),
    });
  const open = (e: TEnterprise) =>
    call(platformRoutes.setStatus, { id: e.id, status: 'active', reason: '' })
      .then(() => done(t.platform.opened(e.name)))
      .catch(() => undefined);
  const onReason = async (reason: string) => {
    if (!asking) return;
    const [first] = asking.rows;
    if (asking.kind === 'close') {
      await call(platformRoutes.setStatus, { id: first!.id, status: 'closed', reason });
      done(t.platform.closed(first!.name));
    } else {
      await call(platformRoutes.batchExamine, { ids: asking.rows.map((r) => r.id), pass: false, reason });
      done(asking.rows.length === 1 ? t.platform.rejected(first!.name) : t.platform.batchRejected(asking.rows.length));
    }
  };
  const rowActions = (e: TEnterprise) => (
    <Space size={0}>
      <EnterpriseDetailLink id={e.id} />
      {e.status === 'pending' && (
        <Permission value={Perm.enterpriseExamine}>
          <RowAction onClick={() => approve([e])} testId={`enterprise-approve-${e.code}`}>
            {t.platform.approve}
          </RowAction>
          <RowAction
            isDanger
            onClick={() => setAsking({ kind: 'reject', rows: [e] })}
            testId={`enterprise-reject-${e.code}`}
          >
            {t.platform.reject}
          </RowAction>
        </Permission>
      )}
      <Permission value={Perm.enterpriseStatus}>
        {e.status === 'active' && (
          <RowAction isDanger onClick={() => setAsking({ kind: 'close', rows: [e] })}>
            {t.platform.close}
          </RowAction>
        )}
        {e.status === 'closed' && <RowAction onClick={() => open(e)}>{t.platform.open}</RowAction>}
      </Permission>
    </Space>
  );
  const columns: TListColumn<TEnterprise>[] = [
    { key: 'name', title: t.platform.name, dataIndex: 'name' },
    { key: 'code', title: t.platform.code, dataIndex: 'code' },
    tagColumn(t.platform.status, 'status', { labels: enterpriseStatusLabel, colors: statusColor }),
    ...fieldColumns<TEnterprise>({
      authStateLabel: t.platform.authState,
      adminName: t.platform.admin,
      adminMobile: t.platform.adminMobile,
      userCount: t.platform.userCount,
    }),
    {
      key: 'agentName',
      title: t.platform.broughtBy,
      dataIndex: 'agentName',
      render: (v: string | null, e) =>
        v === null ? t.platform.direct : e.distributorName ? t.platform.distributorOf(v, e.distributorName) : v,
    },
    { key: 'statusReason', title: t.platform.reason, dataIndex: 'statusReason', ellipsis: true },
    timeColumn(t.platform.createdAt),
    ...actionsColumn<TEnterprise>(true, t.platform.actions, rowActions),
  ];
  return (
    <>
      <ListPage
        pageKey="enterprises"
        title={t.platform.enterprises}
        route={platformRoutes.enterprisePage}
        columns={columns}
        toolbar={
          <Permission value={Perm.enterpriseExamine}>
            <Button type="primary" onClick={() => setCreating(true)} data-testid="enterprise-create">
              {t.platform.create}
            </Button>
          </Permission>
        }
        batchActions={(rows, clear) => {
          const pending = rows.filter((r) => r.status === 'pending');
          return (
            <Permission value={Perm.enterpriseExamine}>
              <Button disabled={!pending.length} onClick={() => approve(pending, clear)}>
                {t.platform.batchApprove}
              </Button>
            </Permission>
          );
        }}
        filters={
          <>
            <TextFilter name="name" label={t.platform.name} placeholder={t.platform.namePlaceholder} width={180} />
            <SelectFilter
              name="status"
              label={t.platform.status}
              options={optionsOf(enterpriseStatuses, enterpriseStatusLabel)}
            />
          </>
        }
      />
      <FormModal<TEnterpriseCreate>
        open={isCreating}
        title={t.platform.create}
        testId="enterprise-create-modal"
        onCancel={() => setCreating(false)}
        onSubmit={async (v) => {
          const created = await call(platformRoutes.enterpriseCreate, v);
          done(t.platform.created(created.name, created.code));
        }}
        fields={
          <>
            <Typography.Paragraph type="secondary">{t.platform.createHint}</Typography.Paragraph>
            <Form.Item
              name="enterpriseName"
              label={t.platform.name}
              rules={[{ required: true, whitespace: true, message: t.platform.nameRequired }]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <AdministratorFields contactField="realName" />
          </>
        }
      />
      <ReasonModal
        open={asking !== null}
        title={asking?.kind === 'close' ? t.platform.closeTitle : t.platform.rejectTitle}
        label={t.platform.reasonLabel}
        requiredMessage={t.platform.reasonRequired}
        onSubmit={onReason}
        onCancel={() => setAsking(null)}
      />
    </>
  );
};
