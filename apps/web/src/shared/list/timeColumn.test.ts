import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { timeColumn } from './timeColumn';

const at = dayjs('2026-03-04 05:06:07').valueOf();

describe('timeColumn', () => {
  it('shows createdAt to the minute by default', () => {
    const column = timeColumn<{ createdAt: number }>('时间');
    expect(column).toMatchObject({ key: 'createdAt', dataIndex: 'createdAt', title: '时间' });
    expect(column.render?.(at, { createdAt: at }, 0)).toBe('2026-03-04 05:06');
  });

  it('takes another field and seconds when told', () => {
    const column = timeColumn<{ startTime: number }>('开始', { key: 'startTime', format: 'YYYY-MM-DD HH:mm:ss' });
    expect(column.dataIndex).toBe('startTime');
    expect(column.render?.(at, { startTime: at }, 0)).toBe('2026-03-04 05:06:07');
  });
});
