import {
  beijingFileDay,
  mmss,
  shanghaiDay,
  type TAgentFigures,
  type TCallFigures,
  type TDayAgentFigures,
  type TPage,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { callCensusRepository as repo, type TCensusFilter, type TCensusScope } from './call-census.repository.js';

/** The filter every statistic takes (the contract's ZCallCensusFilter, parsed). */
type TFilter = TRouteInput<'callCensus', 'baseCensus'>;

const zero: TCallFigures = {
  bindNum: 0,
  callNum: 0,
  connectedNum: 0,
  notConnected: 0,
  connectionRate: 0,
  totalSecond: 0,
  totalMinute: 0,
  averageCallSecond: 0,
};

/** Every Asia/Shanghai day of the range, oldest first (yyyy-mm-dd). */
export const daysOf = (from: number, to: number) => {
  const out: string[] = [];
  for (let day = shanghaiDay(from); day <= shanghaiDay(to); ) {
    out.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return out;
};

/** The figure columns shared by both exports, after the row's own columns. */
const figureColumns = <T extends TCallFigures>(): TColumn<T>[] => [
  { header: '拨打次数', width: 10, value: (x) => x.bindNum },
  { header: '通话次数', width: 10, value: (x) => x.callNum },
  { header: '接通次数', width: 10, value: (x) => x.connectedNum },
  { header: '未接通次数', width: 10, value: (x) => x.notConnected },
  { header: '接通率（%）', width: 10, value: (x) => x.connectionRate.toFixed(2) },
  { header: '通话时长', width: 12, value: (x) => mmss(x.totalSecond) },
  { header: '通话总秒数', width: 12, value: (x) => x.totalSecond },
  { header: '计费分钟', width: 10, value: (x) => x.totalMinute },
  { header: '平均通话秒数', width: 12, value: (x) => x.averageCallSecond },
];

/** The columns of 坐席话务统计's export. */
export const agentColumns: TColumn<TAgentFigures>[] = [
  { header: '坐席', width: 12, value: (x) => x.realName },
  { header: '部门', value: (x) => x.deptName },
  ...figureColumns<TAgentFigures>(),
];

/** The columns of 话务统计明细's export. */
export const dayAgentColumns: TColumn<TDayAgentFigures>[] = [
  { header: '日期', width: 12, value: (x) => x.day },
  { header: '坐席', width: 12, value: (x) => x.realName },
  { header: '部门', value: (x) => x.deptName },
  ...figureColumns<TDayAgentFigures>(),
];

/**
 * 话务统计 (spec section 7): the figures of the reader's data scope over a date range,
 * totals and cut by day, hour, agent, line and department; the per-agent and per-day lists are
 * paged and exported in SQL order.
 */
export const createCallCensusService = (deps: { database: TDatabase }) => {
  const filterOf = (f: TCensusFilter): TCensusFilter => ({
    startRange: f.startRange,
    userIds: f.userIds,
    deptId: f.deptId,
    lineId: f.lineId,
  });
  const censusOf = ({ auth, scope }: Pick<TRequestContext, 'auth' | 'scope'>, f: TCensusFilter): TCensusScope => ({
    tenantId: auth.tenantId,
    scope,
    filter: filterOf(f),
  });

  const totals = (ctx: TRequestContext, f: TFilter) => repo.totals(ctx.tx, censusOf(ctx, f));

  /** Every day of the range, days without calls at zero. */
  const perDay = async (ctx: TRequestContext, f: TFilter) => {
    const rows = new Map((await repo.by(ctx.tx, censusOf(ctx, f), 'day')).map((x) => [String(x.key), x.figures]));
    return daysOf(f.startRange[0], f.startRange[1]).map((day) => ({ day, ...(rows.get(day) ?? zero) }));
  };

  /** Hours 0..23, hours without calls at zero. */
  const perHour = async (ctx: TRequestContext, f: TFilter) => {
    const rows = new Map((await repo.by(ctx.tx, censusOf(ctx, f), 'hour')).map((x) => [Number(x.key), x.figures]));
    return Array.from({ length: 24 }, (_, hour) => ({ hour, ...(rows.get(hour) ?? zero) }));
  };

  const perLine = async (ctx: TRequestContext, f: TFilter) =>
    (await repo.by(ctx.tx, censusOf(ctx, f), 'line')).map((x) => ({
      lineId: Number(x.key),
      lineName: x.name,
      ...x.figures,
    }));

  /** Per department of the call; calls made without a department are one row (部门为空). */
  const perDept = async (ctx: TRequestContext, f: TFilter) =>
    (await repo.by(ctx.tx, censusOf(ctx, f), 'dept')).map((x) => ({
      deptId: x.key === null ? null : Number(x.key),
      deptName: x.name,
      ...x.figures,
    }));

  const agentPage = async (
    ctx: TRequestContext,
    q: TRouteInput<'callCensus', 'statisticsUsePage'>,
  ): Promise<TPage<TAgentFigures>> => {
    const { records, total } = await repo.agentPage(ctx.tx, {
      ...censusOf(ctx, q),
      sortField: q.sortField,
      sortOrder: q.sortOrder,
      paging: q,
    });
    return toPage(records, total, q);
  };

  const detailPage = async (
    ctx: TRequestContext,
    q: TRouteInput<'callCensus', 'getCensusDetail'>,
  ): Promise<TPage<TDayAgentFigures>> => {
    const { records, total } = await repo.dayAgentPage(ctx.tx, { ...censusOf(ctx, q), paging: q });
    return toPage(records, total, q);
  };

  /** The per-agent list in its order, read page by page once the request has ended. */
  const exportAgents = (ctx: TRequestContext, q: TRouteInput<'callCensus', 'statisticsUserExport'>) => ({
    rows: repo.agentRows(deps.database, { ...censusOf(ctx, q), sortField: q.sortField, sortOrder: q.sortOrder }),
    fileName: `坐席话务统计-${beijingFileDay()}.xlsx`,
  });

  const exportDetail = (ctx: TRequestContext, f: TRouteInput<'callCensus', 'censusDetailDownload'>) => ({
    rows: repo.dayAgentRows(deps.database, censusOf(ctx, f)),
    fileName: `话务统计明细-${beijingFileDay()}.xlsx`,
  });

  return { totals, perDay, perHour, perLine, perDept, agentPage, detailPage, exportAgents, exportDetail };
};

export type TCallCensusService = ReturnType<typeof createCallCensusService>;
