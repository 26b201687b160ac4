import { z } from 'zod';
import { callStatusName, callTypeName, finishStatusName } from './call-record-labels.js';
import { ZPageQuery, ZSignedUrl, ZSortOrder, ZTime, zInt, zPage, zString } from './http.js';
import { ZLineOption } from './line.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

export { callStatusName, callTypeName, finishStatusName } from './call-record-labels.js';

const route = routesOf('call');

/**
 * Talk-time marks in seconds (docs/decisions/0008): the daily roll-up of the call-record list keeps
 * its calls in the bands between them (0 s, 1-9 s, 10-29 s, … 600 s and over), so a duration filter
 * whose minimum is 0 or a mark and whose maximum is one less than a mark (or open) is answered from
 * it; any other range counts the records. The SQL function call_duration_marks() holds the same list.
 */
export const callDurationMarks = [1, 10, 30, 60, 180, 300, 600] as const;

/** One call record as the original product's pages read it (DESIGN.md section 4 field names). */
export const ZCallDetail = z.object({
  id: zInt,
  bindId: zString,
  /** The agent's number. */
  telA: zString,
  /** The customer's number, masked like the customer's mobile for people who see masked numbers. */
  telB: zString,
  telX: zString,
  /** The line; null for an internal call (agent to agent). */
  interfaceId: zInt.nullable(),
  lineName: zString,
  octCustomerId: zInt.nullable(),
  callStatus: zInt,
  callStatusName: zString,
  finishStatus: zInt,
  finishStatusName: zString,
  /** 1 外呼, 2 呼入, 3 内部 (callTypeName). */
  callType: zInt,
  callTypeName: zString.optional(),
  /** The colleague an internal call reached ('' otherwise). */
  peerName: zString.optional(),
  /** Seconds. */
  duration: zInt,
  startTime: ZTime,
  endTime: ZTime,
  /** Charge in fen. */
  postage: zInt,
  /** A short-lived signed address of the recording an <audio> element can play; null without one. */
  preRecordUrl: zString.nullable(),
  /**
   * A soft-phone call's recording through the media gateway: pending, ready, off (the
   * caller's recording switch), none (no audio), failed; null for calls the gateway never recorded.
   */
  recordingState: zString.nullable().optional(),
  /** Why a call did not go as asked: 线路故障（503）, 媒体协商失败（488）, 通话无媒体; '' otherwise. */
  endReason: zString.optional(),
  realName: zString,
  deptName: zString,
});
export type TCallDetail = z.infer<typeof ZCallDetail>;

// The customer's calls belong to whoever may open the customer: his private pool or the public pool.
const customerCallsPerm = `${Perm.customerList};${Perm.poolList}`;

const dayMs = 86_400_000;
/** The longest time range of the call-record list (a quarter): keeps every query on the time index. */
export const callRecordMaxRangeDays = 93;

const ZStatus = (what: string, names: Record<number, string>) =>
  z
    .number({ error: `${what}不正确` })
    .int()
    .refine((v) => names[v] !== undefined, `${what}不正确`);
const ZSeconds = z.number({ error: '通话时长请输入秒数' }).int().min(0, '通话时长不能为负数').max(86_400);

/**
 * What 通话记录 and 话务统计 filter calls by: the start-time range, required and at most
 * `callRecordMaxRangeDays` (every query reads one stretch of the (tenant, start_time) index), the
 * agents, the department (with its sub-departments) and the line. `what` names the range in the
 * messages: 通话 for the records, 统计 for the figures.
 */
export const callFilterShape = (what: '通话' | '统计') => ({
  /** Start time from..to, epoch ms; days are Asia/Shanghai days. */
  startRange: z.tuple([ZTime, ZTime], { error: `请选择${what}时间范围` }),
  /** Agents (user ids). */
  userIds: z.array(zId('坐席')).max(200, '坐席最多选择200人').optional(),
  /** The department and its sub-departments (the department of the call). */
  deptId: zId('部门').optional(),
  lineId: zId('线路').optional(),
});

/** Refuses a start-time range that ends before it starts or is longer than `callRecordMaxRangeDays`. */
export const checkCallRange = (what: '通话' | '统计', f: { startRange: [number, number] }, ctx: z.RefinementCtx) => {
  const [from, to] = f.startRange;
  if (from > to) ctx.addIssue({ code: 'custom', path: ['startRange'], message: '开始时间不能晚于结束时间' });
  else if (to - from > callRecordMaxRangeDays * dayMs) {
    ctx.addIssue({
      code: 'custom',
      path: ['startRange'],
      message: `${what}时间范围不能超过${callRecordMaxRangeDays}天，请缩小范围`,
    });
  }
};

/** Filters of 通话记录 (account/callRecord): its list, its figures and its export. */
const callRecordFilterShape = {
  ...callFilterShape('通话'),
  callStatus: ZStatus('通话状态', callStatusName).optional(),
  finishStatus: ZStatus('结束状态', finishStatusName).optional(),
  /** 外呼, 呼入 or 内部 (callTypeName). */
  callType: ZStatus('通话类型', callTypeName).optional(),
  /** Any 4 or more digits of the customer's number. */
  telB: z
    .string()
    .trim()
    .regex(/^\d{4,12}$/, '客户号码请输入4-12位数字')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  durationMin: ZSeconds.optional(),
  durationMax: ZSeconds.optional(),
};

