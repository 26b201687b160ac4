import type { routeTables, TResponseOf } from '@yunhu/contract';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { t } from '../../../locales/zh-CN';

type TDays = TResponseOf<typeof routeTables.callCensus.census>;
type THours = TResponseOf<typeof routeTables.callCensus.hourCensus>;
type TAgents = TResponseOf<typeof routeTables.callCensus.statisticsUsePage>['records'];

export type TCallChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | AriaComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

const c = t.callCensus;
const aria: AriaComponentOption = { enabled: true, data: { maxCount: 31 } };
/** Hidden title: the chart's accessible description starts with it. */
const hiddenTitle = (text: string): TitleComponentOption => ({ text, show: false });
const grid: GridComponentOption = {
  left: 8,
  right: 16,
  top: 36,
  bottom: 8,
  outerBoundsMode: 'same',
  outerBoundsContain: 'axisLabel',
};

/** Calls and connected calls per day (bars) with the connection rate (line, right axis in %). */
export const dailyOption = (days: TDays): TCallChartOption => ({
  aria,
  title: hiddenTitle(c.perDay),
  tooltip: { trigger: 'axis' },
  legend: { top: 0, data: [c.callNum, c.connectedNum, c.connectionRate] },
  grid,
  xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
  yAxis: [
    { type: 'value', minInterval: 1 },
    { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
  ],
  series: [
    {
      type: 'bar',
      name: c.callNum,
      barMaxWidth: 20,
      itemStyle: { color: '#1677ff' },
      data: days.map((d) => d.callNum),
    },
    {
      type: 'bar',
      name: c.connectedNum,
      barMaxWidth: 20,
      itemStyle: { color: '#52c41a' },
      data: days.map((d) => d.connectedNum),
    },
    {
      type: 'line',
      name: c.connectionRate,
      yAxisIndex: 1,
      smooth: true,
      itemStyle: { color: '#fa8c16' },
      data: days.map((d) => d.connectionRate),
    },
  ],
});

/** Calls by hour of the day, 0..23 (when the team calls). */
export const hourOption = (hours: THours): TCallChartOption => ({
  aria,
  title: hiddenTitle(c.perHour),
  tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
  legend: { top: 0, data: [c.callNum, c.connectedNum] },
  grid,
  xAxis: { type: 'category', data: hours.map((h) => c.hourLabel(h.hour)) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { type: 'bar', name: c.callNum, itemStyle: { color: '#1677ff' }, data: hours.map((h) => h.callNum) },
    { type: 'bar', name: c.connectedNum, itemStyle: { color: '#52c41a' }, data: hours.map((h) => h.connectedNum) },
  ],
});

/** Talk time per agent in minutes (one decimal), most on top. */
export const agentOption = (agents: TAgents): TCallChartOption => {
  const minutes = agents.map((a) => Math.round(a.totalSecond / 6) / 10);
  return {
    aria: {
      ...aria,
      label: { description: c.agentDescription(agents.map((a, i) => `${a.realName} ${minutes[i]}分钟`).join('，')) },
    },
    title: hiddenTitle(c.perAgent),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...grid, top: 8, right: 40 },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', inverse: true, data: agents.map((a) => a.realName) },
    series: [
      {
        type: 'bar',
        name: c.talkMinutes,
        barMaxWidth: 18,
        itemStyle: { color: '#13c2c2' },
        label: { show: true, position: 'right' },
        data: minutes,
      },
    ],
  };
};
