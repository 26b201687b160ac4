import type { TCrmImportState } from '@yunhu/contract';
import { Alert, Table, Typography } from 'antd';
import { t } from '../../../locales/zh-CN';

export type TImportPreview = TCrmImportState & {
  errors: { row: number; reason: string }[];
  duplicates: { row: number; name: string; where: string }[];
};

/** The server lists at most this many bad rows and duplicates; the report has all of them. */
const listLimit = 200;

/** The check result of an upload: counts, the bad rows with reasons and the rows already customers. */
export const ImportPreview = ({ preview }: { preview: TImportPreview }) => {
  const t2 = t.crmImport;
  const isCut = preview.invalidCount > preview.errors.length || preview.duplicateCount > preview.duplicates.length;
  return (
    <>
      <Alert
        type={preview.invalidCount ? 'warning' : 'success'}
        showIcon
        title={t2.summary(preview.total, preview.validCount, preview.invalidCount, preview.duplicateCount)}
        data-testid="crm-import-summary"
      />
      {preview.errors.length > 0 && (
        <>
          <Typography.Text strong>{t2.errorsTitle(preview.invalidCount)}</Typography.Text>
          <Table
            size="small"
            rowKey="row"
            dataSource={preview.errors}
            pagination={{ pageSize: 6, showSizeChanger: false }}
            columns={[
              { key: 'row', title: t2.row, dataIndex: 'row', width: 72 },
              { key: 'reason', title: t2.reason, dataIndex: 'reason' },
            ]}
            data-testid="crm-import-errors"
          />
        </>
      )}
      {preview.duplicates.length > 0 && (
        <>
          <Typography.Text strong>{t2.duplicatesTitle(preview.duplicateCount)}</Typography.Text>
          <Table
            size="small"
            rowKey="row"
            dataSource={preview.duplicates}
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
      {isCut && <Typography.Text type="secondary">{t2.firstOnly(listLimit)}</Typography.Text>}
    </>
  );
};
