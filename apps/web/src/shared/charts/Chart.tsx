import { type CSSProperties, lazy, Suspense } from 'react';
import { ChartTable } from './ChartTable';
import { describeChart, type TChart } from './model';

// echarts loads with the first chart a screen draws, in a chunk of its own.
const EChart = lazy(() => import('./EChart').then((m) => ({ default: m.EChart })));

type TChartProps = {
  chart: TChart;
  height?: number;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
};

/**
 * A dashboard chart (bars, lines, a ring) drawn by echarts, as wide as its box. The figure is named by
 * its description (title, then every value) and carries its data as a table screen readers read.
 */
export const Chart = ({ chart, height = 300, className, style, 'data-testid': testId }: TChartProps) => (
  <figure
    className={className}
    style={{ margin: 0, width: '100%', height, position: 'relative', ...style }}
    aria-label={describeChart(chart)}
    data-testid={testId}
  >
    <Suspense fallback={null}>
      <EChart chart={chart} height={height} />
    </Suspense>
    <ChartTable chart={chart} />
  </figure>
);
