import { describe, expect, it } from 'vitest';
import { moneyColumn } from './moneyColumn';

describe('moneyColumn', () => {
  it('shows fen as yuan, read from the field of its key', () => {
    const column = moneyColumn<{ amount: number }>('金额', 'amount');
    expect(column).toMatchObject({ key: 'amount', dataIndex: 'amount', title: '金额' });
    expect(column.render?.(1230, { amount: 1230 }, 0)).toBe('¥12.30');
    expect(column.render?.(-5, { amount: -5 }, 0)).toBe('-¥0.05');
  });

  it('reads another field when told, keeping its own key', () => {
    const column = moneyColumn<{ seatPricePerMonth: number }>('坐席月租', 'seatPrice', 'seatPricePerMonth');
    expect(column).toMatchObject({ key: 'seatPrice', dataIndex: 'seatPricePerMonth' });
  });
});
