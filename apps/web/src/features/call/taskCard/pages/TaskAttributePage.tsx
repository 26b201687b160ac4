import type { TTaskCreate } from '@yunhu/contract';
import { Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../../locales/zh-CN';
import { useApp } from '../../../../shared/modal/useApp';
import { useCreateTask, useTaskProgress, useUpdateTask } from '../api';
import { AssignFields } from '../components/AgentSelect';
import { CustomerPicker, type TCustomerPick } from '../components/CustomerPicker';
import { TaskFields, type TTaskFieldValues, taskFieldDefaults } from '../components/TaskFields';

const c = t.taskCard;
type TCreateValues = TTaskFieldValues & Required<Pick<TTaskCreate, 'userIds' | 'assign'>>;

/** taskCard/Attribute: a new task (customers, agents, how to spread them), or a task's settings. */
export const TaskAttributePage = () => {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  return id > 0 ? <EditTask id={id} /> : <CreateTask />;
};

const CreateTask = () => {
  const navigate = useNavigate();
  const [form] = Form.useForm<TCreateValues>();
  const [pick, setPick] = useState<TCustomerPick>({ customerIds: [] });
  const create = useCreateTask();
  const { message } = useApp();
  const onFinish = async (values: TCreateValues) => {
    if ('customerIds' in pick && pick.customerIds.length === 0) {
      message.warning(c.customersRequired);
      return;
    }
    const task = await create.mutateAsync({ ...values, ...pick }).catch(() => null);
    if (!task) return;
    message.success(c.created(task.total));
    navigate(`/menu/taskCard/Info?id=${task.id}`);
  };
  return (
    <Card title={c.create} data-testid="task-attribute">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...taskFieldDefaults, assign: 'even', userIds: [] }}
        onFinish={onFinish}
      >
        <TaskFields />
        <Form.Item label={c.customers} required>
          <CustomerPicker onChange={setPick} />
        </Form.Item>
        <AssignFields />
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {c.create}
          </Button>
          <Button onClick={() => navigate('/menu/taskCard')}>{t.common.cancel}</Button>
        </Space>
      </Form>
    </Card>
  );
};

const EditTask = ({ id }: { id: number }) => {
  const navigate = useNavigate();
  const progress = useTaskProgress(id);
  const update = useUpdateTask();
  const { message } = useApp();
  const task = progress.data?.task;
  if (!task) return <Card loading={progress.isLoading} title={c.edit} />;
  const onFinish = async (values: TTaskFieldValues) => {
    if (!(await update.mutateAsync({ id, ...values }).catch(() => null))) return;
    message.success(c.saved);
    navigate(`/menu/taskCard/Info?id=${id}`);
  };
  return (
    <Card title={`${c.edit}：${task.name}`} data-testid="task-attribute">
      <Form<TTaskFieldValues>
        layout="vertical"
        initialValues={{
          name: task.name,
          description: task.description,
          lineId: task.lineId,
          scriptId: task.scriptId,
          countdownSeconds: task.countdownSeconds,
        }}
        onFinish={onFinish}
      >
        <TaskFields scriptTitle={task.scriptTitle} />
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t.common.confirm}
          </Button>
          <Button onClick={() => navigate(-1)}>{t.common.cancel}</Button>
        </Space>
      </Form>
    </Card>
  );
};
