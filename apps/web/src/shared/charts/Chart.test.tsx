import { render, screen, waitFor } from '@testing-library/react';
import type * as Core from 'echarts/core';
import { describe, expect, it, vi } from 'vitest';
import { Chart } from './Chart';
import type { TChart } from './model';
import { toOption } from './options';

// The real echarts, each instance kept to look at what it was given and whether it was disposed.
const instances: ReturnType<typeof Core.init>[] = [];
vi.mock('echarts/core', async (importOriginal) => {
  const core = await importOriginal<typeof Core>();
  return {
    ...core,
    init: (...args: Parameters<typeof core.init>) => {
      const instance = core.init(...args);
      instances.push(instance);
      return instance;
    },
  };
});

const daily: TChart = {
  type: 'axis',
  title: '每日通话',
  legend: true,
  categories: ['11-21', '11-22', '11-23'],
  rightAxis: { max: 100, suffix: '%' },
  series: [
    { type: 'bar', name: '通话数', color: '#1677ff', data: [10, 0, 7] },
    { type: 'bar', name: '接通数', color: '#52c41a', data: [4, 0, 3] },
    { type: 'line', name: '接通率', color: '#fa8c16', onRightAxis: true, data: [40, 0, 42.86] },
  ],
};

type TFormatter = (v: unknown) => string;
type TLabel = { show?: boolean; position?: string; formatter: (p: Record<string, unknown>) => string };
type TAxis = { type: string; data?: string[]; axisLabel: { formatter: TFormatter } };
type TSeries = {
  type: string;
  name: string;
  color: string;
  yAxisIndex: number;
  data: number[] | { name: string; value: number; itemStyle: { color: string } }[];
  tooltip: { valueFormatter: TFormatter };
  label: TLabel;
};
/** The parts of an option these tests read, typed loosely (the option's own types are unions). */
type TOptionView = {
  legend: unknown;
  tooltip: { trigger: string; formatter: (p: Record<string, unknown>) => string };
  xAxis: TAxis;
  yAxis: TAxis | TAxis[];
  series: TSeries[];
};
const view = (chart: TChart) => toOption(chart) as unknown as TOptionView;

describe('toOption', () => {
  it('puts bars and a line over the categories, the rate on a right axis of 0..100 written with %', () => {
    const option = view(daily);
    expect(option.legend).toMatchObject({ show: true });
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['11-21', '11-22', '11-23'] });
    const [left, right] = option.yAxis as TAxis[];
    expect(left).toMatchObject({ type: 'value', minInterval: 1 });
    expect(right).toMatchObject({ type: 'value', min: 0, max: 100 });
    expect(right?.axisLabel.formatter(40)).toBe('40%');
    expect(option.series.map((s) => [s.type, s.name, s.color, s.yAxisIndex, s.data])).toEqual([
      ['bar', '通话数', '#1677ff', 0, [10, 0, 7]],
      ['bar', '接通数', '#52c41a', 0, [4, 0, 3]],
      ['line', '接通率', '#fa8c16', 1, [40, 0, 42.86]],
    ]);
    // The axis tooltip tells each series' value with its unit.
    expect(option.tooltip).toMatchObject({ trigger: 'axis' });
    expect(option.series[2]?.tooltip.valueFormatter(42.86)).toBe('42.86%');
    expect(option.series[0]?.tooltip.valueFormatter(1234)).toBe('1,234');
  });

  it('lays horizontal bars down the left, top first, their values written at the end', () => {
    const option = view({
      type: 'axis',
      title: '负责人',
      horizontal: true,
      categories: ['王强', '赵丽'],
      series: [{ type: 'bar', name: '客户数', color: '#1677ff', showValues: true, barMaxWidth: 18, data: [3, 1.5] }],
    });
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['王强', '赵丽'] });
    expect(option.xAxis).toMatchObject({ type: 'value', minInterval: undefined });
    expect(option.legend).toMatchObject({ show: false });
    const [bar] = option.series;
    expect(bar).toMatchObject({ barMaxWidth: 18, label: { show: true, position: 'right' } });
    expect(bar?.label.formatter({ value: 1234.5 })).toBe('1,234.5');
  });

  it('makes a ring of the slices, the palette for a slice without a colour, no label on an empty one', () => {
    const option = view({
      type: 'ring',
      title: '意向等级',
      slices: [
        { name: 'A', value: 3, color: '#f5222d' },
        { name: 'B', value: 1 },
        { name: '空', value: 0 },
      ],
    });
    const [pie] = option.series;
    expect(pie).toMatchObject({ type: 'pie', radius: ['40%', '65%'] });
    expect(
      ((pie?.data ?? []) as { name: string; value: number; itemStyle: { color: string } }[]).map((d) => [
        d.name,
        d.value,
        d.itemStyle.color,
      ]),
    ).toEqual([
      ['A', 3, '#f5222d'],
      ['B', 1, '#91cc75'],
      ['空', 0, '#fac858'],
    ]);
    expect(pie?.label.formatter({ value: 3, percent: 75 })).toBe('75%');
    expect(pie?.label.formatter({ value: 0, percent: 0 })).toBe('');
    expect(option.tooltip.formatter({ name: 'A', value: 3, percent: 75 })).toBe('A：3（75%）');
  });
});

describe('Chart', () => {
  it('mounts an echarts instance with the option of its data, named and tabled for screen readers', async () => {
    instances.length = 0;
    const shown = render(<Chart chart={daily} height={200} data-testid="c" />);
    const figure = screen.getByTestId('c');
    expect(figure.getAttribute('aria-label')).toBe(
      '每日通话。通话数：11-21 10，11-22 0，11-23 7；接通数：11-21 4，11-22 0，11-23 3；接通率：11-21 40，11-22 0，11-23 42.86',
    );
    const cells = [...figure.querySelectorAll('table.chart-data td[data-series="接通率"]')];
    expect(cells.map((td) => td.textContent)).toEqual(['40%', '0%', '42.86%']);

    await waitFor(() => expect(instances).toHaveLength(1));
    const [instance] = instances;
    const series = (instance?.getOption().series ?? []) as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['通话数', [10, 0, 7]],
      ['接通数', [4, 0, 3]],
      ['接通率', [40, 0, 42.86]],
    ]);

    // New data goes to the same instance.
    shown.rerender(<Chart chart={{ ...daily, categories: ['a', 'b', 'c'] }} height={200} data-testid="c" />);
    await waitFor(() =>
      expect((instance?.getOption().xAxis as { data: string[] }[] | undefined)?.[0]?.data).toEqual(['a', 'b', 'c']),
    );
    expect(instances).toHaveLength(1);

    shown.unmount();
    expect(instance?.isDisposed()).toBe(true);
  });
});