const checkCallRecordFilter = (
  f: { startRange: [number, number]; durationMin?: number; durationMax?: number },
  ctx: z.RefinementCtx,
) => {
  checkCallRange('通话', f, ctx);
  if (f.durationMin !== undefined && f.durationMax !== undefined && f.durationMin > f.durationMax) {
    ctx.addIssue({ code: 'custom', path: ['durationMax'], message: '最短通话时长不能大于最长通话时长' });
  }
};

export const callRecordSortFields = ['startTime', 'duration'] as const;
const callRecordSort = {
  sortField: z.enum(callRecordSortFields, { error: '排序字段不正确' }).default('startTime'),
  sortOrder: ZSortOrder.default('descend'),
};

export const ZCallRecordFilter = z.object(callRecordFilterShape).superRefine(checkCallRecordFilter);
export type TCallRecordFilter = z.input<typeof ZCallRecordFilter>;
export const ZCallRecordQuery = ZPageQuery.extend(callRecordFilterShape)
  .extend(callRecordSort)
  .superRefine(checkCallRecordFilter);
export type TCallRecordQuery = z.input<typeof ZCallRecordQuery>;
export const ZCallRecordExport = z
  .object(callRecordFilterShape)
  .extend(callRecordSort)
  .superRefine(checkCallRecordFilter);

/** The figures above the list, over every record the filter matches. */
export const ZCallRecordCount = z.object({
  /** Calls. */
  total: zInt,
  connected: zInt,
  /** Talk time in seconds. */
  totalSecond: zInt,
  /** Charge in fen. */
  totalPostage: zInt,
});
export type TCallRecordCount = z.infer<typeof ZCallRecordCount>;

/** One record opened from the list: its details, number locations, a fresh recording link, the transcript. */
export const ZCallDetailContent = ZCallDetail.extend({
  callerAttr: zString,
  calleeAttr: zString,
  /** A fresh signed address for people who may play recordings; null without a recording or the permission. */
  recording: ZSignedUrl.nullable(),
  /** Speech-to-text of the call; the carrier (and its simulator) delivers none yet, so null (暂无转写内容). */
  transcript: zString.nullable(),
});
export type TCallDetailContent = z.infer<typeof ZCallDetailContent>;

export const callRecordRoutes = {
  /** A customer's calls (客户详情), newest first, inside the caller's data scope. */
  getCallDetailList: route({
    method: 'POST',
    path: '/base/call/detail/getCallDetailList',
    readOnly: true,
    request: ZPageQuery.extend({ octCustomerId: zId('客户') }),
    response: zPage(ZCallDetail),
    permission: customerCallsPerm,
    summary: '客户通话记录',
  }),
  /** A fresh signed address of one call's recording (the timeline's play button). */
  recordingUrl: route({
    method: 'POST',
    path: '/base/call/detail/recording-url',
    request: z.object({ id: zId('通话记录') }),
    response: ZSignedUrl,
    // The customer's timeline and 通话记录's play button both ask here.
    permission: `${customerCallsPerm};${Perm.callRecordPlay}`,
    summary: '通话录音地址',
  }),
  /** 通话记录 (account/callRecord): the records of the caller's data scope, server-paged and filtered. */
  getPage: route({
    method: 'POST',
    path: '/base/call/detail/getPage',
    readOnly: true,
    request: ZCallRecordQuery,
    response: zPage(ZCallDetail),
    permission: Perm.callRecordList,
    summary: '通话记录',
  }),
  /** The figures of the same filter: calls, connected calls, talk time, charge. */
  getPageCount: route({
    method: 'POST',
    path: '/base/call/detail/get-page-count',
    readOnly: true,
    request: ZCallRecordFilter,
    response: ZCallRecordCount,
    permission: Perm.callRecordList,
    summary: '通话记录统计',
  }),
  /** The filtered records as xlsx, streamed (numbers masked as on the screen). */
  exportRecords: route({
    method: 'POST',
    path: '/base/call/detail/export',
    request: ZCallRecordExport,
    response: z.unknown(),
    permission: Perm.callRecordExport,
    audited: true,
    result: 'blob',
    summary: '导出通话记录',
  }),
  /** One record's details with a fresh recording link (the list's detail drawer). */
  callDetailContent: route({
    method: 'POST',
    path: '/base/call/detail/call-detail-content',
    readOnly: true,
    request: z.object({ id: zId('通话记录') }),
    response: ZCallDetailContent,
    permission: Perm.callRecordList,
    summary: '通话详情',
  }),
  /** The lines the list can filter by. */
  selectBoughtLine: route({
    method: 'POST',
    path: '/base/call/detail/selectBoughtLine',
    readOnly: true,
    request: z.object({}),
    response: z.array(ZLineOption),
    permission: Perm.callRecordList,
    summary: '通话线路',
  }),
} as const;

/** 通话记录 (in the 呼叫中心 folder). */
export const callRecordMenuNodes: TMenuNode[] = [
  menuScreen('3060', '通话记录', 'account/callRecord', 'FileTextOutlined', Perm.callRecordList, [
    menuButton('306001', '播放录音', Perm.callRecordPlay),
    menuButton('306002', '导出通话记录', Perm.callRecordExport),
    menuButton('306003', '重新分析通话', Perm.callAnalysisReanalyse),
  ]),
];
