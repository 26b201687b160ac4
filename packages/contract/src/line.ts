import { z } from 'zod';
import { ZDeleted, ZNull, ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { numberStates } from './line-labels.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { ResourcePerm } from './resource-labels.js';
import { routesOf } from './route.js';

export { numberStates } from './line-labels.js';

const route = routesOf('line');

/**
 * Lines and numbers (spec section 7 "Number pools and black-list"): 线路展示 shows the
 * platform's lines with the enterprise's seats on them; 外显号码 (sys-call-num) keeps the
 * enterprise's own caller numbers per line, which are also its number pool (号码池, lineNum) whose
 * numbers are distributed to staff; the China Mobile work-number pool (cmcc-work-num-pool) binds
 * carrier work numbers to staff.
 */

export const lineNumberLimits = { maxBatch: 500, remarkMax: 100 };

/**
 * A caller number: an 11-digit mobile, a fixed line with its area code (010xxxxxxxx, 0571xxxxxxxx),
 * a 400 number or a 95 short number. Spaces and dashes are ignored.
 */
export const callerNumberRule = /^(?:1[3-9]\d{9}|0\d{9,11}|400\d{7}|95\d{3,6})$/;
export const callerNumberMessage = '号码格式不正确：手机号11位，固话需带区号（如 057188880001），或400/95号码';
export const ZCallerNumber = z
  .string({ error: '请输入号码' })
  .trim()
  .min(1, '请输入号码')
  .max(30, callerNumberMessage)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(callerNumberRule, callerNumberMessage));

const ZRemark = z
  .string({ error: '备注格式不正确' })
  .trim()
  .max(lineNumberLimits.remarkMax, `备注最多${lineNumberLimits.remarkMax}个字`)
  .default('');

/** Digits of a number, whole or part. */
const ZNumberFragment = z
  .string({ error: '号码只能输入数字' })
  .trim()
  .regex(/^\d{0,12}$/, '号码只能输入数字，最多12位')
  .optional();

/** A line as its pickers list it (the enterprise's lines, 通话记录's line filter). */
export const ZLineOption = z.object({ id: zInt, name: zString, mode: zInt });

export const ZLineView = z.object({
  id: zInt,
  name: zString,
  mode: zInt,
  /** 软电话 / 回拨 / APP. */
  modeLabel: zString,
  /** Fen per minute. */
  pricePerMinute: zInt,
  area: zString,
  /** The line's own numbers and the enterprise's numbers on it. */
  callerNumbers: z.array(zString),
  /** The enterprise's seats on the line, and how many nobody holds. */
  seatCount: zInt,
  freeSeatCount: zInt,
  /** The enterprise's 话术 for calls on this line (线路话术), or none. */
  scriptId: zInt.nullable(),
  scriptTitle: zString.nullable(),
});
export type TLineView = z.infer<typeof ZLineView>;

export const ZNumberState = z.enum(numberStates, { error: '状态只能是未分配或已分配' });
export const numberStateLabel: Record<z.infer<typeof ZNumberState>, string> = { free: '未分配', distributed: '已分配' };

