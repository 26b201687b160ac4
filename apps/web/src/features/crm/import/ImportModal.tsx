import { crmImportRoutes, type TCrmImportPreview, type TCrmImportState } from '@yunhu/contract';
import { Radio, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { download } from '../../../shared/http/api';
import { ImportModal, importApi, type TImportSpec } from '../../../shared/import';
import { NumberCheckPanel } from '../../numberCheck';

export type TImportKind = 'customer' | 'follow';
const r = crmImportRoutes;
type TState = TCrmImportState;

/** 导入客户 / 导入跟进记录 through the one import dialog: where customers go and what to do with duplicates. */
export const CrmImportModal = ({
  kind,
  open,
  onClose,
  onDone,
}: {
  kind: TImportKind;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const t2 = t.crmImport;
  const [target, setTarget] = useState<'private' | 'public'>('private');
  const [duplicateMode, setDuplicateMode] = useState<'skip' | 'update'>('skip');
  // 空号检测's 一键排除 refuses rows of the previewed batch: the confirm writes that many fewer.
  const [excluded, setExcluded] = useState<{ batchId: string; rows: number } | null>(null);
  const isCustomer = kind === 'customer';
  const confirmOf = (batchId: string) =>
    isCustomer
      ? importApi.call(r.importConfirm, { batchId, duplicateMode })
      : importApi.call(r.followImportConfirm, { batchId });

  const spec: TImportSpec<TCrmImportPreview, TState> = {
    title: isCustomer ? t2.customerTitle : t2.followTitle,
    step1: t2.step1,
    testId: 'crm-import',
    downloadTemplate: () =>
      download(r.importTemplate, { kind }, `${isCustomer ? t2.customerTemplateName : t2.followTemplateName}.xlsx`),
    check: (file) =>
      isCustomer
        ? importApi.upload(r.importPreview, file, { target, duplicateMode })
        : importApi.upload(r.followImportPreview, file),
    confirm: (preview) => confirmOf(preview.batchId),
    poll: (run) => importApi.call(r.importState, { batchId: run.batchId }),
    report: (batchId) => download(r.importReport, { batchId }, `${t2.reportName}.xlsx`),
    summary: (p) => t2.summary(p.total, p.validCount, p.invalidCount, p.duplicateCount),
    // Duplicates are skipped or updated as chosen now (the choice may change after the check).
    toWrite: (p) =>
      p.validCount -
      (isCustomer && duplicateMode === 'skip' ? p.duplicateCount : 0) -
      (excluded?.batchId === p.batchId ? excluded.rows : 0),
    confirmText: t2.confirm,
    doneText: (run) => t2.done(run.inserted, run.updated, run.skipped),
    onDone,
    options: ({ isChecked, isLocked }) =>
      isCustomer && (
        <>
          <Space>
            <span>{t2.target}</span>
            <Radio.Group
              value={target}
              disabled={isLocked || isChecked}
              onChange={(e) => setTarget(e.target.value)}
              options={[
                { value: 'private', label: t2.targetPrivate },
                { value: 'public', label: t2.targetPublic },
              ]}
            />
          </Space>
          <Space>
            <span>{t2.duplicateMode}</span>
            <Radio.Group
              value={duplicateMode}
              disabled={isLocked}
              onChange={(e) => setDuplicateMode(e.target.value)}
              options={[
                { value: 'skip', label: t2.duplicateSkip },
                { value: 'update', label: t2.duplicateUpdate },
              ]}
            />
          </Space>
        </>
      ),
    extra: (p) => (
      <>
        {isCustomer && p.batchId && p.validCount > 0 && (
          <NumberCheckPanel
            source="crmImport"
            batchId={p.batchId}
            onExcluded={(rows) => setExcluded({ batchId: p.batchId, rows })}
          />
        )}
        {p.duplicates.length > 0 && (
          <>
            <Typography.Text strong>{t2.duplicatesTitle(p.duplicateCount)}</Typography.Text>
            <Table
              size="small"
              rowKey="row"
              dataSource={p.duplicates}
              pagination={{ pageSize: 6, showSizeChanger: false }}
              columns={[
                { key: 'row', title: t2.row, dataIndex: 'row', width: 72 },
                { key: 'name', title: t2.customerName, dataIndex: 'name' },
                { key: 'where', title: t2.where, dataIndex: 'where' },
              ]}
              data-testid="crm-import-duplicates"
            />
          </>
        )}
      </>
    ),
  };
  return <ImportModal spec={spec} open={open} onClose={onClose} />;
};
