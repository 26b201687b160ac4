import { render, screen, within } from '@testing-library/react';
import { type TTaskFigures, type TTaskProgress, taskResults } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { TaskFigures } from './TaskFigures';

const figures = (set: Partial<TTaskFigures>): TTaskFigures => ({
  total: 0,
  dialled: 0,
  finished: 0,
  skipped: 0,
  connected: 0,
  deleted: 0,
  results: Object.fromEntries(taskResults.map((r) => [r, 0])) as TTaskFigures['results'],
  ...set,
});

const progress: TTaskProgress = {
  task: {
    id: 1,
    name: '回收站客户',
    description: '',
    lineId: null,
    lineName: null,
    scriptId: null,
    scriptTitle: null,
    countdownSeconds: 5,
    status: 'running',
    createdBy: 2,
    createdByName: '李经理',
    deptName: '销售一部',
    createdAt: 0,
    closedAt: null,
    total: 5,
    finished: 2,
    deleted: 2,
  },
  figures: figures({ total: 5, dialled: 2, finished: 2, deleted: 2 }),
  agents: [{ userId: 3, realName: '王强', ...figures({ total: 5, dialled: 2, finished: 2, deleted: 2 }) }],
};

describe('TaskFigures', () => {
  it('shows the customers deleted to the recycle bin apart, for the task and for each agent', () => {
    render(<TaskFigures progress={progress} />);
    expect(screen.getByTestId('task-figure-deleted').textContent).toContain('已删除');
    expect(screen.getByTestId('task-figure-deleted').textContent).toContain('2');
    // Finished out of the customers still to work: the two deleted ones are counted apart.
    expect(screen.getByTestId('task-figure-finished').textContent).toContain('2/3');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('已删除');
    const row = within(table).getByText('王强').closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[headers.indexOf('已删除')]).toBe('2');
  });
});
