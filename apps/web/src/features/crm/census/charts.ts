import type { routeTables, TIntentionLevel, TResponseOf } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import type { TChart } from '../../../shared/charts/model';

export type TCensus = TResponseOf<typeof routeTables.crm.census>;
export type TCensusCount = TCensus['byLevel'][number];
export type TShareDimension = 'level' | 'source' | 'owner';

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

/** New customers (bars) and follow-ups (line) per Shanghai day of the range. */
export const trendOption = (census: TCensus): TChart => ({
  type: 'axis',
  title: c.trend,
  legend: true,
  categories: census.newPerDay.map((d) => shortDay(d.day)),
  series: [
    {
      type: 'bar',
      name: c.newCustomers,
      barMaxWidth: 24,
      color: '#1677ff',
      data: census.newPerDay.map((d) => d.count),
    },
    { type: 'line', name: c.follows, color: '#52c41a', data: census.followsPerDay.map((d) => d.count) },
  ],
});

/** Level or source shares as a ring; owners as bars, most customers on top. */
export const shareOption = (census: TCensus, dimension: TShareDimension): TChart => {
  const rows = shareRows(census, dimension);
  const title = c.shareTitle[dimension];
  if (dimension === 'owner') {
    return {
      type: 'axis',
      title,
      description: c.ownerDescription(rows.map((r) => c.ownerItem(r.label, r.count)).join('，')),
      horizontal: true,
      categories: rows.map((r) => r.label),
      series: [
        {
          type: 'bar',
          name: c.customerCount,
          barMaxWidth: 18,
          color: '#1677ff',
          showValues: true,
          data: rows.map((r) => r.count),
        },
      ],
    };
  }
  return {
    type: 'ring',
    title,
    slices: rows.map((r) => ({
      name: r.label,
      value: r.count,
      ...(dimension === 'level' && r.key in levelColor ? { color: levelColor[r.key as TIntentionLevel] } : {}),
    })),
  };
};
