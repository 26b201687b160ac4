import { lineModeLabel, Perm, seatRoutes, seatStates, TradePerm } from '@yunhu/contract';
import { Button, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { dayRangeOf } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { runAndReport, useConfirmAction } from '../../../shared/list/useConfirmAction';
import { Permission } from '../../../shared/permission/Permission';
import { usePermission } from '../../../shared/permission/usePermission';
import { seatPageKey, type TSeatRow, useLineOptions, useSeatActions } from '../api';
import { SeatCounts, stateColor } from '../components/SeatCounts';
import { SeatDialogs, type TSeatDialog } from '../components/SeatModals';

const s = t.seat;

const toRequest = (values: Record<string, unknown>) => {
  const { range, ...rest } = values;
  const { from, to } = dayRangeOf(range);
  return { ...rest, expireFrom: from, expireTo: to };
};

/** The actions of one row: what the seat's state allows. */
const RowActions = ({ row, open }: { row: TSeatRow; open: (d: TSeatDialog) => void }) => {
  const actions = useSeatActions();
  const { confirm, node } = useConfirmAction();
  const canCancel = usePermission(TradePerm.refundApply);
  const usable = row.state !== 'expired' && row.state !== 'disabled';
  return (
    <Space size={4} wrap data-testid={`seat-actions-${row.id}`}>
      {row.userId === null && usable && (
        <RowAction onClick={() => open({ kind: 'assign', seat: row })}>{s.assignThis}</RowAction>
      )}
      {row.userId !== null && usable && (
        <RowAction onClick={() => open({ kind: 'handOver', seat: row })}>{s.handOver}</RowAction>
      )}
      {row.state !== 'disabled' && (
        <RowAction onClick={() => open({ kind: 'renew', ids: [row.id], lineIds: [row.lineId] })}>{s.renew}</RowAction>
      )}
      {canCancel && row.state !== 'disabled' && row.state !== 'expired' && (
        <RowAction isDanger onClick={() => open({ kind: 'cancel', seat: row })} testId={`seat-cancel-${row.id}`}>
          {s.cancel}
        </RowAction>
      )}
      {row.userId !== null && (
        <RowAction
          isDanger
          onClick={() => confirm(s.releaseConfirm(row.userName ?? ''), () => actions.release(row.id))}
        >
          {s.release}
        </RowAction>
      )}
      {/* Time left was paid for: only a free seat past its expiry may be deleted (the server says so too). */}
      {row.userId === null && row.expireAt <= Date.now() && (
        <RowAction isDanger onClick={() => confirm(s.deleteConfirm, () => actions.remove(row.id))}>
          {s.delete}
        </RowAction>
      )}
      {node}
    </Space>
  );
};

/** The auto-renewal switch of a row; read-only without the change permission. */
const AutoRenewal = ({ row }: { row: TSeatRow }) => {
  const actions = useSeatActions();
  const canChange = usePermission(Perm.seatUpdate);
  const [isBusy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={row.autoRenewal}
      disabled={!canChange}
      loading={isBusy}
      data-testid={`seat-auto-${row.id}`}
      onChange={(on) => {
        setBusy(true);
        actions
          .autoRenewal([row.id], on)
          .then(() => feedback.message.success(s.done))
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    />
  );
};

/** 坐席管理 (account/purchaseeats): the enterprise's seats within the user's data scope. */
export const SeatPage = () => {
  const [dialog, setDialog] = useState<TSeatDialog>(null);
  const lines = useLineOptions();
  const actions = useSeatActions();
  const canChange = usePermission(Perm.seatUpdate);
  const columns: TListColumn<TSeatRow>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'lineName', title: s.line, dataIndex: 'lineName' },
    { key: 'lineMode', title: s.lineMode, dataIndex: 'lineMode', render: (m: number) => lineModeLabel(m) },
    {
      key: 'userName',
      title: s.user,
      dataIndex: 'userName',
      render: (n: string | null) => n ?? <Tag>{s.free}</Tag>,
    },
    { key: 'username', title: s.username, dataIndex: 'username', render: (n: string | null) => n ?? s.none },
    { key: 'deptName', title: s.dept, dataIndex: 'deptName', render: (n: string | null) => n ?? s.none },
    tagColumn(s.state, 'state', { labels: s.stateLabel, colors: stateColor }),
    timeColumn(s.startAt, { key: 'startAt', sortField: 'startAt', isHiddenByDefault: true }),
    timeColumn(s.expireAt, { key: 'expireAt', sortField: 'expireAt' }),
    { key: 'autoRenewal', title: s.autoRenewal, render: (_v, row) => <AutoRenewal row={row} /> },
    ...actionsColumn<TSeatRow>(canChange, s.actions, (row) => <RowActions row={row} open={setDialog} />),
  ];
  return (
    <>
      <SeatCounts />
      <ListPage
        pageKey={seatPageKey}
        title={s.title}
        route={seatRoutes.list}
        columns={columns}
        toRequest={toRequest}
        export={{ route: seatRoutes.seatDownload, fileName: s.exportName, permission: Perm.seatExport }}
        toolbar={
          <Space>
            <Permission value={Perm.seatUpdate}>
              <Button type="primary" onClick={() => setDialog({ kind: 'assign' })} data-testid="seat-assign">
                {s.assign}
              </Button>
            </Permission>
            <Permission value={TradePerm.seatBuy}>
              <Button onClick={() => setDialog({ kind: 'buy' })} data-testid="seat-buy">
                {s.buy}
              </Button>
            </Permission>
          </Space>
        }
        batchActions={
          canChange
            ? (rows, clear) => {
                const ids = rows.map((r) => r.id);
                return (
                  <Space>
                    <Button
                      disabled={!ids.length}
                      onClick={() => setDialog({ kind: 'renew', ids, lineIds: rows.map((r) => r.lineId) })}
                    >
                      {s.batchRenew}
                    </Button>
                    <ReclickButton
                      disabled={!ids.length}
                      onClick={() => runAndReport(() => actions.autoRenewal(ids, true), clear)}
                    >
                      {s.autoOn}
                    </ReclickButton>
                    <ReclickButton
                      disabled={!ids.length}
                      onClick={() => runAndReport(() => actions.autoRenewal(ids, false), clear)}
                    >
                      {s.autoOff}
                    </ReclickButton>
                  </Space>
                );
              }
            : undefined
        }
        filters={
          <>
            <TextFilter name="userName" label={s.user} placeholder={s.userPlaceholder} testId="seat-filter-user" />
            <SelectFilter width={160} name="lineId" label={s.line} options={lines.data ?? []} />
            <SelectFilter name="state" label={s.state} options={optionsOf(seatStates, s.stateLabel)} />
            <DateRangeFilter name="range" label={s.expireRange} />
          </>
        }
      />
      <SeatDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
};
