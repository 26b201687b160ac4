import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { TChart } from './model';
import { toOption } from './options';

// Only what our charts draw, so the chunk carries no other series or component (a plain legend:
// none of ours scrolls).
use([BarChart, LineChart, PieChart, GridComponent, LegendPlainComponent, TooltipComponent, SVGRenderer]);

/**
 * An echarts instance in a box as wide as its parent: created on mount, given the option built from
 * the chart's data whenever it changes, resized with the box (a kept-alive page hidden with
 * `display: none` measures zero and keeps its last drawing), disposed on unmount.
 */
export const EChart = ({ chart, height }: { chart: TChart; height: number }) => {
  const box = useRef<HTMLDivElement>(null);
  const instance = useRef<ReturnType<typeof init> | null>(null);
  const latest = useRef(chart);
  latest.current = chart;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const echart = init(el, undefined, { renderer: 'svg', height });
    echart.setOption(toOption(latest.current));
    instance.current = echart;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth > 0) echart.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      echart.dispose();
      instance.current = null;
    };
  }, [height]);
  useEffect(() => {
    instance.current?.setOption(toOption(chart), { notMerge: true });
  }, [chart]);
  return <div ref={box} style={{ width: '100%', height }} aria-hidden="true" />;
};
