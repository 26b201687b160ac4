import { callRecordRoutes, mmss, Perm, type TCallDetail, type TCallRecordFilter, yuan } from '@yunhu/contract';
import { Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { lazyComponent } from '../../../shared/lazyComponent';
import { ListView } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { useListController } from '../../../shared/list/useListController';
import { OnceOpened } from '../../../shared/modal/OnceOpened';
import { usePermission } from '../../../shared/permission/usePermission';
import { callRecordKeys, defaultRange } from '../callRecordApi';
import { CallBackAction } from '../components/CallBackAction';
import { CallTypeTag, partyOf, RecordingCell, StatusWithReason } from '../components/CallOutcome';
import { CallRecordFilters, toCallRecordFilter } from '../components/CallRecordFilters';
import { CallRecordSummary } from '../components/CallRecordSummary';

// The record's drawer loads when a first record is opened, not with the list.
const CallRecordDrawer = lazyComponent(() => import('../components/CallRecordDrawer'), 'CallRecordDrawer');

const c = t.callRecord;

/**
 * 通话记录 (account/callRecord): the calls of the user's data scope, filtered on the
 * server, with their figures, recordings to play, a detail drawer and the export of the same filter.
 */
export const CallRecordPage = () => {
  const canPlay = usePermission(Perm.callRecordPlay);
  const [openId, setOpenId] = useState<number | null>(null);
  const columns: TListColumn<TCallDetail>[] = [
    { key: 'realName', title: c.agent, dataIndex: 'realName' },
    { key: 'deptName', title: c.dept, dataIndex: 'deptName' },
    { key: 'callType', title: c.callType, dataIndex: 'callTypeName', render: (_v, row) => <CallTypeTag row={row} /> },
    {
      key: 'telB',
      title: c.customer,
      dataIndex: 'telB',
      render: (_v: string, row) =>
        row.octCustomerId ? (
          <Link
            to={`/menu/CRM/customerDetails?id=${row.octCustomerId}`}
            title={c.openCustomer}
            data-testid={`call-record-customer-${row.id}`}
          >
            {row.telB}
          </Link>
        ) : (
          partyOf(row)
        ),
    },
    { key: 'telX', title: c.telX, dataIndex: 'telX', render: (v: string) => v || '-' },
    { key: 'lineName', title: c.line, dataIndex: 'lineName', render: (v: string) => v || '-' },
    {
      key: 'callStatus',
      title: c.callStatus,
      dataIndex: 'callStatusName',
      // The end reason under the status (线路故障（503）, 媒体协商失败（488）…).
      render: (_v: string, row) => <StatusWithReason row={row} />,
    },
    { key: 'finishStatus', title: c.finishStatus, dataIndex: 'finishStatusName' },
    { key: 'duration', title: c.durationCol, dataIndex: 'duration', sortField: 'duration', render: mmss },
    timeColumn(c.startTime, { key: 'startTime', format: 'YYYY-MM-DD HH:mm:ss', sortField: 'startTime' }),
    { key: 'postage', title: c.postage, dataIndex: 'postage', render: yuan },
    {
      key: 'recording',
      title: c.recording,
      // Wide enough for the player: the fixed 操作 column covered it.
      width: 320,
      render: (_v, row) => <RecordingCell row={row} canPlay={canPlay} />,
    },
    {
      key: 'actions',
      title: c.actions,
      fixed: 'right',
      width: 130,
      render: (_v, row) => (
        <Space>
          <RowAction onClick={() => setOpenId(row.id)} testId={`call-record-detail-${row.id}`}>
            {c.detail}
          </RowAction>
          {row.callType !== 3 && <CallBackAction callId={row.id} />}
        </Space>
      ),
    },
  ];

  const list = useListController({
    pageKey: callRecordKeys.page,
    route: callRecordRoutes.getPage,
    columns,
    rowKey: 'id',
    // The range is required: the last 7 days to start.
    defaultFilters: { startRange: defaultRange() },
    toFilters: toCallRecordFilter,
    export: { route: callRecordRoutes.exportRecords, fileName: c.exportName, permission: Perm.callRecordExport },
  });

  return (
    <>
      {/* The figures follow the filter the list shows. */}
      <CallRecordSummary filter={list.filters as TCallRecordFilter} />
      <ListView list={list} testKey={callRecordKeys.page} title={c.title} filters={<CallRecordFilters />} />
      <OnceOpened open={openId !== null}>
        <CallRecordDrawer id={openId} onClose={() => setOpenId(null)} />
      </OnceOpened>
    </>
  );
};
