import { describe, expect, it } from 'vitest';
import { describeChart, type TChart } from '../../../shared/charts/model';
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

const seriesOf = (chart: TChart) => (chart.type === 'axis' ? chart.series : []);
const categoriesOf = (chart: TChart) => (chart.type === 'axis' ? chart.categories : []);

describe('call census charts', () => {
  it('draws calls and connected calls per day with the connection rate on the right axis', () => {
    const option = dailyOption([
      { day: '2026-11-21', ...figures(10, 4) },
      { day: '2026-11-22', ...figures(0, 0) },
    ]);
    expect(categoriesOf(option)).toEqual(['11-21', '11-22']);
    const [calls, connected, rate] = seriesOf(option);
    expect(calls!.data).toEqual([10, 0]);
    expect(connected!.data).toEqual([4, 0]);
    expect(rate).toMatchObject({ name: '接通率', onRightAxis: true, data: [40, 0] });
    expect(option).toMatchObject({ rightAxis: { max: 100, suffix: '%' } });
  });

  it('labels the 24 hours and counts the calls of each', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, ...figures(hour === 9 ? 5 : 0, 0) }));
    const option = hourOption(hours);
    expect(categoriesOf(option)[9]).toBe('9时');
    expect(seriesOf(option)[0]!.data[9]).toBe(5);
  });

  it('shows talk time per agent in minutes and says it for screen readers', () => {
    const option = agentOption([
      { userId: 1, realName: '王强', deptName: '销售一部', ...figures(3, 2, 150) },
      { userId: 2, realName: '赵丽', deptName: '销售一部', ...figures(1, 1, 60) },
    ]);
    expect(seriesOf(option)[0]!.data).toEqual([2.5, 1]);
    expect(describeChart(option)).toBe('各坐席通话时长：王强 2.5分钟，赵丽 1分钟');
  });
});
