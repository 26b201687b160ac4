import type { CSSProperties } from 'react';
import { formatValue, percentOf, type TChart } from './model';

// Read by screen readers, not shown: the chart itself is a picture.
const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** A chart's data as a table: a row per category (or slice), a column per series. */
export const ChartTable = ({ chart }: { chart: TChart }) => {
  if (chart.type === 'ring') {
    const total = chart.slices.reduce((s, x) => s + x.value, 0);
    return (
      <table className="chart-data" style={hidden}>
        <caption>{chart.title}</caption>
        <tbody>
          {chart.slices.map((s) => (
            <tr key={s.name}>
              <th scope="row">{s.name}</th>
              <td data-type="slice" data-series={chart.title} data-value={s.value}>
                {`${formatValue(s.value)}（${percentOf(s.value, total)}%）`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const suffix = (onRight?: boolean) => (onRight ? (chart.rightAxis?.suffix ?? '') : '');
  return (
    <table className="chart-data" style={hidden}>
      <caption>{chart.title}</caption>
      <thead>
        <tr>
          <td />
          {chart.series.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.categories.map((category, i) => (
          // Two categories may share a name (two agents called the same): the position keys the row.
          // biome-ignore lint/suspicious/noArrayIndexKey: the categories are positions along the axis
          <tr key={i}>
            <th scope="row">{category}</th>
            {chart.series.map((s) => (
              <td key={s.name} data-type={s.type} data-series={s.name} data-value={s.data[i] ?? 0}>
                {`${formatValue(s.data[i] ?? 0)}${suffix(s.onRightAxis)}`}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};
