import type { callCensusRoutes, TAgentFigures, TCallFigures, TDayAgentFigures, TPage } from '@yunhu/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { THandlers } from '../../http/bind.js';
import type { TAuth } from '../../http/context.js';
import { sendXlsx } from '../../http/download.js';
import { batchedRows, type TColumn } from '../../http/xlsx-stream.js';
import { shanghaiDay } from '../crm/crm.view.js';
import { beijingTime } from '../crm/export.service.js';
import { callCensusRepository as repo, type TCensusFilter, type TCensusScope } from './call-census.repository.js';
import { mmss } from './call-record.service.js';

type TAgentQuery = z.output<(typeof callCensusRoutes)['statisticsUsePage']['request']>;
type TAgentExport = z.output<(typeof callCensusRoutes)['statisticsUserExport']['request']>;
type TDetailQuery = z.output<(typeof callCensusRoutes)['getCensusDetail']['request']>;

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

/** Pages of at most this many group rows per query of an export. */
const exportPage = 500;

/**
 * 话务统计 (spec section 7, issue 6): the figures of the reader's data scope over a date range,
 * totals and cut by day, hour, agent, line and department; the per-agent and per-day lists are
 * paged and exported in SQL order.
 */
export const createCallCensusService = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
}) => {
  const run = async <T>(auth: TAuth, filter: TCensusFilter, fn: (tx: TDb, q: TCensusScope) => Promise<T>) => {
    const q: TCensusScope = { tenantId: auth.tenantId, scope: await deps.dataScopeOf(auth), filter };
    return withTenant(deps.database, auth.tenantId, (tx) => fn(tx, q));
  };
  const filterOf = (f: TCensusFilter): TCensusFilter => ({
    startRange: f.startRange,
    userIds: f.userIds,
    deptId: f.deptId,
    lineId: f.lineId,
  });

  const totals = (auth: TAuth, f: TCensusFilter) => run(auth, filterOf(f), (tx, q) => repo.totals(tx, q));

  /** Every day of the range, days without calls at zero. */
  const perDay = (auth: TAuth, f: TCensusFilter) =>
    run(auth, filterOf(f), async (tx, q) => {
      const rows = new Map((await repo.by(tx, q, 'day')).map((x) => [String(x.key), x.figures]));
      return daysOf(f.startRange[0], f.startRange[1]).map((day) => ({ day, ...(rows.get(day) ?? zero) }));
    });

  /** Hours 0..23, hours without calls at zero. */
  const perHour = (auth: TAuth, f: TCensusFilter) =>
    run(auth, filterOf(f), async (tx, q) => {
      const rows = new Map((await repo.by(tx, q, 'hour')).map((x) => [Number(x.key), x.figures]));
      return Array.from({ length: 24 }, (_, hour) => ({ hour, ...(rows.get(hour) ?? zero) }));
    });

  const perLine = (auth: TAuth, f: TCensusFilter) =>
    run(auth, filterOf(f), async (tx, q) =>
      (await repo.by(tx, q, 'line')).map((x) => ({ lineId: Number(x.key), lineName: x.name, ...x.figures })),
    );

  /** Per department of the call; calls made without a department are one row (部门为空). */
  const perDept = (auth: TAuth, f: TCensusFilter) =>
    run(auth, filterOf(f), async (tx, q) =>
      (await repo.by(tx, q, 'dept')).map((x) => ({
        deptId: x.key === null ? null : Number(x.key),
        deptName: x.name,
        ...x.figures,
      })),
    );

  const agentPage = (auth: TAuth, q: TAgentQuery): Promise<TPage<TAgentFigures>> =>
    run(auth, filterOf(q), async (tx, s) => {
      const { records, total } = await repo.agentPage(tx, {
        ...s,
        sortField: q.sortField,
        sortOrder: q.sortOrder,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { records, total, size: q.limit, current: q.page, pages: Math.ceil(total / q.limit) };
    });

  const detailPage = (auth: TAuth, q: TDetailQuery): Promise<TPage<TDayAgentFigures>> =>
    run(auth, filterOf(q), async (tx, s) => {
      const { records, total } = await repo.dayAgentPage(tx, { ...s, limit: q.limit, offset: (q.page - 1) * q.limit });
      return { records, total, size: q.limit, current: q.page, pages: Math.ceil(total / q.limit) };
    });

  /** Streams group rows page by page, each page one read of the same SQL order. */
  const download = <T>(
    reply: FastifyReply,
    name: string,
    columns: TColumn<T>[],
    pageAt: (offset: number) => Promise<T[]>,
  ) => {
    const day = beijingTime(new Date()).slice(0, 10).replace(/-/g, '');
    return sendXlsx(reply, { fileName: `${name}-${day}.xlsx`, sheetName: name, columns, rows: batchedRows(pageAt) });
  };

  const exportAgents = async (auth: TAuth, q: TAgentExport, reply: FastifyReply) => {
    // Resolve the scope before answering, so a refused request never starts a download.
    const scope = await deps.dataScopeOf(auth);
    const s: TCensusScope = { tenantId: auth.tenantId, scope, filter: filterOf(q) };
    return download<TAgentFigures>(
      reply,
      '坐席话务统计',
      [
        { header: '坐席', width: 12, value: (x) => x.realName },
        { header: '部门', value: (x) => x.deptName },
        ...figureColumns<TAgentFigures>(),
      ],
      async (offset) =>
        (
          await withTenant(deps.database, auth.tenantId, (tx) =>
            repo.agentPage(tx, { ...s, sortField: q.sortField, sortOrder: q.sortOrder, limit: exportPage, offset }),
          )
        ).records,
    );
  };

  const exportDetail = async (auth: TAuth, f: TCensusFilter, reply: FastifyReply) => {
    const scope = await deps.dataScopeOf(auth);
    const s: TCensusScope = { tenantId: auth.tenantId, scope, filter: filterOf(f) };
    return download<TDayAgentFigures>(
      reply,
      '话务统计明细',
      [
        { header: '日期', width: 12, value: (x) => x.day },
        { header: '坐席', width: 12, value: (x) => x.realName },
        { header: '部门', value: (x) => x.deptName },
        ...figureColumns<TDayAgentFigures>(),
      ],
      async (offset) =>
        (
          await withTenant(deps.database, auth.tenantId, (tx) =>
            repo.dayAgentPage(tx, { ...s, limit: exportPage, offset }),
          )
        ).records,
    );
  };

  return { totals, perDay, perHour, perLine, perDept, agentPage, detailPage, exportAgents, exportDetail };
};

export type TCallCensusService = ReturnType<typeof createCallCensusService>;

export const callCensusHandlers = (census: TCallCensusService): THandlers<typeof callCensusRoutes> => ({
  baseCensus: (ctx) => census.totals(ctx.auth, ctx.input),
  census: (ctx) => census.perDay(ctx.auth, ctx.input),
  hourCensus: (ctx) => census.perHour(ctx.auth, ctx.input),
  localCensus: (ctx) => census.perDept(ctx.auth, ctx.input),
  huaJiCensus: (ctx) => census.perLine(ctx.auth, ctx.input),
  getCensusDetail: (ctx) => census.detailPage(ctx.auth, ctx.input),
  censusDetailDownload: (ctx) => census.exportDetail(ctx.auth, ctx.input, ctx.reply),
  statisticsUsePage: (ctx) => census.agentPage(ctx.auth, ctx.input),
  statisticsUserExport: (ctx) => census.exportAgents(ctx.auth, ctx.input, ctx.reply),
});
