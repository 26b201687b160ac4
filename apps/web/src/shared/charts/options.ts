import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatValue, palette, type TAxisChart, type TChart, type TRingChart } from './model';

/** The echarts option of the charts we draw: only the series and components `EChart` registers. */
export type TChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

const text = { color: '#333', fontSize: 12 };

/** A value with the unit of its axis (`42.86%` on a rate axis). */
const valueWith = (suffix: string) => (value: unknown) => `${formatValue(Number(value ?? 0))}${suffix}`;

const axisOption = (chart: TAxisChart): TChartOption => {
  const { categories, horizontal, rightAxis } = chart;
  const suffixOf = (onRight?: boolean) => (onRight ? (rightAxis?.suffix ?? '') : '');
  const isWhole = chart.series.filter((s) => !s.onRightAxis).every((s) => s.data.every(Number.isInteger));
  const categoryAxis = {
    type: 'category' as const,
    data: categories,
    // Categories down the left side read top first.
    inverse: horizontal,
    axisTick: { alignWithLabel: true },
  };
  const valueAxis = {
    type: 'value' as const,
    // Counts never read 0.5.
    minInterval: isWhole ? 1 : undefined,
    axisLabel: { formatter: (v: number) => formatValue(v) },
  };
  const rightValueAxis = rightAxis && {
    type: 'value' as const,
    min: 0,
    max: rightAxis.max,
    splitLine: { show: false },
    axisLabel: { formatter: (v: number) => `${v}${rightAxis.suffix}` },
  };
  const series = chart.series.map((s): BarSeriesOption | LineSeriesOption => {
    const common = {
      name: s.name,
      data: s.data,
      color: s.color,
      yAxisIndex: !horizontal && s.onRightAxis ? 1 : 0,
      tooltip: { valueFormatter: valueWith(suffixOf(s.onRightAxis)) },
    };
    if (s.type === 'line') return { ...common, type: 'line', symbol: 'emptyCircle', symbolSize: 7 };
    return {
      ...common,
      type: 'bar',
      barMaxWidth: s.barMaxWidth ?? 60,
      label: s.showValues
        ? {
            show: true,
            position: horizontal ? 'right' : 'top',
            formatter: ({ value }) => formatValue(Number(value)),
            ...text,
          }
        : undefined,
    };
  });
  return {
    legend: { show: chart.legend === true, top: 0, textStyle: text },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // The axis labels inside the box, the margins around them.
    grid: {
      left: 8,
      right: 16,
      top: chart.legend ? 40 : 16,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : rightValueAxis ? [valueAxis, rightValueAxis] : valueAxis,
    series,
  };
};

const ringOption = (chart: TRingChart): TChartOption => ({
  legend: { bottom: 0, textStyle: text },
  tooltip: {
    trigger: 'item',
    formatter: (p) => {
      const { name, value, percent } = p as { name: string; value: number; percent: number };
      return `${name}：${formatValue(value)}（${percent}%）`;
    },
  },
  series: [
    {
      type: 'pie',
      name: chart.title,
      radius: ['40%', '65%'],
      center: ['50%', '45%'],
      // A slice of nothing keeps its legend entry but writes no 0%.
      label: { formatter: (p) => (p.value ? `${p.percent}%` : ''), ...text },
      data: chart.slices.map((s, i) => ({
        name: s.name,
        value: s.value,
        itemStyle: { color: s.color ?? palette[i % palette.length] },
      })),
    },
  ],
});

/** The echarts option of a chart built from its data (`TChart`). */
export const toOption = (chart: TChart): TChartOption =>
  chart.type === 'ring' ? ringOption(chart) : axisOption(chart);
