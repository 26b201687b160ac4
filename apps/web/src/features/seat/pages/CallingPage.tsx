import { Perm, seatRoutes } from '@yunhu/contract';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { useConfirmAction } from '../../../shared/list/useConfirmAction';
import { usePermission } from '../../../shared/permission/usePermission';
import { callingPageKey, type TCallingRow, useCallingActions } from '../api';
import { CallingFormModal } from '../components/CallingFormModal';

const c = t.seat.calling;

/** A switch of 呼叫管理 as a tag: 开启 in green, 关闭 in grey. */
const onOffColumn = (key: 'recording' | 'analysis', title: string): TListColumn<TCallingRow> => ({
  key,
  title,
  dataIndex: key,
  render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? c.recordingOn : c.recordingOff}</Tag>,
});

/** 呼叫管理 (account/callingManagement): each person's line, caller number, hours, limits and recording. */
export const CallingPage = () => {
  const canChange = usePermission(Perm.callingUpdate);
  const actions = useCallingActions();
  const { confirm, node: confirmNode } = useConfirmAction();
  const [editing, setEditing] = useState<{ rows: TCallingRow[]; clear?: () => void } | null>(null);
  const columns: TListColumn<TCallingRow>[] = [
    { key: 'realName', title: c.user, dataIndex: 'realName' },
    { key: 'deptName', title: c.dept, dataIndex: 'deptName', render: (n: string | null) => n ?? '—' },
    {
      key: 'seatLines',
      title: c.seatLines,
      dataIndex: 'seatLines',
      render: (v: string[]) => (v.length ? v.map((n) => <Tag key={n}>{n}</Tag>) : <Tag>{c.noSeat}</Tag>),
    },
    { key: 'lineName', title: c.line, dataIndex: 'lineName', render: (n: string | null) => n ?? c.lineAuto },
    {
      key: 'callerNumber',
      title: c.callerNumber,
      dataIndex: 'callerNumber',
      render: (n: string | null) => n ?? c.callerAuto,
    },
    { key: 'hours', title: c.hours, render: (_v, r) => `${r.allowedFrom}-${r.allowedTo}` },
    { key: 'perNumberDailyLimit', title: c.perNumberDailyLimit, dataIndex: 'perNumberDailyLimit' },
    { key: 'dailyLimit', title: c.dailyLimit, dataIndex: 'dailyLimit' },
    onOffColumn('recording', c.recording),
    onOffColumn('analysis', c.analysis),
    {
      key: 'isCustom',
      title: c.source,
      dataIndex: 'isCustom',
      render: (v: boolean) => <Tag color={v ? 'blue' : 'default'}>{v ? c.custom : c.defaults}</Tag>,
    },
    ...actionsColumn<TCallingRow>(canChange, t.seat.actions, (row) => (
      <RowAction onClick={() => setEditing({ rows: [row] })} testId={`calling-edit-${row.userId}`}>
        {c.edit}
      </RowAction>
    )),
  ];
  const reset = (rows: TCallingRow[], clear: () => void) =>
    confirm(c.resetConfirm(rows.length), () => actions.reset(rows.map((r) => r.userId)), { onDone: clear });
  return (
    <>
      <ListPage
        pageKey={callingPageKey}
        title={c.title}
        route={seatRoutes.callingList}
        rowKey="userId"
        columns={columns}
        batchActions={
          canChange
            ? (rows, clear) => (
                <Space>
                  <Button
                    disabled={!rows.length}
                    onClick={() => setEditing({ rows, clear })}
                    data-testid="calling-batch"
                  >
                    {c.batchEdit}
                  </Button>
                  <ReclickButton disabled={!rows.length} onClick={() => reset(rows, clear)}>
                    {c.reset}
                  </ReclickButton>
                </Space>
              )
            : undefined
        }
        filters={
          <TextFilter
            name="userName"
            label={c.user}
            placeholder={c.userPlaceholder}
            width={170}
            testId="calling-filter-user"
          />
        }
      />
      <CallingFormModal
        open={editing !== null}
        rows={editing?.rows ?? []}
        onClose={() => setEditing(null)}
        onDone={() => editing?.clear?.()}
      />
      {confirmNode}
    </>
  );
};
