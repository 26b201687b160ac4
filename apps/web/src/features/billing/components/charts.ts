import * as t from '../../../locales/zh-CN';
import type { TAxisChart, TRingChart } from '../../../shared/charts/model';
import { palette } from '../../../shared/charts/model';
import type { TBillAnalysis } from '../api';

const s = t.billing;
const yuanOf = (fen: number) => Math.round(fen) / 100;

/** 每日消费: the amount per day (bars) and what the balance paid (a line), in yuan. */
export const dailyChart = (a: TBillAnalysis): TAxisChart => ({
  type: 'axis',
  title: s.byDay,
  legend: true,
  categories: a.byDay.map((d) => d.day.slice(5)),
  series: [
    { type: 'bar', name: s.amountYuan, color: palette[0]!, data: a.byDay.map((d) => yuanOf(d.amount)) },
    { type: 'line', name: s.balanceYuan, color: palette[1]!, data: a.byDay.map((d) => yuanOf(d.balanceAmount)) },
  ],
});

/** 线路占比: each line's share of the month's amount. */
export const lineChart = (a: TBillAnalysis): TRingChart => ({
  type: 'ring',
  title: s.byLine,
  slices: a.byLine.map((l) => ({ name: l.name, value: yuanOf(l.amount) })),
});

/** 部门 / 员工: the amount per department or person, largest first, bars to the right. */
export const rankChart = (title: string, rows: TBillAnalysis['byDept']): TAxisChart => ({
  type: 'axis',
  title,
  horizontal: true,
  categories: rows.map((r) => r.name || s.noDept),
  series: [
    {
      type: 'bar',
      name: s.amountYuan,
      color: palette[0]!,
      data: rows.map((r) => yuanOf(r.amount)),
      showValues: true,
      barMaxWidth: 18,
    },
  ],
});

/** Month over month as a signed percentage, or null when last month had nothing. */
export const monthOverMonth = (now: number, last: number): string | null =>
  last === 0 ? null : `${now >= last ? '+' : ''}${(((now - last) / last) * 100).toFixed(1)}%`;
