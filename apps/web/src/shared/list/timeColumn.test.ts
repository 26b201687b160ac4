import { describe, expect, it } from 'vitest';
import { timeColumn } from './timeColumn';

// 05:06:07 in Beijing.
const at = Date.UTC(2026, 2, 3, 21, 6, 7);

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

  it('shows a missing moment as the screen words it, nothing unless told', () => {
    expect(timeColumn<{ paidAt: number | null }>('支付', { key: 'paidAt' }).render?.(null, { paidAt: null }, 0)).toBe(
      '',
    );
    const column = timeColumn<{ paidAt: number | null }>('支付', { key: 'paidAt', empty: '—' });
    expect(column.render?.(null, { paidAt: null }, 0)).toBe('—');
    expect(column.render?.(at, { paidAt: at }, 0)).toBe('2026-03-04 05:06');
  });
});