/** One of the enterprise's numbers (外显号码 and 号码池 alike). */
export const ZTenantNumber = z.object({
  id: zInt,
  lineId: zInt,
  lineName: zString,
  number: zString,
  remark: zString,
  userId: zInt.nullable(),
  userName: zString.nullable(),
  deptName: zString.nullable(),
  distributedAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TTenantNumber = z.infer<typeof ZTenantNumber>;

export const ZNumberPageQuery = ZPageQuery.extend({
  lineId: zId('线路编号').optional(),
  number: ZNumberFragment,
  state: ZNumberState.optional(),
  /** Holder's name, whole or part. */
  userName: z.string({ error: '员工姓名格式不正确' }).trim().max(32, '员工姓名最多32个字').optional(),
});
export type TNumberPageQuery = z.input<typeof ZNumberPageQuery>;

export const ZCallerNumberFields = z.object({
  lineId: zId('线路编号'),
  number: ZCallerNumber,
  remark: ZRemark,
});
export type TCallerNumberFields = z.input<typeof ZCallerNumberFields>;

/** A China Mobile work number (移动工作号). */
export const ZWorkNumber = z.object({
  id: zInt,
  workNumber: zString,
  remark: zString,
  userId: zInt.nullable(),
  userName: zString.nullable(),
  deptName: zString.nullable(),
  boundAt: ZTime.nullable(),
});
export type TWorkNumber = z.infer<typeof ZWorkNumber>;

const ZWorkNumberQuery = ZPageQuery.extend({
  number: ZNumberFragment,
  state: z.enum(['free', 'bound'], { error: '状态只能是未绑定或已绑定' }).optional(),
  userName: z.string({ error: '员工姓名格式不正确' }).trim().max(32, '员工姓名最多32个字').optional(),
});
export type TWorkNumberQuery = z.input<typeof ZWorkNumberQuery>;

/** null = back into the pool. */
const ZDistributeTo = zId('员工编号').nullable();

export const lineRoutes = {
  // ---- 线路展示 -----------------------------------------------------------------------------
  lineList: route({
    method: 'POST',
    path: '/base/line/list',
    readOnly: true,
    summary: '线路展示',
    permission: Perm.lineList,
    request: z.object({}),
    response: z.array(ZLineView),
  }),
  /**
   * The enterprise's 话术 for a line it holds seats on (null: none), shown first to its agents while
   * calling on it; chosen by whoever manages the library, among the scripts he may read.
   */
  lineScriptSave: route({
    method: 'POST',
    path: '/base/line/script/save',
    summary: '设置线路话术',
    permission: ResourcePerm.manage,
    audited: true,
    request: z.object({ lineId: zId('线路'), scriptId: zId('话术').nullable() }),
    response: ZNull,
  }),
  /** The lines the enterprise holds seats on, for the pickers of these screens. */
  lineOptions: route({
    method: 'POST',
    path: '/base/line/options',
    readOnly: true,
    summary: '可选线路',
    permission: `${Perm.lineList};${Perm.seatList};${Perm.numberPoolList};${Perm.callerNumberList};${Perm.callingList}`,
    request: z.object({}),
    response: z.array(ZLineOption),
  }),
  // ---- 号码池 -------------------------------------------------------------------------------
  numberPage: route({
    method: 'POST',
    path: '/base/lineNum/page',
    readOnly: true,
    summary: '号码池',
    permission: Perm.numberPoolList,
    request: ZNumberPageQuery,
    response: zPage(ZTenantNumber),
  }),
  distribute: route({
    method: 'POST',
    path: '/base/lineNum/distribute',
    summary: '分配号码',
    permission: Perm.numberPoolDistribute,
    audited: true,
    request: z.object({ id: zId('号码编号'), userId: ZDistributeTo }),
    response: ZTenantNumber,
  }),
  distributeBatch: route({
    method: 'POST',
    path: '/base/lineNum/distribute-batch',
    summary: '批量分配号码',
    permission: Perm.numberPoolDistribute,
    audited: true,
    request: z.object({ ids: zIds('号码编号', lineNumberLimits.maxBatch), userId: ZDistributeTo }),
    response: z.object({ updated: zInt }),
  }),
  workNumberList: route({
    method: 'POST',
    path: '/base/cmcc-work-num-pool/list',
    readOnly: true,
    summary: '移动工作号',
    permission: Perm.numberPoolList,
    request: ZWorkNumberQuery,
    response: zPage(ZWorkNumber),
  }),
  workNumberBind: route({
    method: 'POST',
    path: '/base/cmcc-work-num-pool/bind',
    summary: '绑定移动工作号',
    permission: Perm.numberPoolDistribute,
    audited: true,
    request: z.object({ id: zId('工作号编号'), userId: zId('员工编号') }),
    response: ZWorkNumber,
  }),
  workNumberUnbind: route({
    method: 'POST',
    path: '/base/cmcc-work-num-pool/unbind',
    summary: '解绑移动工作号',
    permission: Perm.numberPoolDistribute,
    audited: true,
    request: z.object({ id: zId('工作号编号') }),
    response: ZWorkNumber,
  }),
  // ---- 外显号码 -----------------------------------------------------------------------------
  callerNumberList: route({
    method: 'POST',
    path: '/base/sys-call-num/list',
    readOnly: true,
    summary: '外显号码',
    permission: Perm.callerNumberList,
    request: ZNumberPageQuery,
    response: zPage(ZTenantNumber),
  }),
  callerNumberQuery: route({
    method: 'GET',
    path: '/base/sys-call-num/query',
    readOnly: true,
    summary: '外显号码详情',
    permission: Perm.callerNumberList,
    request: z.object({ id: zId('号码编号') }),
    response: ZTenantNumber,
  }),
  callerNumberAdd: route({
    method: 'POST',
    path: '/base/sys-call-num/add',
    summary: '添加外显号码',
    permission: Perm.callerNumberUpdate,
    audited: true,
    request: ZCallerNumberFields,
    response: ZTenantNumber,
  }),
  callerNumberEdit: route({
    method: 'POST',
    path: '/base/sys-call-num/edit-number',
    summary: '修改外显号码',
    permission: Perm.callerNumberUpdate,
    audited: true,
    request: ZCallerNumberFields.extend({ id: zId('号码编号') }),
    response: ZTenantNumber,
  }),
  callerNumberDelete: route({
    method: 'POST',
    path: '/base/sys-call-num/delete',
    summary: '删除外显号码',
    permission: Perm.callerNumberUpdate,
    audited: true,
    request: z.object({ ids: zIds('号码编号', lineNumberLimits.maxBatch) }),
    response: ZDeleted,
  }),
} as const;

/** 号码池, 外显号码 and 线路展示 (in the 呼叫中心 folder). */
export const lineMenuNodes: TMenuNode[] = [
  menuScreen('3030', '号码池', 'account/numberPool', 'NumberOutlined', Perm.numberPoolList, [
    menuButton('303001', '分配号码', Perm.numberPoolDistribute),
  ]),
  menuScreen('3040', '外显号码', 'userdata/mobiles', 'PhoneOutlined', Perm.callerNumberList, [
    menuButton('304001', '管理外显号码', Perm.callerNumberUpdate),
  ]),
  menuScreen('3050', '线路展示', 'userdata/submit/index', 'ApiOutlined', Perm.lineList),
];
