import { z } from 'zod';
import { ZDeleted, ZPageQuery, ZSortOrder, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { callingLimits, seatLimits, seatStates } from './seat-labels.js';
import { TradePerm } from './trade-labels.js';

export { callingLimits, lineModeLabel, seatLimits, seatStateLabel, seatStates } from './seat-labels.js';

const route = routesOf('seat');

/**
 * Seats (坐席, spec section 7 "Seats"): licences that bind a staff member to a line for a
 * period. The enterprise assigns, releases and deletes them on 坐席管理; buying and renewing them
 * (money) are the trade area's routes (trade-seat.ts). Also the per-staff calling settings of 呼叫管理 (DESIGN.md section 6).
 */

export const ZSeatState = z.enum(seatStates, { error: '坐席状态只能是使用中、空闲、即将到期、已过期或已停用' });
export type TSeatState = z.infer<typeof ZSeatState>;

export const ZSeat = z.object({
  id: zInt,
  lineId: zInt,
  lineName: zString,
  lineMode: zInt,
  userId: zInt.nullable(),
  /** 姓名 of the holder; null for a free seat. */
  userName: zString.nullable(),
  username: zString.nullable(),
  deptName: zString.nullable(),
  startAt: ZTime,
  expireAt: ZTime,
  autoRenewal: zBoolean,
  state: ZSeatState,
});
export type TSeat = z.infer<typeof ZSeat>;

const ZSeatFilter = z.object({
  /** Name, login name or mobile of the holder, whole or part. */
  userName: z.string({ error: '员工姓名格式不正确' }).trim().max(32, '员工姓名最多32个字').optional(),
  lineId: zId('线路编号').optional(),
  state: ZSeatState.optional(),
  /** Expiry between (epoch ms). */
  expireFrom: ZTime.optional(),
  expireTo: ZTime.optional(),
  sortField: z.enum(['expireAt', 'startAt'], { error: '排序字段不正确' }).optional(),
  sortOrder: ZSortOrder.optional(),
});
export const ZSeatPageQuery = ZPageQuery.extend(ZSeatFilter.shape);
export type TSeatPageQuery = z.input<typeof ZSeatPageQuery>;

const ZSeatIds = zIds('坐席编号', seatLimits.maxBatch);

export const ZSeatCountMap = z.object({
  total: zInt,
  byState: z.record(ZSeatState, zInt),
  byLine: z.array(
    z.object({
      lineId: zInt,
      lineName: zString,
      lineMode: zInt,
      total: zInt,
      free: zInt,
    }),
  ),
});
export type TSeatCountMap = z.infer<typeof ZSeatCountMap>;

export const ZSeatPrice = z.object({
  lineId: zInt,
  lineName: zString,
  lineMode: zInt,
  /** Fen per seat and month. */
  seatPricePerMonth: zInt,
  /** Fen per minute of calls. */
  pricePerMinute: zInt,
});

/** A staff member the seat, number and calling screens offer (within the person's data scope). */
export const ZStaffOption = z.object({
  id: zInt,
  realName: zString,
  username: zString,
  deptName: zString.nullable(),
});
export type TStaffOption = z.infer<typeof ZStaffOption>;

// ---- Calling settings (呼叫管理) ----------------------------------------------------------------

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZHhmm = (label: string) =>
  z.string({ error: `请选择${label}` }).regex(hhmm, `${label}格式应为 HH:mm，例如 08:00`);

/** The calling settings one staff member gets when nobody set his (business configuration). */
export const defaultCallingSettings = {
  lineId: null,
  callerNumber: null,
  allowedFrom: '08:00',
  allowedTo: '21:00',
  perNumberDailyLimit: 3,
  dailyLimit: 300,
  recording: true,
  analysis: true,
} as const;

const callingFieldShape = {
  /** Default line; null = the line of his seat. */
  lineId: zId('线路编号').nullable(),
  /** 外显号码; null = the line's first number. */
  callerNumber: z.string({ error: '外显号码格式不正确' }).trim().max(20, '外显号码格式不正确').nullable(),
  allowedFrom: ZHhmm('允许呼叫开始时间'),
  allowedTo: ZHhmm('允许呼叫结束时间'),
  perNumberDailyLimit: z.coerce
    .number({ error: '单号码每日呼叫上限应为数字' })
    .int('单号码每日呼叫上限应为整数')
    .min(1, '单号码每日呼叫上限至少为1次')
    .max(callingLimits.perNumberDailyMax, `单号码每日呼叫上限最多${callingLimits.perNumberDailyMax}次`),
  dailyLimit: z.coerce
    .number({ error: '每日呼叫上限应为数字' })
    .int('每日呼叫上限应为整数')
    .min(1, '每日呼叫上限至少为1次')
    .max(callingLimits.dailyMax, `每日呼叫上限最多${callingLimits.dailyMax}次`),
  recording: z.boolean({ error: '通话录音只能是开启或关闭' }),
  /** 智能分析 of his recorded calls; left out, a saved person keeps his. */
  analysis: z.boolean({ error: '智能分析只能是开启或关闭' }).optional(),
};

const hoursInOrder = (v: { allowedFrom?: string; allowedTo?: string }) =>
  v.allowedFrom === undefined || v.allowedTo === undefined || v.allowedFrom < v.allowedTo;
const hoursMessage = { message: '允许呼叫的开始时间应早于结束时间', path: ['allowedTo'] };

export const ZCallingFields = z.object(callingFieldShape).refine(hoursInOrder, hoursMessage);
export type TCallingFields = z.input<typeof ZCallingFields>;

/** A batch edit sets only the fields it names (at least one); the others keep each person's value. */
export const ZCallingBatch = z
  .object({ userIds: zIds('员工编号', callingLimits.maxBatch), ...z.object(callingFieldShape).partial().shape })
  .refine(hoursInOrder, hoursMessage)
  .refine((v) => Object.keys(callingFieldShape).some((k) => k in v), { message: '请至少修改一项设置' });
export type TCallingBatch = z.input<typeof ZCallingBatch>;

export const ZCallingRow = z.object({
  userId: zInt,
  realName: zString,
  username: zString,
  deptName: zString.nullable(),
  /** False: the defaults apply (nobody set his). */
  isCustom: zBoolean,
  lineId: zInt.nullable(),
  lineName: zString.nullable(),
  callerNumber: zString.nullable(),
  allowedFrom: zString,
  allowedTo: zString,
  perNumberDailyLimit: zInt,
  dailyLimit: zInt,
  recording: zBoolean,
  analysis: zBoolean,
  /** The lines he holds a usable seat on, by name. */
  seatLines: z.array(zString),
  updatedAt: ZTime.nullable(),
});
export type TCallingRow = z.infer<typeof ZCallingRow>;

export const ZCallingPageQuery = ZPageQuery.extend({
  /** Name, login name or mobile, whole or part. */
  userName: z.string({ error: '员工姓名格式不正确' }).trim().max(32, '员工姓名最多32个字').optional(),
  deptId: zId('部门编号').optional(),
});
export type TCallingPageQuery = z.input<typeof ZCallingPageQuery>;

/** The lines a setting may name, each with the caller numbers it may show. */
export const ZCallingOptions = z.object({
  lines: z.array(
    z.object({
      id: zInt,
      name: zString,
      mode: zInt,
      callerNumbers: z.array(zString),
    }),
  ),
});
export type TCallingOptions = z.infer<typeof ZCallingOptions>;

const ZDone = z.object({ updated: zInt });

export const seatRoutes = {
  countMap: route({
    method: 'POST',
    path: '/base/seat/get-seat-count-map',
    readOnly: true,
    summary: '坐席统计',
    permission: Perm.seatList,
    request: z.object({}),
    response: ZSeatCountMap,
  }),
  list: route({
    method: 'POST',
    path: '/base/seat/list',
    readOnly: true,
    summary: '坐席列表',
    permission: Perm.seatList,
    request: ZSeatPageQuery,
    response: zPage(ZSeat),
  }),
  /** Binds a free seat of the line (the given one, or any) to a staff member. */
  addSeat: route({
    method: 'POST',
    path: '/base/seat/add-seat',
    summary: '分配坐席',
    permission: Perm.seatUpdate,
    audited: true,
    request: z.object({ lineId: zId('线路编号'), userId: zId('员工编号'), seatId: zId('坐席编号').optional() }),
    response: ZSeat,
  }),
  /** Hands a seat over to another staff member (换绑). */
  updateSeat: route({
    method: 'POST',
    path: '/base/seat/update-seat',
    summary: '修改坐席',
    permission: Perm.seatUpdate,
    audited: true,
    request: z.object({ id: zId('坐席编号'), userId: zId('员工编号') }),
    response: ZSeat,
  }),
  autoRenewalSwitch: route({
    method: 'POST',
    path: '/base/seat/auto-renewal-switch',
    summary: '自动续费开关',
    permission: Perm.seatUpdate,
    audited: true,
    request: z.object({ ids: ZSeatIds, autoRenewal: z.boolean({ error: '请选择开启或关闭自动续费' }) }),
    response: ZDone,
  }),
  releaseSeat: route({
    method: 'POST',
    path: '/base/seat/release-seat',
    summary: '释放坐席',
    permission: Perm.seatUpdate,
    audited: true,
    request: z.object({ id: zId('坐席编号') }),
    response: ZSeat,
  }),
  /** Deletes a seat nobody holds (a held seat is released first). */
  deleteSeat: route({
    method: 'POST',
    path: '/base/seat/delete-seat',
    summary: '删除坐席',
    permission: Perm.seatUpdate,
    audited: true,
    request: z.object({ id: zId('坐席编号') }),
    response: ZDeleted,
  }),
  seatDownload: route({
    method: 'POST',
    path: '/base/seat/seat-download',
    readOnly: true,
    summary: '导出坐席',
    permission: Perm.seatExport,
    result: 'blob',
    request: ZSeatFilter,
    response: z.unknown(),
  }),
  seatPriceList: route({
    method: 'POST',
    path: '/base/seat-price/list-by-tenant-code',
    readOnly: true,
    summary: '坐席价格',
    permission: Perm.seatList,
    request: z.object({}),
    response: z.array(ZSeatPrice),
  }),
  /** Staff of the person's data scope, for the pickers of these screens. */
  staffOptions: route({
    method: 'POST',
    path: '/base/seat/staff-options',
    readOnly: true,
    summary: '可选员工',
    permission: `${Perm.seatList};${Perm.callingList};${Perm.numberPoolList}`,
    request: z.object({ keyword: z.string({ error: '关键字格式不正确' }).trim().max(32).optional() }),
    response: z.array(ZStaffOption),
  }),
  // ---- 呼叫管理 -----------------------------------------------------------------------------
  callingList: route({
    method: 'POST',
    path: '/base/calling/list',
    readOnly: true,
    summary: '呼叫设置列表',
    permission: Perm.callingList,
    request: ZCallingPageQuery,
    response: zPage(ZCallingRow),
  }),
  callingOptions: route({
    method: 'POST',
    path: '/base/calling/options',
    readOnly: true,
    summary: '呼叫设置可选线路',
    permission: Perm.callingList,
    request: z.object({}),
    response: ZCallingOptions,
  }),
  callingSave: route({
    method: 'POST',
    path: '/base/calling/save',
    summary: '修改呼叫设置',
    permission: Perm.callingUpdate,
    audited: true,
    request: ZCallingFields.safeExtend({ userId: zId('员工编号') }),
    response: ZCallingRow,
  }),
  callingSaveBatch: route({
    method: 'POST',
    path: '/base/calling/save-batch',
    summary: '批量修改呼叫设置',
    permission: Perm.callingUpdate,
    audited: true,
    request: ZCallingBatch,
    response: ZDone,
  }),
  /** Back to the defaults. */
  callingReset: route({
    method: 'POST',
    path: '/base/calling/reset',
    summary: '恢复默认呼叫设置',
    permission: Perm.callingUpdate,
    audited: true,
    request: z.object({ userIds: zIds('员工编号', callingLimits.maxBatch) }),
    response: ZDone,
  }),
} as const;

/** 呼叫管理 and 坐席管理 (in the 呼叫中心 folder). */
export const seatMenuNodes: TMenuNode[] = [
  menuScreen('3010', '呼叫管理', 'account/callingManagement', 'ControlOutlined', Perm.callingList, [
    menuButton('301001', '修改呼叫设置', Perm.callingUpdate),
  ]),
  menuScreen('3020', '坐席管理', 'account/purchaseeats', 'IdcardOutlined', Perm.seatList, [
    menuButton('302001', '分配与续费', Perm.seatUpdate),
    menuButton('302002', '导出坐席', Perm.seatExport),
    menuButton('302003', '购买坐席', TradePerm.seatBuy),
  ]),
];
