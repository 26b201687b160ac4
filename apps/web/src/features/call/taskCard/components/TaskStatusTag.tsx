import { type TTaskItemStatus, type TTaskStatus, taskItemStatusText, taskStatusText } from '@yunhu/contract';
import { Tag } from 'antd';

const taskColor: Record<TTaskStatus, string> = { running: 'processing', paused: 'warning', closed: 'default' };
const itemColor: Record<TTaskItemStatus, string> = {
  pending: 'default',
  dialled: 'processing',
  done: 'success',
  skipped: 'warning',
};

export const TaskStatusTag = ({ status }: { status: TTaskStatus }) => (
  <Tag color={taskColor[status]}>{taskStatusText[status]}</Tag>
);

export const ItemStatusTag = ({ status }: { status: TTaskItemStatus }) => (
  <Tag color={itemColor[status]}>{taskItemStatusText[status]}</Tag>
);
