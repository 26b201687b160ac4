import {
  CertPerm,
  certificationRoutes,
  certStatuses,
  certStatusLabel,
  certTypeLabel,
  certTypes,
  type TCertification,
} from '@yunhu/contract';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { ReasonModal } from '../../../shared/form/ReasonModal';
import { EnterpriseFilter, SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { closingEitherWay } from '../../../shared/list/useConfirmAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { certKeys, useExamineCert } from '../api';
import { CertDetails, certStatusColor } from '../components/CertDetails';

/** 认证审核: the platform operator's queue of enterprise authentications (approve, reject with a reason). */
export const CertReviewPage = () => {
  const examine = useExamineCert();
  // The context-bound modal: it follows the app's ConfigProvider (locale, button spacing).
  const { modal } = useApp();
  const [viewing, setViewing] = useState<TCertification | null>(null);
  const [rejecting, setRejecting] = useState<{ ids: number[]; clear?: () => void } | null>(null);

  const approve = (ids: number[], text: string, clear?: () => void) =>
    modal.confirm({
      title: text,
      okText: t.cert.approve,
      cancelText: t.common.cancel,
      onOk: closingEitherWay(async () => {
        await examine.mutateAsync({ ids, pass: true });
        feedback.message.success(t.cert.approved(ids.length));
        clear?.();
      }),
    });

  const columns: TListColumn<TCertification>[] = [
    { key: 'enterpriseName', title: t.cert.enterprise, dataIndex: 'enterpriseName' },
    { key: 'type', title: t.cert.type, dataIndex: 'type', render: (v: TCertification['type']) => certTypeLabel[v] },
    {
      key: 'subject',
      title: `${t.cert.companyName}/${t.cert.personName}`,
      render: (_v, row) => (row.type === 'enterprise' ? row.companyName : row.personName),
    },
    { key: 'creditCode', title: t.cert.creditCode, dataIndex: 'creditCode', render: (v: string) => v || '-' },
    { key: 'submitter', title: t.cert.submitter, dataIndex: 'submitter' },
    timeColumn(t.cert.createdAt),
    tagColumn(t.cert.status, 'status', { labels: certStatusLabel, colors: certStatusColor }),
    { key: 'reason', title: t.cert.reason, dataIndex: 'reason', ellipsis: true },
    ...actionsColumn<TCertification>(true, t.cert.actions, (row) => (
      <Space size={0} onClick={(e) => e.stopPropagation()}>
        <RowAction onClick={() => setViewing(row)}>{t.cert.view}</RowAction>
        {row.status === 'pending' && (
          <Permission value={CertPerm.examine}>
            <RowAction onClick={() => approve([row.id], t.cert.approveConfirm(row.enterpriseName))}>
              {t.cert.approve}
            </RowAction>
            <RowAction isDanger onClick={() => setRejecting({ ids: [row.id] })}>
              {t.cert.reject}
            </RowAction>
          </Permission>
        )}
      </Space>
    )),
  ];

  return (
    <>
      <ListPage
        pageKey={certKeys.review}
        title={t.cert.review}
        route={certificationRoutes.certPage}
        columns={columns}
        onRowClick={setViewing}
        batchActions={(rows, clear) => {
          const ids = rows.filter((r) => r.status === 'pending').map((r) => r.id);
          return (
            <Permission value={CertPerm.examine}>
              <Button
                disabled={!ids.length}
                onClick={() => approve(ids, t.cert.batchApproveConfirm(ids.length), clear)}
              >
                {t.cert.batchApprove}
              </Button>
              <Button danger disabled={!ids.length} onClick={() => setRejecting({ ids, clear })}>
                {t.cert.batchReject}
              </Button>
            </Permission>
          );
        }}
        filters={
          <>
            <EnterpriseFilter />
            <SelectFilter
              name="status"
              label={t.cert.status}
              width={110}
              options={optionsOf(certStatuses, certStatusLabel)}
            />
            <SelectFilter name="type" label={t.cert.type} width={110} options={optionsOf(certTypes, certTypeLabel)} />
          </>
        }
      />
      <Modal open={!!viewing} title={t.cert.detail} footer={null} width={720} onCancel={() => setViewing(null)}>
        {viewing && <CertDetails cert={viewing} />}
      </Modal>
      <ReasonModal
        open={!!rejecting}
        title={t.cert.rejectTitle}
        okText={t.cert.reject}
        label={t.cert.rejectReason}
        requiredMessage={t.cert.rejectReasonRequired}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          await examine.mutateAsync({ ids: rejecting?.ids ?? [], pass: false, reason });
          feedback.message.success(t.cert.rejected(rejecting?.ids.length ?? 0));
          rejecting?.clear?.();
        }}
      />
    </>
  );
};
