import { describe, expect, it } from 'vitest';
import { taskProgress } from './TaskProgress';

describe('task progress', () => {
  it('counts finished customers out of those still to work, so deleted ones do not hold it under 100 %', () => {
    expect(taskProgress({ total: 10, finished: 4, deleted: 0 })).toEqual({ workable: 10, percent: 40 });
    expect(taskProgress({ total: 10, finished: 8, deleted: 2 })).toEqual({ workable: 8, percent: 100 });
    expect(taskProgress({ total: 2, finished: 0, deleted: 2 })).toEqual({ workable: 0, percent: 0 });
    expect(taskProgress({ total: 0, finished: 0, deleted: 0 })).toEqual({ workable: 0, percent: 0 });
  });
});
