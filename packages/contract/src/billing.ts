import { z } from 'zod';
import { BillingPerm, billingIncrements, billingLimits, ledgerDirections } from './billing-labels.js';
import { ZPageQuery, ZTime, ZTimeRange, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';
import { ZLedgerEntry } from './trade.js';
import { ledgerKinds } from './trade-labels.js';

const route = routesOf('billing');

/**
 * Billing (docs/decisions/0018-billing.md): every call rated at its line's rate of its
 * time and charged once (package minutes first, then the balance), the consumption, the month's
 * bill and its analysis, the ledger by direction, and the platform's rates and revenue.
 */
const ZMonth = z.string({ error: '请选择月份' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');

const ZConsumeFilter = ZTimeRange.extend({
  lineId: zId('线路编号').optional(),
  userId: zId('员工编号').optional(),
  deptId: zId('部门编号').optional(),
});
export type TConsumeFilter = z.input<typeof ZConsumeFilter>;

export const ZConsume = z.object({
  recordId: zInt,
  startTime: ZTime,
  userId: zInt,
  realName: zString,
  deptId: zInt.nullable(),
  deptName: zString,
  lineId: zInt,
  lineName: zString,
  duration: zInt,
  billedSeconds: zInt,
  units: zInt,
  /** Fen per unit of `incrementSeconds`. */
  unitPrice: zInt,
  incrementSeconds: zInt,
  amount: zInt,
  packetSeconds: zInt,
  balanceAmount: zInt,
  paidBy: z.object({
    packets: z.array(z.object({ packetId: zInt, name: zString, seconds: zInt })),
    balance: zInt,
  }),
  isAllocated: zBoolean,
});
export type TConsume = z.infer<typeof ZConsume>;

const ZTotals = z.object({
  calls: zInt,
  duration: zInt,
  billedSeconds: zInt,
  amount: zInt,
  packetSeconds: zInt,
  balanceAmount: zInt,
});
export type TBillTotals = z.infer<typeof ZTotals>;

const ZBillQuery = z.object({ month: ZMonth, lineId: zId('线路编号').optional(), deptId: zId('部门编号').optional() });
export type TBillQuery = z.input<typeof ZBillQuery>;

export const ZBillRow = ZTotals.extend({
  /** `<lineId>-<deptId>`: one row per line and department. */
  key: zString,
  lineId: zInt,
  lineName: zString,
  deptId: zInt.nullable(),
  deptName: zString,
});
export type TBillRow = z.infer<typeof ZBillRow>;

const ZNamed = ZTotals.extend({ id: zInt.nullable(), name: zString });
export const ZBillAnalysis = z.object({
  month: zString,
  totals: ZTotals,
  lastMonth: ZTotals,
  byDay: z.array(ZTotals.extend({ day: zString })),
  byLine: z.array(ZNamed),
  byDept: z.array(ZNamed),
  byUser: z.array(ZNamed),
});
export type TBillAnalysis = z.infer<typeof ZBillAnalysis>;

const ZLedgerFilter = z.object({
  direction: z.enum(ledgerDirections, { error: '收支类型不正确' }).optional(),
  kind: z.enum(ledgerKinds, { error: '明细类型不正确' }).optional(),
  ...ZTimeRange.shape,
});
export type TLedgerFilter = z.input<typeof ZLedgerFilter>;
const ZRefundFilter = ZTimeRange;
const ZMoneyFilter = z.object({
  year: z.coerce.number().int().min(2000, '年份不正确').max(2100, '年份不正确').optional(),
});

export const ZMoneyRow = z.object({
  month: zString,
  recharge: zInt,
  purchase: zInt,
  consumption: zInt,
  refund: zInt,
  transfer: zInt,
  adjustment: zInt,
  /** The month's net movement of the balance. */
  net: zInt,
});
export type TMoneyRow = z.infer<typeof ZMoneyRow>;

export const ZBillingSettings = z.object({
  lowBalanceFen: z.coerce
    .number({ error: '余额提醒金额应为数字' })
    .int('余额提醒金额应以分为单位的整数')
    .min(0, '余额提醒金额不能小于0')
    .max(billingLimits.maxThresholdFen, '余额提醒金额过大'),
  isSms: z.boolean({ error: '请选择是否短信提醒' }),
});
export type TBillingSettings = z.infer<typeof ZBillingSettings>;

export const ZLineRate = z.object({
  id: zInt.nullable(),
  lineId: zInt,
  lineName: zString,
  unitPrice: zInt,
  incrementSeconds: zInt,
  minimumSeconds: zInt,
  freeSeconds: zInt,
  validFrom: ZTime.nullable(),
  createdByName: zString,
});
export type TLineRate = z.infer<typeof ZLineRate>;

const zSeconds = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数秒`)
    .min(0, `${label}不能小于0`)
    .max(3600, `${label}最多3600秒`);

export const ZRateSave = z.object({
  lineId: zId('线路编号'),
  unitPrice: z.coerce
    .number({ error: '单价应为数字' })
    .int('单价应以分为单位的整数')
    .min(0, '单价不能小于0')
    .max(billingLimits.maxUnitPrice, '单价过大'),
  incrementSeconds: z.coerce
    .number({ error: '计费单位不正确' })
    .refine((n) => (billingIncrements as readonly number[]).includes(n), '计费单位只能是 1、6、30 或 60 秒'),
  minimumSeconds: zSeconds('最低计费时长'),
  freeSeconds: zSeconds('免费时长'),
  /** From when (default: now); never in the past, so a charged call keeps its rate. */
  validFrom: ZTime.optional(),
});
export type TRateSave = z.input<typeof ZRateSave>;

/**
 * 智能分析资费: what every enterprise pays per minute of talk its calls' speech-to-text and analyst
 * read (a started minute counts), from `validFrom` on; id null: none set yet (free).
 */
export const ZAnalysisRate = z.object({
  id: zInt.nullable(),
  unitPrice: zInt,
  validFrom: ZTime.nullable(),
  createdByName: zString,
});
export type TAnalysisRate = z.infer<typeof ZAnalysisRate>;

export const ZAnalysisRateSave = ZRateSave.pick({ unitPrice: true, validFrom: true });
export type TAnalysisRateSave = z.input<typeof ZAnalysisRateSave>;

const ZPlatformRevenueFilter = ZLedgerFilter.extend({ tenantId: zId('企业编号').optional() });
export const ZPlatformLedgerEntry = ZLedgerEntry.extend({ tenantId: zInt, enterpriseName: zString });

const blob = { result: 'blob' as const, response: z.unknown() };

export const billingRoutes = {
  consumePage: route({
    method: 'POST',
    path: '/base/trade/detail/consumePage',
    readOnly: true,
    summary: '消费明细',
    permission: BillingPerm.consumeList,
    request: ZPageQuery.extend(ZConsumeFilter.shape),
    response: zPage(ZConsume),
  }),
  consumeById: route({
    method: 'POST',
    path: '/base/trade/detail/consumeById',
    readOnly: true,
    summary: '消费详情',
    permission: BillingPerm.consumeList,
    request: z.object({ recordId: zId('通话记录编号') }),
    response: ZConsume,
  }),
  consumeExport: route({
    method: 'POST',
    path: '/base/trade/detail/export/consume',
    readOnly: true,
    summary: '导出消费明细',
    permission: BillingPerm.consumeExport,
    request: ZConsumeFilter,
    ...blob,
  }),
  billPage: route({
    method: 'POST',
    path: '/base/trade/detail/billPage',
    readOnly: true,
    summary: '账单',
    permission: BillingPerm.billList,
    request: ZPageQuery.extend(ZBillQuery.shape),
    response: zPage(ZBillRow),
  }),
  billExport: route({
    method: 'POST',
    path: '/base/trade/detail/export/billList',
    readOnly: true,
    summary: '导出账单',
    permission: BillingPerm.billExport,
    request: ZBillQuery,
    ...blob,
  }),
  billAnalysis: route({
    method: 'POST',
    path: '/base/trade/detail/billAnalysis',
    readOnly: true,
    summary: '账单分析',
    permission: BillingPerm.billList,
    request: z.object({ month: ZMonth }),
    response: ZBillAnalysis,
  }),
  revenueExpPage: route({
    method: 'POST',
    path: '/base/trade/detail/revenueExpPage',
    readOnly: true,
    summary: '收支明细',
    permission: BillingPerm.moneyList,
    request: ZPageQuery.extend(ZLedgerFilter.shape),
    response: zPage(ZLedgerEntry),
  }),
  revenueExpExport: route({
    method: 'POST',
    path: '/base/trade/detail/export/revenueExp',
    readOnly: true,
    summary: '导出收支明细',
    permission: BillingPerm.moneyExport,
    request: ZLedgerFilter,
    ...blob,
  }),
  refundPage: route({
    method: 'POST',
    path: '/base/trade/detail/refundPage',
    readOnly: true,
    summary: '退款明细',
    permission: BillingPerm.moneyList,
    request: ZPageQuery.extend(ZRefundFilter.shape),
    response: zPage(ZLedgerEntry),
  }),
  refundExport: route({
    method: 'POST',
    path: '/base/trade/detail/export/refund',
    readOnly: true,
    summary: '导出退款明细',
    permission: BillingPerm.moneyExport,
    request: ZRefundFilter,
    ...blob,
  }),
  moneyPage: route({
    method: 'POST',
    path: '/base/trade/detail/moneyPage',
    readOnly: true,
    summary: '资金月度汇总',
    permission: BillingPerm.moneyList,
    request: ZPageQuery.extend(ZMoneyFilter.shape),
    response: zPage(ZMoneyRow),
  }),
  moneyExport: route({
    method: 'POST',
    path: '/base/trade/detail/export/moneyList',
    readOnly: true,
    summary: '导出资金月度汇总',
    permission: BillingPerm.moneyExport,
    request: ZMoneyFilter,
    ...blob,
  }),
  settingsGet: route({
    method: 'POST',
    path: '/base/trade/billing/settings',
    readOnly: true,
    summary: '余额提醒设置',
    permission: `${BillingPerm.settings};${BillingPerm.moneyList}`,
    request: z.object({}),
    response: ZBillingSettings,
  }),
  settingsSave: route({
    method: 'POST',
    path: '/base/trade/billing/settings/save',
    summary: '保存余额提醒设置',
    permission: BillingPerm.settings,
    audited: true,
    request: ZBillingSettings,
    response: ZBillingSettings,
  }),
  // ---- the platform operator -----------------------------------------------------------------
  rateList: route({
    method: 'POST',
    path: '/base/platform/billing/rate/list',
    readOnly: true,
    summary: '线路资费',
    permission: BillingPerm.platformRate,
    request: z.object({ lineId: zId('线路编号').optional() }),
    response: z.array(ZLineRate),
  }),
  rateSave: route({
    method: 'POST',
    path: '/base/platform/billing/rate/save',
    summary: '设置线路资费',
    permission: BillingPerm.platformRate,
    audited: true,
    request: ZRateSave,
    response: ZLineRate,
  }),
  analysisRateList: route({
    method: 'POST',
    path: '/base/platform/billing/analysis-rate/list',
    readOnly: true,
    summary: '智能分析资费（生效中的在前，其后为历史）',
    permission: BillingPerm.platformRate,
    request: z.object({}),
    response: z.array(ZAnalysisRate),
  }),
  analysisRateSave: route({
    method: 'POST',
    path: '/base/platform/billing/analysis-rate/save',
    summary: '设置智能分析资费',
    permission: BillingPerm.platformRate,
    audited: true,
    request: ZAnalysisRateSave,
    response: ZAnalysisRate,
  }),
  platformRevenuePage: route({
    method: 'POST',
    path: '/base/platform/billing/revenue/page',
    readOnly: true,
    summary: '全部企业收支',
    permission: BillingPerm.platformRevenue,
    request: ZPageQuery.extend(ZPlatformRevenueFilter.shape),
    response: zPage(ZPlatformLedgerEntry),
  }),
} as const;

/** 收支明细 (tabs: 收支, 消费, 账单, 退款, 月度汇总) and 账单分析, in 费用中心. */
export const billingMenuNodes: TMenuNode[] = [
  menuScreen('4540', '收支明细', 'money/revenueDetails', 'AccountBookOutlined', BillingPerm.moneyList, [
    menuButton('454001', '导出收支明细', BillingPerm.moneyExport),
    menuButton('454002', '消费明细', BillingPerm.consumeList),
    menuButton('454003', '导出消费明细', BillingPerm.consumeExport),
    menuButton('454004', '余额提醒设置', BillingPerm.settings),
  ]),
  menuScreen('4550', '账单分析', 'account/billAnalysis', 'BarChartOutlined', BillingPerm.billList, [
    menuButton('455001', '导出账单', BillingPerm.billExport),
  ]),
];

/** 线路资费 and 平台收支 (in the 平台管理 folder). */
export const billingPlatformMenuNodes: TMenuNode[] = [
  menuScreen('6540', '线路资费', 'platform/rates', 'DollarOutlined', BillingPerm.platformRate),
  menuScreen('6550', '平台收支', 'platform/revenue', 'AccountBookOutlined', BillingPerm.platformRevenue),
];
