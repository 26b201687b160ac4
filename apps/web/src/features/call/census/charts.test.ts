import { describe, expect, it } from 'vitest';
import { agentOption, dailyOption, hourOption } from './charts';

const figures = (callNum: number, connectedNum: number, totalSecond = 0) => ({
  bindNum: callNum + 1,
  callNum,
  connectedNum,
  notConnected: callNum - connectedNum,
  connectionRate: callNum ? Math.round((connectedNum * 10_000) / callNum) / 100 : 0,
  totalSecond,
  totalMinute: Math.ceil(totalSecond / 60),
  averageCallSecond: connectedNum ? Math.round(totalSecond / connectedNum) : 0,
});

type TSeries = { name: string; data: number[]; yAxisIndex?: number };
const seriesOf = (option: object) => (option as { series: TSeries[] }).series;

describe('call census charts', () => {
  it('draws calls and connected calls per day with the connection rate on the right axis', () => {
    const option = dailyOption([
      { day: '2026-11-21', ...figures(10, 4) },
      { day: '2026-11-22', ...figures(0, 0) },
    ]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['11-21', '11-22']);
    const [calls, connected, rate] = seriesOf(option);
    expect(calls!.data).toEqual([10, 0]);
    expect(connected!.data).toEqual([4, 0]);
    expect(rate).toMatchObject({ name: '接通率', yAxisIndex: 1, data: [40, 0] });
  });

  it('labels the 24 hours and counts the calls of each', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, ...figures(hour === 9 ? 5 : 0, 0) }));
    const option = hourOption(hours);
    expect((option.xAxis as { data: string[] }).data[9]).toBe('9时');
    expect(seriesOf(option)[0]!.data[9]).toBe(5);
  });

  it('shows talk time per agent in minutes and says it for screen readers', () => {
    const option = agentOption([
      { userId: 1, realName: '王强', deptName: '销售一部', ...figures(3, 2, 150) },
      { userId: 2, realName: '赵丽', deptName: '销售一部', ...figures(1, 1, 60) },
    ]);
    expect(seriesOf(option)[0]!.data).toEqual([2.5, 1]);
    expect(JSON.stringify(option.aria)).toContain('王强 2.5分钟');
  });
});
