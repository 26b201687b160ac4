import type { routeTables, TIntentionLevel, TResponseOf } from '@yunhu/contract';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { t } from '../../../locales/zh-CN';

export type TCensus = TResponseOf<typeof routeTables.crm.census>;
export type TCensusCount = TCensus['byLevel'][number];
export type TShareDimension = 'level' | 'source' | 'owner';

export type TCensusChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | AriaComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

const c = t.crmCensus;

export const sumCounts = (rows: readonly { count: number }[]): number => rows.reduce((s, r) => s + r.count, 0);

/** The four figures on top of the card; the totals are now, the other two inside the range. */
export const censusFigures = (census: TCensus) => ({
  total: census.total,
  inPool: census.inPool,
  newCustomers: sumCounts(census.newPerDay),
  follows: sumCounts(census.followsPerDay),
});

/** Nothing to show: no customer in reach and nothing happened in the range. */
export const isCensusEmpty = (census: TCensus): boolean => Object.values(censusFigures(census)).every((n) => n === 0);

/**
 * The same colours as the level tags of the customer lists (A red … E grey), so a level reads the
 * same on the dashboard as in the lists.
 */
const levelColor: Record<TIntentionLevel, string> = {
  A: '#f5222d',
  B: '#fa8c16',
  C: '#faad14',
  D: '#1677ff',
  E: '#bfbfbf',
};

/** The owner bars show the first ten: enough for a department, readable on a card. */
export const OWNER_TOP = 10;

/** Rows to chart for a dimension: levels in A…E order, others by count; blank names spelled out. */
export const shareRows = (census: TCensus, dimension: TShareDimension): TCensusCount[] => {
  const named = (rows: TCensusCount[]) => rows.map((r) => ({ ...r, label: r.label || c.unnamed }));
  if (dimension === 'level') {
    // A…E, then customers without a level.
    return named([...census.byLevel].sort((a, b) => Number(!a.key) - Number(!b.key) || (a.key < b.key ? -1 : 1)));
  }
  if (dimension === 'source') return named([...census.bySource].sort((a, b) => b.count - a.count));
  return named([...census.byOwner].sort((a, b) => b.count - a.count)).slice(0, OWNER_TOP);
};

/** `2026-11-23` -> `11-23`: the year is in the range picker already. */
const shortDay = (day: string) => day.slice(5);

/** Hidden title: the chart's accessible description (aria) starts with it. */
const hiddenTitle = (text: string): TitleComponentOption => ({ text, show: false });

const aria: AriaComponentOption = { enabled: true, data: { maxCount: 31 } };

/** New customers (bars) and follow-ups (line) per Shanghai day of the range. */
export const trendOption = (census: TCensus): TCensusChartOption => ({
  aria,
  title: hiddenTitle(c.trend),
  tooltip: { trigger: 'axis' },
  legend: { top: 0, data: [c.newCustomers, c.follows] },
  grid: { left: 8, right: 16, top: 36, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
  xAxis: { type: 'category', data: census.newPerDay.map((d) => shortDay(d.day)) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    {
      type: 'bar',
      name: c.newCustomers,
      barMaxWidth: 24,
      itemStyle: { color: '#1677ff' },
      data: census.newPerDay.map((d) => d.count),
    },
    {
      type: 'line',
      name: c.follows,
      smooth: true,
      itemStyle: { color: '#52c41a' },
      data: census.followsPerDay.map((d) => d.count),
    },
  ],
});

/** Level or source shares as a ring; owners as bars, most customers on top. */
export const shareOption = (census: TCensus, dimension: TShareDimension): TCensusChartOption => {
  const rows = shareRows(census, dimension);
  const title = hiddenTitle(c.shareTitle[dimension]);
  if (dimension === 'owner') {
    // echarts would read a horizontal bar as "name: value, index"; say it plainly instead.
    const description = c.ownerDescription(rows.map((r) => c.ownerItem(r.label, r.count)).join('，'));
    return {
      aria: { ...aria, label: { description } },
      title,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.label) },
      series: [
        {
          type: 'bar',
          name: c.customerCount,
          barMaxWidth: 18,
          itemStyle: { color: '#1677ff' },
          label: { show: true, position: 'right' },
          data: rows.map((r) => r.count),
        },
      ],
    };
  }
  return {
    aria,
    title,
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        name: c.shareTitle[dimension],
        radius: ['40%', '65%'],
        center: ['50%', '45%'],
        label: { formatter: '{d}%' },
        data: rows.map((r) => ({
          name: r.label,
          value: r.count,
          ...(dimension === 'level' && r.key in levelColor
            ? { itemStyle: { color: levelColor[r.key as TIntentionLevel] } }
            : {}),
        })),
      },
    ],
  };
};
