import { PlusOutlined } from '@ant-design/icons';
import { Perm, type TTaskItem, taskCardRoutes, taskResultText } from '@yunhu/contract';
import { Button, Card, Result, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as t from '../../../../locales/zh-CN';
import { personOptions } from '../../../../shared/form/options';
import { SelectFilter } from '../../../../shared/list/FilterItems';
import { fieldColumns } from '../../../../shared/list/fieldColumns';
import { ListPage } from '../../../../shared/list/ListPage';
import type { TListColumn } from '../../../../shared/list/types';
import { closingEitherWay } from '../../../../shared/list/useConfirmAction';
import { useApp } from '../../../../shared/modal/useApp';
import { Permission } from '../../../../shared/permission/Permission';
import { usePermission } from '../../../../shared/permission/usePermission';
import { beijingFormat } from '../../../../shared/time/beijing';
import { useRemoveItems, useTaskProgress } from '../api';
import { AddItemsModal } from '../components/AddItemsModal';
import { TaskActions } from '../components/TaskActions';
import { TaskFigures } from '../components/TaskFigures';
import { ItemStatusTag, itemStatusOptions, TaskStatusTag } from '../components/TaskStatusTag';

const c = t.taskCard;

const columns: TListColumn<TTaskItem>[] = [
  ...fieldColumns<TTaskItem>({ customerName: c.customer, mobile: c.mobile, realName: c.agent }),
  {
    key: 'status',
    title: c.itemStatus,
    render: (_v, x) => (
      <Space size={4}>
        <ItemStatusTag status={x.status} />
        {/* As the 已删除 figure counts: a customer not worked yet; a worked one keeps his result. */}
        {x.isCustomerDeleted && (x.status === 'pending' || x.status === 'dialled') && (
          <Tooltip title={c.deletedHint}>
            <Tag color="error">{c.customerDeleted}</Tag>
          </Tooltip>
        )}
      </Space>
    ),
  },
  { key: 'attempts', title: c.attempts, dataIndex: 'attempts' },
  { key: 'result', title: c.result, render: (_v, x) => (x.result ? taskResultText[x.result] : '') },
  { key: 'note', title: c.note, dataIndex: 'note' },
  {
    key: 'finishedAt',
    title: c.finishedAt,
    render: (_v, x) => (x.finishedAt ? beijingFormat(x.finishedAt, 'YYYY-MM-DD HH:mm') : ''),
  },
];

/** taskCard/Info: one task's progress, per agent, and its customers. */
export const TaskInfoPage = () => {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const progress = useTaskProgress(id);
  const remove = useRemoveItems();
  const { modal, message } = useApp();
  const [isAdding, setAdding] = useState(false);
  const canManage = usePermission(Perm.taskCardManage);
  if (progress.isError) return <Result status="warning" title={progress.error.message} />;
  const data = progress.data;
  if (!data) return <Card loading />;
  const isOpen = data.task.status !== 'closed';

  const onRemove = (rows: TTaskItem[], clear: () => void) =>
    modal.confirm({
      title: c.removeItems,
      content: c.removeConfirm(rows.length),
      onOk: closingEitherWay(async () => {
        await remove.mutateAsync({ id, itemIds: rows.map((x) => x.id) });
        message.success(c.removed(rows.length));
        clear();
      }),
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={
          <Space>
            <span data-testid="task-name">{data.task.name}</span>
            <TaskStatusTag status={data.task.status} />
          </Space>
        }
        extra={<TaskActions task={data.task} />}
      >
        {data.task.description && <p>{data.task.description}</p>}
        <TaskFigures progress={data} />
      </Card>
      <ListPage
        pageKey="taskCard-items"
        title={c.items}
        route={taskCardRoutes.items}
        params={{ id }}
        columns={columns}
        filters={
          <>
            <SelectFilter
              placeholder=""
              name="userId"
              label={c.agent}
              width={140}
              options={personOptions(data.agents)}
            />
            <SelectFilter placeholder="" name="status" label={c.itemStatus} options={itemStatusOptions} />
          </>
        }
        batchActions={
          canManage && isOpen
            ? (rows, clear) => (
                <Button danger disabled={rows.length === 0} onClick={() => onRemove(rows, clear)}>
                  {c.removeItems}
                </Button>
              )
            : undefined
        }
        toolbar={
          isOpen && (
            <Permission value={Perm.taskCardManage}>
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {c.addItems}
              </Button>
            </Permission>
          )
        }
      />
      <AddItemsModal taskId={id} open={isAdding} onClose={() => setAdding(false)} />
    </Space>
  );
};
