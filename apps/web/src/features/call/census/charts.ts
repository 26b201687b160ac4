import type { routeTables, TResponseOf } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import type { TChart } from '../../../shared/charts/model';

type TDays = TResponseOf<typeof routeTables.callCensus.census>;
type THours = TResponseOf<typeof routeTables.callCensus.hourCensus>;
type TAgents = TResponseOf<typeof routeTables.callCensus.statisticsUsePage>['records'];

const c = t.callCensus;

/** Calls and connected calls per day (bars) with the connection rate (line, right axis in %). */
export const dailyOption = (days: TDays): TChart => ({
  type: 'axis',
  title: c.perDay,
  legend: true,
  categories: days.map((d) => d.day.slice(5)),
  rightAxis: { max: 100, suffix: '%' },
  series: [
    { type: 'bar', name: c.callNum, barMaxWidth: 20, color: '#1677ff', data: days.map((d) => d.callNum) },
    { type: 'bar', name: c.connectedNum, barMaxWidth: 20, color: '#52c41a', data: days.map((d) => d.connectedNum) },
    {
      type: 'line',
      name: c.connectionRate,
      onRightAxis: true,
      color: '#fa8c16',
      data: days.map((d) => d.connectionRate),
    },
  ],
});

/** Calls by hour of the day, 0..23 (when the team calls). */
export const hourOption = (hours: THours): TChart => ({
  type: 'axis',
  title: c.perHour,
  legend: true,
  categories: hours.map((h) => c.hourLabel(h.hour)),
  series: [
    { type: 'bar', name: c.callNum, color: '#1677ff', data: hours.map((h) => h.callNum) },
    { type: 'bar', name: c.connectedNum, color: '#52c41a', data: hours.map((h) => h.connectedNum) },
  ],
});

/** Talk time per agent in minutes (one decimal), most on top. */
export const agentOption = (agents: TAgents): TChart => {
  const minutes = agents.map((a) => Math.round(a.totalSecond / 6) / 10);
  return {
    type: 'axis',
    title: c.perAgent,
    description: c.agentDescription(agents.map((a, i) => `${a.realName} ${minutes[i]}分钟`).join('，')),
    horizontal: true,
    categories: agents.map((a) => a.realName),
    series: [{ type: 'bar', name: c.talkMinutes, barMaxWidth: 18, color: '#13c2c2', showValues: true, data: minutes }],
  };
};
