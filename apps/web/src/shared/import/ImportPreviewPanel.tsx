import { importListedRows } from '@yunhu/contract';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../locales/zh-CN';
import type { TImportPreviewBase } from './types';

/**
 * The check result of an upload, as every import shows it: the summary, a sample of what was
 * read, the blank rows and ignored columns, the problems counted per reason and each bad row.
 */
export const ImportPreviewPanel = ({
  preview,
  summary,
  testId,
  extra,
}: {
  preview: TImportPreviewBase;
  summary: string;
  testId: string;
  extra?: ReactNode;
}) => {
  const k = t.importKit;
  const { sample } = preview;
  const notes = [
    ...(preview.blankRows ? [k.blankRows(preview.blankRows)] : []),
    ...(preview.ignoredColumns.length ? [k.ignoredColumns(preview.ignoredColumns)] : []),
  ];
  const hasNumber = preview.errors.some((e) => e.number !== undefined);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type={preview.invalidCount ? 'warning' : 'success'}
        showIcon
        title={summary}
        description={notes.length ? notes.join('；') : undefined}
        data-testid={`${testId}-summary`}
      />
      {sample.rows.length > 0 && (
        <>
          <Typography.Text strong>{k.sampleTitle(sample.rows.length)}</Typography.Text>
          <Table
            size="small"
            rowKey="row"
            scroll={{ x: true }}
            pagination={false}
            dataSource={sample.rows}
            columns={[
              { key: 'row', title: k.row, dataIndex: 'row', width: 64 },
              ...sample.header.map((h, i) => ({
                key: `c${i}`,
                title: preview.ignoredColumns.includes(h) ? <Typography.Text delete>{h}</Typography.Text> : h,
                render: (_: unknown, r: { values: string[] }) => r.values[i] ?? '',
              })),
            ]}
            data-testid={`${testId}-sample`}
          />
        </>
      )}
      {preview.reasonCounts.length > 0 && (
        <Space wrap data-testid={`${testId}-reasons`}>
          <Typography.Text strong>{k.reasonCounts}</Typography.Text>
          {preview.reasonCounts.map((c) => (
            <Tag key={c.reason} color="orange">
              {k.reasonCount(c.reason, c.count)}
            </Tag>
          ))}
        </Space>
      )}
      {preview.errors.length > 0 && (
        <>
          <Typography.Text strong>{k.errorsTitle(preview.errors.length)}</Typography.Text>
          <Table
            size="small"
            rowKey={(r) => `${r.row}-${r.reason}`}
            dataSource={preview.errors}
            pagination={{ pageSize: 6, showSizeChanger: false }}
            columns={[
              { key: 'row', title: k.row, dataIndex: 'row', width: 72 },
              ...(hasNumber ? [{ key: 'number', title: k.number, dataIndex: 'number', width: 150 }] : []),
              { key: 'reason', title: k.reason, dataIndex: 'reason' },
            ]}
            data-testid={`${testId}-errors`}
          />
        </>
      )}
      {extra}
      {preview.invalidCount > preview.errors.length && preview.errors.length >= importListedRows && (
        <Typography.Text type="secondary">{k.firstOnly(preview.errors.length)}</Typography.Text>
      )}
    </Space>
  );
};
