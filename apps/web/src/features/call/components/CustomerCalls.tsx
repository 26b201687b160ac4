import type { TCallDetail } from '@yunhu/contract';
import { Card, Table } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { timeColumn } from '../../../shared/list/timeColumn';
import { ellipsisColumns } from '../../../shared/list/useListController';
import { useCustomerCalls } from '../api';
import { CallStatusTag } from './CallOutcome';
import { RecordingPlayer } from './RecordingPlayer';

/** 通话记录 of one customer (客户详情): status, duration and the recording to play. */
export const CustomerCalls = ({ customerId, extra }: { customerId: number; extra?: React.ReactNode }) => {
  const [page, setPage] = useState(1);
  const calls = useCustomerCalls(customerId, page);
  return (
    <Card size="small" title={t.call.records} extra={extra} data-testid="call-customer-calls">
      <Table<TCallDetail>
        size="small"
        rowKey="id"
        loading={calls.isFetching}
        dataSource={calls.data?.records ?? []}
        locale={{ emptyText: t.call.recordsEmpty }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: calls.data?.total ?? 0,
          onChange: setPage,
          showTotal: t.common.total,
          size: 'small',
        }}
        columns={ellipsisColumns<TCallDetail>([
          timeColumn(t.call.startTime, { key: 'startTime', format: 'YYYY-MM-DD HH:mm:ss' }),
          { key: 'realName', title: t.call.agent, dataIndex: 'realName' },
          {
            key: 'callStatus',
            title: t.call.status,
            dataIndex: 'callStatusName',
            render: (_v: string, row) => <CallStatusTag row={row} />,
          },
          {
            key: 'duration',
            title: t.call.duration,
            dataIndex: 'duration',
            render: (v: number) => t.call.durationText(v),
          },
          {
            key: 'recording',
            title: t.call.recording,
            render: (_v, row) => (row.preRecordUrl ? <RecordingPlayer callId={row.id} /> : t.call.noRecording),
          },
        ])}
      />
    </Card>
  );
};
