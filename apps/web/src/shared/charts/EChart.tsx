import { AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

// What every dashboard chart needs; a feature registers its chart types itself
// (`use([BarChart])` from 'echarts/charts') so only those end up in its chunk.
use([CanvasRenderer, AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent]);

type TEChartProps = {
  option: EChartsCoreOption;
  height?: CSSProperties['height'];
  className?: string;
  'data-testid'?: string;
};

/**
 * One echarts instance bound to a div: created on mount, fed `option` whenever it changes (a new
 * object: memoise it), resized with its box, disposed on unmount. Kept-alive pages hide it with
 * `display: none`; a zero-sized box is not resized, and the real size is taken when it shows again.
 */
export const EChart = ({ option, height = 300, className, 'data-testid': testId }: TEChartProps) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'canvas', locale: 'ZH' });
    chart.current = instance;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientHeight > 0) instance.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Series, axes and legend are replaced, not merged: a series the new option lacks must go.
    chart.current?.setOption(option, { replaceMerge: ['series', 'xAxis', 'yAxis', 'legend'] });
  }, [option]);

  return <div ref={box} className={className} style={{ width: '100%', height }} data-testid={testId} />;
};
