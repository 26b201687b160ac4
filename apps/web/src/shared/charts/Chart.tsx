import { type CSSProperties, useEffect, useRef, useState } from 'react';
import {
  describeChart,
  formatValue,
  niceTicks,
  palette,
  percentOf,
  type TAxisChart,
  type TChart,
  type TRingChart,
} from './model';

const FONT = 12;
const AXIS_COLOR = '#6e7079';
const GRID_COLOR = '#e0e6f1';

/** Width of a label in px at 12 px: CJK glyphs are square, the rest about 7 px. */
const textWidth = (text: string) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? FONT : 7), 0);

type TLegendItem = { name: string; color: string; isLine?: boolean };

/** React keys for labels that may repeat (two agents of the same name): the name, then its ordinal. */
const keysOf = (names: readonly string[]) => {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n > 1 ? `${name}#${n}` : name;
  });
};

/** Legend items in rows centred on `width`, starting at `y`. Returns the rows' elements and height. */
const legend = (items: TLegendItem[], width: number, y: number) => {
  const itemWidth = (it: TLegendItem) => 25 + textWidth(it.name) + 6 + 10;
  const rows: TLegendItem[][] = [[]];
  let used = 0;
  for (const it of items) {
    const w = itemWidth(it);
    if (used + w > width && rows[rows.length - 1]!.length) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1]!.push(it);
    used += w;
  }
  const keys = keysOf(items.map((it) => it.name));
  let k = 0;
  const nodes = rows.flatMap((row, r) => {
    let x = (width - row.reduce((s, it) => s + itemWidth(it), 0)) / 2;
    const cy = y + r * 20 + 10;
    return row.map((it) => {
      const x0 = x;
      const key = keys[k++];
      x += itemWidth(it);
      return (
        <g key={key} className="chart-legend-item">
          {it.isLine ? (
            <>
              <line x1={x0} x2={x0 + 25} y1={cy} y2={cy} stroke={it.color} strokeWidth={2} />
              <circle cx={x0 + 12.5} cy={cy} r={4} fill="#fff" stroke={it.color} strokeWidth={2} />
            </>
          ) : (
            <rect x={x0} y={cy - 7} width={25} height={14} rx={3} fill={it.color} />
          )}
          <text x={x0 + 31} y={cy} dominantBaseline="central" fontSize={FONT} fill="#333">
            {it.name}
          </text>
        </g>
      );
    });
  });
  return { nodes, height: rows.length * 20 };
};

