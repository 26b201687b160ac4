import { PlusOutlined } from '@ant-design/icons';
import { Perm, type TTaskCard, taskCardRoutes } from '@yunhu/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../../locales/zh-CN';
import { SelectFilter, TextFilter } from '../../../../shared/list/FilterItems';
import { ListPage } from '../../../../shared/list/ListPage';
import { timeColumn } from '../../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../../shared/list/types';
import { Permission } from '../../../../shared/permission/Permission';
import { TaskActions } from '../components/TaskActions';
import { TaskProgress } from '../components/TaskProgress';
import { TaskStatusTag, taskStatusOptions } from '../components/TaskStatusTag';

const c = t.taskCard;

const columns: TListColumn<TTaskCard>[] = [
  { key: 'name', title: c.name, dataIndex: 'name' },
  { key: 'status', title: c.status, render: (_v, x) => <TaskStatusTag status={x.status} /> },
  {
    key: 'progress',
    title: c.progress,
    width: 200,
    render: (_v, x) => <TaskProgress total={x.total} finished={x.finished} deleted={x.deleted} />,
  },
  { key: 'createdByName', title: c.creator, dataIndex: 'createdByName' },
  { key: 'deptName', title: c.dept, dataIndex: 'deptName' },
  timeColumn(c.createdAt),
  ...actionsColumn<TTaskCard>(true, t.callRecord.actions, (x) => <TaskActions task={x} />),
];

/** 任务卡 (taskCard): the calling tasks of his department and below. */
export const TaskCardPage = () => {
  const navigate = useNavigate();
  return (
    <ListPage
      pageKey="taskCard"
      title={c.title}
      route={taskCardRoutes.page}
      columns={columns}
      onRowClick={(x) => navigate(`/menu/taskCard/Info?id=${x.id}`)}
      filters={
        <>
          <TextFilter name="name" label={c.name} width={180} />
          <SelectFilter placeholder="" name="status" label={c.status} options={taskStatusOptions} />
        </>
      }
      toolbar={
        <Permission value={Perm.taskCardManage}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/menu/taskCard/Attribute')}>
            {c.create}
          </Button>
        </Permission>
      }
    />
  );
};
