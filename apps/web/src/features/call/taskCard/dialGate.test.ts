import { type TMyTaskCard, type TTaskFigures, type TTaskItem, taskResults } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { dialRefusal } from './dialGate';
import { taskItemOf } from './taskCard.test-kit';

const item = (id: number) => taskItemOf({ id, customerId: id * 10, customerName: `客户${id}` });

const noResults = Object.fromEntries(taskResults.map((r) => [r, 0])) as TTaskFigures['results'];

const cardOf = (status: TMyTaskCard['task']['status'], current: TTaskItem | null): TMyTaskCard => ({
  task: {
    id: 1,
    name: '回访任务',
    description: '',
    lineId: null,
    lineName: null,
    scriptId: null,
    scriptTitle: null,
    countdownSeconds: 5,
    status,
    createdBy: 2,
    createdByName: '李经理',
    deptName: '销售一部',
    createdAt: 0,
    closedAt: null,
    total: 3,
    finished: 0,
    deleted: 0,
  },
  current,
  queue: [],
  figures: { total: 3, dialled: 0, finished: 0, skipped: 0, connected: 0, deleted: 0, results: noResults },
});

describe('dialRefusal', () => {
  it('lets the current customer of a running task be dialled', () => {
    expect(dialRefusal(cardOf('running', item(7)), item(7))).toBeNull();
  });

  it('refuses with the server’s words when the task was paused or closed meanwhile', () => {
    expect(dialRefusal(cardOf('paused', item(7)), item(7))).toBe('任务已暂停，请等待主管恢复后再拨打');
    expect(dialRefusal(cardOf('closed', null), item(7))).toBe('任务已结束，不能再拨打');
  });

  it('refuses a customer who is no longer the current one (deleted, removed or done meanwhile)', () => {
    expect(dialRefusal(cardOf('running', item(8)), item(7))).toBe('当前客户已变化，已为您刷新，请确认后再拨打');
    expect(dialRefusal(cardOf('running', null), item(7))).toBe('当前客户已变化，已为您刷新，请确认后再拨打');
  });

  it('leaves the decision to the server when the card could not be read again', () => {
    expect(dialRefusal(undefined, item(7))).toBeNull();
  });
});