const AxisChart = ({ chart, width, height }: { chart: TAxisChart; width: number; height: number }) => {
  const { categories, series, horizontal } = chart;
  const bars = series.filter((s) => s.type === 'bar');
  const leftSeries = series.filter((s) => !s.onRightAxis);
  const values = leftSeries.flatMap((s) => s.data);
  const whole = values.every(Number.isInteger);
  const ticks = niceTicks(Math.max(0, ...values), 5, whole);
  const top = ticks[ticks.length - 1]!;
  const rightTicks = chart.rightAxis ? niceTicks(chart.rightAxis.max, 5, false) : [];
  const rightTop = chart.rightAxis?.max ?? 1;

  const head = chart.legend
    ? legend(
        series.map((s) => ({ name: s.name, color: s.color, isLine: s.type === 'line' })),
        width,
        4,
      )
    : { nodes: [], height: 0 };
  const plotTop = head.height ? head.height + 12 : 8;
  const plotBottom = height - 24;
  const valueLabelW = Math.max(...ticks.map((t) => textWidth(formatValue(t))));
  const left = 8 + (horizontal ? Math.max(...categories.map(textWidth), 0) : valueLabelW) + 8;
  const rightLabelW = chart.rightAxis
    ? Math.max(...rightTicks.map((t) => textWidth(`${t}${chart.rightAxis!.suffix}`)))
    : 0;
  const valueEndW = series.some((s) => s.showValues) ? Math.max(...values.map((v) => textWidth(formatValue(v))), 0) : 0;
  const right = width - 16 - (chart.rightAxis ? rightLabelW + 8 : 0) - (horizontal ? valueEndW : 0);
  const plotW = Math.max(1, right - left);
  const plotH = Math.max(1, plotBottom - plotTop);
  const n = Math.max(1, categories.length);
  const band = (horizontal ? plotH : plotW) / n;

  /** Position along the value axis (px from the axis origin). */
  const scale = (v: number, onRight?: boolean) => (v / (onRight ? rightTop : top)) * (horizontal ? plotW : plotH);
  /** The centre of category i along the category axis. */
  const mid = (i: number) => (horizontal ? plotTop : left) + band * (i + 0.5);

  const barW = Math.min(...bars.map((s) => s.barMaxWidth ?? 60), (band * 0.7) / Math.max(1, bars.length));
  const gap = bars.length > 1 ? Math.min(4, barW * 0.3) : 0;
  const groupW = bars.length * barW + (bars.length - 1) * gap;

  // Every k-th category label so they do not overlap.
  const catLabelW = horizontal ? FONT : Math.max(...categories.map(textWidth), 1) + 8;
  const every = Math.max(1, Math.ceil(catLabelW / band));

  const cats = keysOf(categories).map((key, i) => ({ key, i, name: categories[i]! }));

  const tip = (i: number) =>
    `${categories[i]}\n${series
      .map((s) => `${s.name}：${formatValue(s.data[i] ?? 0)}${s.onRightAxis ? (chart.rightAxis?.suffix ?? '') : ''}`)
      .join('\n')}`;

  return (
    <>
      {head.nodes}
      {/* Grid lines and value labels. */}
      {ticks.map((t) => {
        const p = scale(t);
        return horizontal ? (
          <g key={`v${t}`}>
            <line x1={left + p} x2={left + p} y1={plotTop} y2={plotBottom} stroke={GRID_COLOR} />
            <text x={left + p} y={plotBottom + 16} textAnchor="middle" fontSize={FONT} fill={AXIS_COLOR}>
              {formatValue(t)}
            </text>
          </g>
        ) : (
          <g key={`v${t}`}>
            <line x1={left} x2={right} y1={plotBottom - p} y2={plotBottom - p} stroke={GRID_COLOR} />
            <text
              x={left - 8}
              y={plotBottom - p}
              textAnchor="end"
              dominantBaseline="central"
              fontSize={FONT}
              fill={AXIS_COLOR}
            >
              {formatValue(t)}
            </text>
          </g>
        );
      })}
      {rightTicks.map((t) => (
        <text
          key={`r${t}`}
          x={right + 8}
          y={plotBottom - scale(t, true)}
          dominantBaseline="central"
          fontSize={FONT}
          fill={AXIS_COLOR}
        >
          {`${t}${chart.rightAxis?.suffix ?? ''}`}
        </text>
      ))}
      {/* The category axis and its labels. */}
      {horizontal ? (
        <line x1={left} x2={left} y1={plotTop} y2={plotBottom} stroke={AXIS_COLOR} />
      ) : (
        <line x1={left} x2={right} y1={plotBottom} y2={plotBottom} stroke={AXIS_COLOR} />
      )}
      {cats.map(({ key, i, name: cat }) =>
        i % every ? null : horizontal ? (
          <text
            key={key}
            x={left - 8}
            y={mid(i)}
            textAnchor="end"
            dominantBaseline="central"
            fontSize={FONT}
            fill={AXIS_COLOR}
          >
            {cat}
          </text>
        ) : (
          <text
            key={`c${cat}-${i}`}
            x={mid(i)}
            y={plotBottom + 16}
            textAnchor="middle"
            fontSize={FONT}
            fill={AXIS_COLOR}
          >
            {cat}
          </text>
        ),
      )}
      {/* A band per category: hovering anywhere over it tells every series' value (the axis tooltip). */}
      {cats.map(({ key, i }) => (
        <rect
          key={key}
          className="chart-band"
          x={horizontal ? left : left + band * i}
          y={horizontal ? plotTop + band * i : plotTop}
          width={horizontal ? plotW : band}
          height={horizontal ? band : plotH}
          fill="transparent"
        >
          <title>{tip(i)}</title>
        </rect>
      ))}
      {bars.map((s, b) =>
        s.data.map((v, i) => {
          const len = Math.max(0, scale(v));
          const offset = -groupW / 2 + b * (barW + gap);
          const key = `${s.name}-${cats[i]?.key}`;
          return (
            <g key={key}>
              {horizontal ? (
                <rect
                  className="chart-bar"
                  data-series={s.name}
                  data-value={v}
                  x={left}
                  y={mid(i) + offset}
                  width={len}
                  height={barW}
                  fill={s.color}
                >
                  <title>{`${categories[i]} ${s.name}：${formatValue(v)}`}</title>
                </rect>
              ) : (
                <rect
                  className="chart-bar"
                  data-series={s.name}
                  data-value={v}
                  x={mid(i) + offset}
                  y={plotBottom - len}
                  width={barW}
                  height={len}
                  fill={s.color}
                >
                  <title>{`${categories[i]} ${s.name}：${formatValue(v)}`}</title>
                </rect>
              )}
              {s.showValues &&
                (horizontal ? (
                  <text
                    x={left + len + 5}
                    y={mid(i) + offset + barW / 2}
                    dominantBaseline="central"
                    fontSize={FONT}
                    fill="#333"
                  >
                    {formatValue(v)}
                  </text>
                ) : (
                  <text
                    x={mid(i) + offset + barW / 2}
                    y={plotBottom - len - 5}
                    textAnchor="middle"
                    fontSize={FONT}
                    fill="#333"
                  >
                    {formatValue(v)}
                  </text>
                ))}
            </g>
          );
        }),
      )}
      {series
        .filter((s) => s.type === 'line' && !horizontal)
        .map((s) => {
          const points = s.data.map((v, i) => [mid(i), plotBottom - scale(v, s.onRightAxis)] as const);
          const suffix = s.onRightAxis ? (chart.rightAxis?.suffix ?? '') : '';
          return (
            <g key={s.name} className="chart-line" data-series={s.name}>
              <polyline
                points={points.map(([x, y]) => `${x},${y}`).join(' ')}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeLinejoin="round"
              />
              {cats.map(({ key, i }) => (
                <circle
                  key={key}
                  className="chart-point"
                  data-value={s.data[i]}
                  cx={points[i]![0]}
                  cy={points[i]![1]}
                  r={3.5}
                  fill="#fff"
                  stroke={s.color}
                  strokeWidth={2}
                >
                  <title>{`${categories[i]} ${s.name}：${formatValue(s.data[i] ?? 0)}${suffix}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
    </>
  );
};

/** An arc of a ring from angle a0 to a1 (radians, 0 at 12 o'clock, clockwise). */
const arcPath = (cx: number, cy: number, r0: number, r1: number, a0: number, a1: number) => {
  const at = (r: number, a: number) => `${cx + r * Math.sin(a)},${cy - r * Math.cos(a)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${at(r1, a0)}A${r1},${r1} 0 ${large} 1 ${at(r1, a1)}L${at(r0, a1)}A${r0},${r0} 0 ${large} 0 ${at(r0, a0)}Z`;
};

const RingChart = ({ chart, width, height }: { chart: TRingChart; width: number; height: number }) => {
  const slices = chart.slices.map((s, i) => ({ ...s, color: s.color ?? palette[i % palette.length]! }));
  const foot = legend(
    slices.map((s) => ({ name: s.name, color: s.color })),
    width - 16,
    0,
  );
  const footTop = height - foot.height - 4;
  const cx = width / 2;
  const cy = height * 0.45;
  const outer = Math.max(10, (Math.min(width, height) / 2) * 0.65);
  const inner = (outer * 40) / 65;
  const total = slices.reduce((s, x) => s + x.value, 0);
  let angle = 0;
  return (
    <>
      {slices.map((s) => {
        const share = total ? s.value / total : 0;
        const a0 = angle;
        // A single whole slice would be an arc from a point to itself: stop just short.
        const a1 = angle + Math.min(share * 2 * Math.PI, 2 * Math.PI - 1e-4);
        angle += share * 2 * Math.PI;
        const m = (a0 + a1) / 2;
        const pct = percentOf(s.value, total);
        const lx = cx + (outer + 14) * Math.sin(m);
        const ly = cy - (outer + 14) * Math.cos(m);
        return (
          <g key={s.name} className="chart-slice" data-value={s.value}>
            {share > 0 && (
              <path d={arcPath(cx, cy, inner, outer, a0, a1)} fill={s.color} stroke="#fff" strokeWidth={1}>
                <title>{`${s.name}：${formatValue(s.value)}（${pct}%）`}</title>
              </path>
            )}
            {share > 0 && (
              <text
                x={lx}
                y={ly}
                textAnchor={Math.abs(Math.sin(m)) < 0.2 ? 'middle' : Math.sin(m) > 0 ? 'start' : 'end'}
                dominantBaseline="central"
                fontSize={FONT}
                fill="#333"
              >
                {`${pct}%`}
              </text>
            )}
          </g>
        );
      })}
      <g transform={`translate(8, ${footTop})`}>{foot.nodes}</g>
    </>
  );
};

type TChartProps = {
  chart: TChart;
  height?: number;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
};

/**
 * A dashboard chart drawn as SVG (bars, lines, a ring), as wide as its box: the box's width is
 * measured (ResizeObserver) and becomes the viewBox, so text keeps its size at any width. A hover
 * title on every bar, point, slice and category band tells its values; the box's aria-label says
 * them all. Kept-alive pages hide it with `display: none`; a zero width keeps the last drawing.
 */
export const Chart = ({ chart, height = 300, className, style, 'data-testid': testId }: TChartProps) => {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      if (el.clientWidth > 0) setWidth(el.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className={className}
      style={{ width: '100%', height, ...style }}
      role="img"
      aria-label={describeChart(chart)}
      data-testid={testId}
    >
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        style={{ display: 'block', overflow: 'visible' }}
      >
        {chart.type === 'ring' ? (
          <RingChart chart={chart} width={width} height={height} />
        ) : (
          <AxisChart chart={chart} width={width} height={height} />
        )}
      </svg>
    </div>
  );
};
