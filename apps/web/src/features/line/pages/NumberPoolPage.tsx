import { numberStates, Perm, routeTables } from '@yunhu/contract';
import { Button, Form, Input, Modal, Select, Space, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { usePermission } from '../../../shared/permission/usePermission';
import { useLineOptions } from '../../seat';
import { poolPageKey, type TNumberRow, type TWorkRow, useNumberActions, workPageKey } from '../api';
import { PickStaffModal } from '../components/PickStaffModal';

const l = t.line;
const fmt = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : l.none);

type TPick = { kind: 'distribute'; ids: number[]; clear?: () => void } | { kind: 'bind'; id: number } | null;

/** A confirm dialog that runs the action and reports it. */
const useConfirm = () => {
  const [modal, node] = Modal.useModal();
  const confirm = (content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: t.app.noticeTitle,
      content,
      okText: t.common.confirm,
      cancelText: t.common.cancel,
      onOk: () =>
        run()
          .then(() => feedback.message.success(l.done))
          .catch(() => undefined),
    });
  return { confirm, node };
};

const LineNumbers = ({ pick }: { pick: (p: TPick) => void }) => {
  const canChange = usePermission(Perm.numberPoolDistribute);
  const actions = useNumberActions();
  const lines = useLineOptions();
  const { confirm, node } = useConfirm();
  const columns: TListColumn<TNumberRow>[] = [
    { key: 'number', title: l.number, dataIndex: 'number' },
    { key: 'lineName', title: l.name, dataIndex: 'lineName' },
    { key: 'remark', title: l.remark, dataIndex: 'remark' },
    {
      key: 'userName',
      title: l.holder,
      dataIndex: 'userName',
      render: (n: string | null) => (n ? n : <Tag>{l.numberState.free}</Tag>),
    },
    { key: 'deptName', title: l.dept, dataIndex: 'deptName', render: (n: string | null) => n ?? l.none },
    { key: 'distributedAt', title: l.distributedAt, dataIndex: 'distributedAt', render: fmt },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: t.seat.actions,
            render: (_v: unknown, row: TNumberRow) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => pick({ kind: 'distribute', ids: [row.id] })}>
                  {l.distribute}
                </Button>
                {row.userId !== null && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => confirm(l.takeBackConfirm(row.number), () => actions.distribute([row.id], null))}
                  >
                    {l.takeBack}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListPage
        pageKey={poolPageKey}
        route={routeTables.line.numberPage}
        rowKey="id"
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
            <Form.Item name="number" label={l.number}>
              <Input allowClear placeholder={l.numberPlaceholder} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="lineId" label={l.name}>
              <Select allowClear placeholder={l.all} style={{ width: 160 }} options={lines.data ?? []} />
            </Form.Item>
            <Form.Item name="state" label={l.state}>
              <Select
                allowClear
                placeholder={l.all}
                style={{ width: 110 }}
                options={numberStates.map((v) => ({ value: v, label: l.numberState[v] }))}
              />
            </Form.Item>
            <Form.Item name="userName" label={l.holder}>
              <Input allowClear placeholder={l.userPlaceholder} style={{ width: 130 }} />
            </Form.Item>
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
  const { confirm, node } = useConfirm();
  const columns: TListColumn<TWorkRow>[] = [
    { key: 'workNumber', title: l.workNumber, dataIndex: 'workNumber' },
    { key: 'remark', title: l.remark, dataIndex: 'remark' },
    {
      key: 'userName',
      title: l.holder,
      dataIndex: 'userName',
      render: (n: string | null) => (n ? n : <Tag>{l.workState.free}</Tag>),
    },
    { key: 'deptName', title: l.dept, dataIndex: 'deptName', render: (n: string | null) => n ?? l.none },
    { key: 'boundAt', title: l.boundAt, dataIndex: 'boundAt', render: fmt },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: t.seat.actions,
            render: (_v: unknown, row: TWorkRow) =>
              row.userId === null ? (
                <Button type="link" size="small" onClick={() => pick({ kind: 'bind', id: row.id })}>
                  {l.bind}
                </Button>
              ) : (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => confirm(l.unbindConfirm(row.workNumber), () => actions.unbind(row.id))}
                >
                  {l.unbind}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListPage
        pageKey={workPageKey}
        route={routeTables.line.workNumberList}
        rowKey="id"
        columns={columns}
        filters={
          <>
            <Form.Item name="number" label={l.workNumber}>
              <Input allowClear placeholder={l.numberPlaceholder} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="state" label={l.state}>
              <Select
                allowClear
                placeholder={l.all}
                style={{ width: 110 }}
                options={(['free', 'bound'] as const).map((v) => ({ value: v, label: l.workState[v] }))}
              />
            </Form.Item>
            <Form.Item name="userName" label={l.holder}>
              <Input allowClear placeholder={l.userPlaceholder} style={{ width: 130 }} />
            </Form.Item>
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
      <Tabs
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
