import { z } from 'zod';
import { callFilterShape, checkCallRange } from './call-record.js';
import { ZPageQuery, ZSortOrder, zInt, zPage, zString } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('call');
// What 话务统计 counts over (spec section 7): 通话记录's filter of calls, its range named 统计.
const censusFilterShape = callFilterShape('统计');
const checkRange = (f: { startRange: [number, number] }, ctx: z.RefinementCtx) => checkCallRange('统计', f, ctx);

export const ZCallCensusFilter = z.object(censusFilterShape).superRefine(checkRange);
export type TCallCensusFilter = z.input<typeof ZCallCensusFilter>;

/**
 * The figures of one group of calls (the original product's field names). A dial request
 * (bindNum) is a row of call_binds; a call is a row of call_records; a call is connected when its
 * callStatus is 1 (已接通).
 */
export const ZCallFigures = z.object({
  /** Dial requests. */
  bindNum: zInt,
  /** Calls. */
  callNum: zInt,
  connectedNum: zInt,
  notConnected: zInt,
  /** Connected calls / calls, in percent with two decimals (0 without calls). */
  connectionRate: z.number(),
  /** Talk time in seconds. */
  totalSecond: zInt,
  /** Billed minutes: every call's seconds rounded up to whole minutes, summed. */
  totalMinute: zInt,
  /** Talk time per connected call, whole seconds (0 without connected calls). */
  averageCallSecond: zInt,
});
export type TCallFigures = z.infer<typeof ZCallFigures>;

export const ZDayFigures = ZCallFigures.extend({ day: zString });
export const ZHourFigures = ZCallFigures.extend({ hour: zInt });
export const ZAgentFigures = ZCallFigures.extend({
  userId: zInt,
  realName: zString,
  deptName: zString,
});
export type TAgentFigures = z.infer<typeof ZAgentFigures>;
export const ZDayAgentFigures = ZAgentFigures.extend({
  day: zString,
  /** `day/userId`: the row's identity in lists. */
  id: zString,
});
export type TDayAgentFigures = z.infer<typeof ZDayAgentFigures>;
export const ZLineFigures = ZCallFigures.extend({ lineId: zInt, lineName: zString });
export const ZDeptFigures = ZCallFigures.extend({ deptId: zInt.nullable(), deptName: zString });

export const agentSortFields = ['callNum', 'totalSecond', 'connectionRate', 'bindNum'] as const;
const agentSort = {
  sortField: z.enum(agentSortFields, { error: '排序字段不正确' }).default('callNum'),
  sortOrder: ZSortOrder.default('descend'),
};
export const ZAgentCensusQuery = ZPageQuery.extend(censusFilterShape).extend(agentSort).superRefine(checkRange);
export type TAgentCensusQuery = z.input<typeof ZAgentCensusQuery>;
export const ZAgentCensusExport = z.object(censusFilterShape).extend(agentSort).superRefine(checkRange);
export const ZCensusDetailQuery = ZPageQuery.extend(censusFilterShape).superRefine(checkRange);
export type TCensusDetailQuery = z.input<typeof ZCensusDetailQuery>;

export const callCensusRoutes = {
  /** The key figures of the range (the dashboard's 话务统计 card). */
  baseCensus: route({
    method: 'POST',
    path: '/base/call/detail/base-census',
    readOnly: true,
    request: ZCallCensusFilter,
    response: ZCallFigures,
    permission: Perm.callStatistics,
    summary: '话务统计',
  }),
  /** One entry per Asia/Shanghai day of the range, oldest first (calls per day, connection rate). */
  census: route({
    method: 'POST',
    path: '/base/call/detail/census',
    readOnly: true,
    request: ZCallCensusFilter,
    response: z.array(ZDayFigures),
    permission: Perm.callStatistics,
    summary: '每日话务统计',
  }),
  /** 24 entries, hour 0..23 of the Asia/Shanghai day (calls by hour). */
  hourCensus: route({
    method: 'POST',
    path: '/base/call/detail/hour-census',
    readOnly: true,
    request: ZCallCensusFilter,
    response: z.array(ZHourFigures),
    permission: Perm.callStatistics,
    summary: '分时话务统计',
  }),
  /** Per department of the call, most calls first. */
  localCensus: route({
    method: 'POST',
    path: '/base/call/detail/local-census',
    readOnly: true,
    request: ZCallCensusFilter,
    response: z.array(ZDeptFigures),
    permission: Perm.callStatistics,
    summary: '部门话务统计',
  }),
  /** Per day and agent, newest day first (callDetails, and userDetails with one agent), server-paged. */
  getCensusDetail: route({
    method: 'POST',
    path: '/base/call/detail/getCensusDetail',
    readOnly: true,
    request: ZCensusDetailQuery,
    response: zPage(ZDayAgentFigures),
    permission: Perm.callStatistics,
    summary: '话务统计明细',
  }),
  /** The same rows as xlsx, streamed. */
  censusDetailDownload: route({
    method: 'POST',
    path: '/base/call/detail/census-detail-download',
    request: z.object(censusFilterShape).superRefine(checkRange),
    response: z.unknown(),
    permission: Perm.callStatisticsExport,
    audited: true,
    result: 'blob',
    summary: '导出话务统计明细',
  }),
  /** Per agent (phoneStatistics), server-paged and sortable. */
  statisticsUsePage: route({
    method: 'POST',
    path: '/base/call/detail/statistics-use-page',
    readOnly: true,
    request: ZAgentCensusQuery,
    response: zPage(ZAgentFigures),
    permission: Perm.callStatistics,
    summary: '坐席话务统计',
  }),
  /** The per-agent rows of the same filter and order as xlsx, streamed. */
  statisticsUserExport: route({
    method: 'POST',
    path: '/base/call/detail/statistics-user-export',
    request: ZAgentCensusExport,
    response: z.unknown(),
    permission: Perm.callStatisticsExport,
    audited: true,
    result: 'blob',
    summary: '导出坐席话务统计',
  }),
  /** Per line (话机/线路统计, machineDetail), most calls first. */
  huaJiCensus: route({
    method: 'POST',
    path: '/base/call/detail/hua-ji-census',
    readOnly: true,
    request: ZCallCensusFilter,
    response: z.array(ZLineFigures),
    permission: Perm.callStatistics,
    summary: '线路话务统计',
  }),
} as const;

/** 话务统计 and its detail pages (in the 呼叫中心 folder). */
export const callCensusMenuNodes: TMenuNode[] = [
  menuScreen('3070', '话务统计', 'phoneStatistics', 'BarChartOutlined', Perm.callStatistics, [
    menuButton('307001', '导出话务统计', Perm.callStatisticsExport),
    menuPage('307002', '每日话务明细', 'callDetails', Perm.callStatistics),
    menuPage('307003', '坐席话务明细', 'userDetails', Perm.callStatistics),
    menuPage('307004', '线路话务统计', 'machineDetail', Perm.callStatistics),
  ]),
];
