import { describe, expect, it } from 'vitest';
import type { TBillAnalysis } from '../api';
import { dailyChart, lineChart, monthOverMonth, rankChart } from './charts';

const totals = (amount: number, balanceAmount = 0) => ({
  calls: 1,
  duration: 60,
  billedSeconds: 60,
  amount,
  packetSeconds: 0,
  balanceAmount,
});

const analysis: TBillAnalysis = {
  month: '2026-11',
  totals: totals(3600, 1200),
  lastMonth: totals(3000),
  byDay: [
    { ...totals(1200, 200), day: '2026-11-01' },
    { ...totals(2400, 1000), day: '2026-11-02' },
  ],
  byLine: [
    { ...totals(2400), id: 1, name: '回拨线路' },
    { ...totals(1200), id: 2, name: '软电话线路' },
  ],
  byDept: [{ ...totals(3600), id: null, name: '' }],
  byUser: [{ ...totals(3600), id: 4, name: '王强' }],
};

describe('账单分析 charts', () => {
  it('draws each day in yuan, the amount as bars and the balance part as a line', () => {
    const chart = dailyChart(analysis);
    expect(chart.categories).toEqual(['11-01', '11-02']);
    expect(chart.series.map((s) => [s.type, s.data])).toEqual([
      ['bar', [12, 24]],
      ['line', [2, 10]],
    ]);
  });

  it('shares the month among the lines and names a department-less group', () => {
    expect(lineChart(analysis).slices).toEqual([
      { name: '回拨线路', value: 24 },
      { name: '软电话线路', value: 12 },
    ]);
    expect(rankChart('部门', analysis.byDept).categories).toEqual(['未分配部门']);
  });

  it('says month over month as a signed percentage, nothing against an empty month', () => {
    expect(monthOverMonth(3600, 3000)).toBe('+20.0%');
    expect(monthOverMonth(1500, 3000)).toBe('-50.0%');
    expect(monthOverMonth(100, 0)).toBeNull();
  });
});
