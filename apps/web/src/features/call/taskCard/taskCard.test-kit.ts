import type { TTaskItem } from '@yunhu/contract';

/** A task item as the server sends it (for the task-card tests): a pending customer of 王强. */
export const taskItemOf = (over: Partial<TTaskItem> = {}): TTaskItem => ({
  id: 7,
  taskId: 1,
  customerId: 70,
  customerName: '钱多多',
  mobile: '139****0070',
  userId: 3,
  realName: '王强',
  status: 'pending',
  attempts: 0,
  result: null,
  note: '',
  finishedAt: null,
  callState: null,
  isCustomerDeleted: false,
  ...over,
});
