import { lineRoutes, numberStates, Perm } from '@yunhu/contract';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { useConfirmAction } from '../../../shared/list/useConfirmAction';
import { usePermission } from '../../../shared/permission/usePermission';
import { useLineOptions } from '../../seat';
import { poolPageKey, type TNumberRow, type TWorkRow, useNumberActions, workPageKey } from '../api';
import { PickStaffModal } from '../components/PickStaffModal';

const l = t.line;

type TPick = { kind: 'distribute'; ids: number[]; clear?: () => void } | { kind: 'bind'; id: number } | null;

/** Who holds a number (or 空闲) and their department. */
const holderColumns = <T extends { userName: string | null; deptName: string | null }>(
  free: string,
): TListColumn<T>[] => [
  { key: 'userName', title: l.holder, dataIndex: 'userName', render: (n: string | null) => n || <Tag>{free}</Tag> },
  { key: 'deptName', title: l.dept, dataIndex: 'deptName', render: (n: string | null) => n ?? l.none },
];

const LineNumbers = ({ pick }: { pick: (p: TPick) => void }) => {
  const canChange = usePermission(Perm.numberPoolDistribute);
  const actions = useNumberActions();
  const lines = useLineOptions();
  const { confirm, node } = useConfirmAction();
  const columns: TListColumn<TNumberRow>[] = [
    ...fieldColumns<TNumberRow>({ number: l.number, lineName: l.name, remark: l.remark }),
    ...holderColumns<TNumberRow>(l.numberState.free),
    timeColumn(l.distributedAt, { key: 'distributedAt', empty: l.none }),
    ...actionsColumn<TNumberRow>(canChange, t.seat.actions, (row) => (
      <Space size={4}>
        <RowAction onClick={() => pick({ kind: 'distribute', ids: [row.id] })}>{l.distribute}</RowAction>
        {row.userId !== null && (
          <RowAction
            isDanger
            onClick={() => confirm(l.takeBackConfirm(row.number), () => actions.distribute([row.id], null))}
          >
            {l.takeBack}
          </RowAction>
        )}
      </Space>
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={poolPageKey}
        route={lineRoutes.numberPage}
        columns={columns}
        batchActions={
          canChange
            ? (rows, clear) => (
                <Button
                  disabled={!rows.length}
                  onClick={() => pick({ kind: 'distribute', ids: rows.map((r) => r.id), clear })}
                >
                  {l.distributeBatch}
                </Button>
              )
            : undefined
        }
        filters={
          <>
            <TextFilter name="number" label={l.number} placeholder={l.numberPlaceholder} />
            <SelectFilter width={160} name="lineId" label={l.name} options={lines.data ?? []} />
            <SelectFilter name="state" label={l.state} width={110} options={optionsOf(numberStates, l.numberState)} />
            <TextFilter name="userName" label={l.holder} placeholder={l.userPlaceholder} width={130} />
          </>
        }
      />
      {node}
    </>
  );
};

const WorkNumbers = ({ pick }: { pick: (p: TPick) => void }) => {
  const canChange = usePermission(Perm.numberPoolDistribute);
  const actions = useNumberActions();
  const { confirm, node } = useConfirmAction();
  const columns: TListColumn<TWorkRow>[] = [
    { key: 'workNumber', title: l.workNumber, dataIndex: 'workNumber' },
    { key: 'remark', title: l.remark, dataIndex: 'remark' },
    ...holderColumns<TWorkRow>(l.workState.free),
    timeColumn(l.boundAt, { key: 'boundAt', empty: l.none }),
    ...actionsColumn<TWorkRow>(canChange, t.seat.actions, (row) =>
      row.userId === null ? (
        <RowAction onClick={() => pick({ kind: 'bind', id: row.id })}>{l.bind}</RowAction>
      ) : (
        <RowAction isDanger onClick={() => confirm(l.unbindConfirm(row.workNumber), () => actions.unbind(row.id))}>
          {l.unbind}
        </RowAction>
      ),
    ),
  ];
  return (
    <>
      <ListPage
        pageKey={workPageKey}
        urlKey="work"
        route={lineRoutes.workNumberList}
        columns={columns}
        filters={
          <>
            <TextFilter name="number" label={l.workNumber} placeholder={l.numberPlaceholder} />
            <SelectFilter
              name="state"
              label={l.state}
              width={110}
              options={optionsOf(['free', 'bound'], l.workState)}
            />
            <TextFilter name="userName" label={l.holder} placeholder={l.userPlaceholder} width={130} />
          </>
        }
      />
      {node}
    </>
  );
};

/** 号码池 (account/numberPool): the enterprise's line numbers and its China Mobile work numbers. */
export const NumberPoolPage = () => {
  const [picking, setPicking] = useState<TPick>(null);
  const actions = useNumberActions();
  return (
    <>
      <RouteTabs
        items={[
          { key: 'pool', label: l.poolTab, children: <LineNumbers pick={setPicking} /> },
          { key: 'work', label: l.workTab, children: <WorkNumbers pick={setPicking} /> },
        ]}
      />
      <PickStaffModal
        open={picking !== null}
        title={picking?.kind === 'bind' ? l.bindTitle : l.distributeTitle}
        onClose={() => setPicking(null)}
        onDone={() => (picking?.kind === 'distribute' ? picking.clear?.() : undefined)}
        onSubmit={(userId) =>
          picking?.kind === 'bind' ? actions.bind(picking.id, userId) : actions.distribute(picking?.ids ?? [], userId)
        }
      />
    </>
  );
};
