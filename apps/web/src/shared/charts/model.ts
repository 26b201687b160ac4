/**
 * The dashboard charts as plain data. A feature builds a `TChart` from its figures; `Chart` hands it
 * to echarts (`toOption`) in a chunk of its own. Kept apart from the component so the builders and
 * their tests need neither React nor echarts.
 */

/** One series over the categories: bars side by side per category, or a line through them. */
export type TChartSeries = {
  type: 'bar' | 'line';
  name: string;
  color: string;
  data: number[];
  /** Read against the right axis (`TAxisChart.rightAxis`), e.g. a rate in %. */
  onRightAxis?: boolean;
  /** The value written at the end of each bar. */
  showValues?: boolean;
  /** Widest bar in px. */
  barMaxWidth?: number;
};

/** Categories along one axis, values along the other. */
export type TAxisChart = {
  type: 'axis';
  /** Said first in the accessible description. */
  title: string;
  /** Replaces the generated accessible description (title, then each series' values). */
  description?: string;
  categories: string[];
  /** Categories down the left side, top first (bars grow to the right). */
  horizontal?: boolean;
  legend?: boolean;
  series: TChartSeries[];
  /** A second value axis on the right, 0..max, its ticks written with the suffix. */
  rightAxis?: { max: number; suffix: string };
};

export type TSlice = { name: string; value: number; color?: string };

/** Shares of a whole as a ring, each slice labelled with its percentage, a legend below. */
export type TRingChart = {
  type: 'ring';
  title: string;
  description?: string;
  slices: TSlice[];
};

export type TChart = TAxisChart | TRingChart;

/** Slice colours when a slice brings none (the palette people saw before, echarts' default). */
export const palette = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
];

/** `12.5` → `12.5`, `3` → `3`, `1234` → `1,234`. */
export const formatValue = (n: number): string => n.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

/** Percent of a total, two decimals at most (0 of 0 is 0). */
export const percentOf = (value: number, total: number): number =>
  total ? Math.round((value * 10_000) / total) / 100 : 0;

/** What a screen reader says about the chart: its title, then every value. */
export const describeChart = (chart: TChart): string => {
  if (chart.description) return chart.description;
  if (chart.type === 'ring') {
    const total = chart.slices.reduce((s, x) => s + x.value, 0);
    return `${chart.title}：${chart.slices.map((x) => `${x.name} ${formatValue(x.value)}（${percentOf(x.value, total)}%）`).join('，')}`;
  }
  const parts = chart.series.map(
    (s) => `${s.name}：${chart.categories.map((cat, i) => `${cat} ${formatValue(s.data[i] ?? 0)}`).join('，')}`,
  );
  return `${chart.title}。${parts.join('；')}`;
};
