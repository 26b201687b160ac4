import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart } from './Chart';
import { niceTicks, type TChart } from './model';

const titles = (el: Element, selector: string) =>
  [...el.querySelectorAll(`${selector} > title`)].map((t) => t.textContent);

describe('Chart (SVG)', () => {
  it('draws a bar per value of every bar series, a point per value of a line, each with its hover title', () => {
    const chart: TChart = {
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
    render(<Chart chart={chart} height={200} data-testid="c" />);
    const box = screen.getByTestId('c');
    expect(box.querySelectorAll('rect.chart-bar')).toHaveLength(6);
    expect(box.querySelectorAll('circle.chart-point')).toHaveLength(3);
    expect(titles(box, 'rect.chart-bar')).toContain('11-23 通话数：7');
    expect(titles(box, 'circle.chart-point')).toContain('11-23 接通率：42.86%');
    // The band of a category tells every series at once (the axis tooltip).
    expect(titles(box, 'rect.chart-band')[0]).toBe('11-21\n通话数：10\n接通数：4\n接通率：40%');
    // Bars are as tall as their value: 10 is the taller than 7, 0 has no height.
    const heights = [...box.querySelectorAll('rect.chart-bar[data-series="通话数"]')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(heights[0]).toBeGreaterThan(heights[2]!);
    expect(heights[1]).toBe(0);
    expect(box.textContent).toContain('100%');
    expect(box.getAttribute('aria-label')).toBe(
      '每日通话。通话数：11-21 10，11-22 0，11-23 7；接通数：11-21 4，11-22 0，11-23 3；接通率：11-21 40，11-22 0，11-23 42.86',
    );
    expect(box.querySelector('svg')?.getAttribute('viewBox')).toMatch(/^0 0 \d+ 200$/);
  });

  it('draws horizontal bars with their values written and a given description', () => {
    const chart: TChart = {
      type: 'axis',
      title: '负责人',
      description: '各负责人的客户数：王强 3 个，赵丽 1 个',
      horizontal: true,
      categories: ['王强', '赵丽'],
      series: [{ type: 'bar', name: '客户数', color: '#1677ff', showValues: true, data: [3, 1] }],
    };
    render(<Chart chart={chart} data-testid="c" />);
    const box = screen.getByTestId('c');
    const widths = [...box.querySelectorAll('rect.chart-bar')].map((r) => Number(r.getAttribute('width')));
    expect(widths[0]).toBeGreaterThan(widths[1]!);
    expect(titles(box, 'rect.chart-bar')).toEqual(['王强 客户数：3', '赵丽 客户数：1']);
    expect(box.getAttribute('aria-label')).toBe('各负责人的客户数：王强 3 个，赵丽 1 个');
  });

  it('draws a ring slice per share with its percentage and a legend', () => {
    const chart: TChart = {
      type: 'ring',
      title: '意向等级',
      slices: [
        { name: 'A', value: 3, color: '#f5222d' },
        { name: 'B', value: 1 },
        { name: '空', value: 0 },
      ],
    };
    render(<Chart chart={chart} data-testid="c" />);
    const box = screen.getByTestId('c');
    // A slice of 0 has no arc but keeps its legend entry.
    expect(titles(box, '.chart-slice path')).toEqual(['A：3（75%）', 'B：1（25%）']);
    expect(box.querySelector('.chart-slice path')?.getAttribute('fill')).toBe('#f5222d');
    expect(box.querySelectorAll('.chart-legend-item')).toHaveLength(3);
    expect(box.textContent).toContain('75%');
  });

  it('a single slice is a whole ring', () => {
    render(<Chart chart={{ type: 'ring', title: 't', slices: [{ name: 'A', value: 5 }] }} data-testid="c" />);
    expect(titles(screen.getByTestId('c'), '.chart-slice path')).toEqual(['A：5（100%）']);
  });

  it('takes round axis ticks that cover the largest value, whole for counts', () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(230)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(niceTicks(100, 5, false)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(2.5, 5, false)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
  });
});
