import {
  type TTaskItemStatus,
  type TTaskStatus,
  taskItemStatuses,
  taskItemStatusText,
  taskStatuses,
  taskStatusText,
} from '@yunhu/contract';
import { Tag } from 'antd';
import { optionsOf } from '../../../../shared/form/options';

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

/** The filter options of each vocabulary, beside its tags. */
export const taskStatusOptions = optionsOf(taskStatuses, taskStatusText);
export const itemStatusOptions = optionsOf(taskItemStatuses, taskItemStatusText);
