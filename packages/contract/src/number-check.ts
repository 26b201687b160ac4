import { z } from 'zod';
import { BillingPerm } from './billing-labels.js';
import { CluePerm } from './clue-labels.js';
import { ZTime, zBoolean, zInt, zString } from './http.js';
import {
  numberCheckExcludedByDefault,
  numberCheckResults,
  numberCheckRunStates,
  numberCheckSources,
} from './number-check-labels.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { tradeLimits } from './trade-labels.js';

export * from './number-check-labels.js';

const route = routesOf('numberCheck');

/**
 * 空号检测: the mobiles of a CRM import before it is confirmed, or of 批量匹配's unlocked contacts,
 * checked by the provider behind an adapter and charged per number from the balance at the
 * platform's rate, once per number and batch; 空号 / 停机 left out of the import or the conversion
 * with one click.
 */
export const ZNumberCheckResult = z.enum(numberCheckResults, { error: '检测结果不正确' });

export const ZNumberCheckRef = z.object({
  source: z.enum(numberCheckSources, { error: '检测来源不正确' }),
  batchId: z.string({ error: '批次不正确' }).uuid('批次不正确'),
});
export type TNumberCheckRef = z.infer<typeof ZNumberCheckRef>;

/** The batch's latest run on the job queue: how far it got, and why it stopped when it failed. */
export const ZNumberCheckRun = z.object({
  state: z.enum(numberCheckRunStates),
  stateName: zString,
  /** The numbers the run was priced for, and those it has passed. */
  total: zInt,
  checked: zInt,
  errorReason: zString,
  createdAt: ZTime,
  finishedAt: ZTime.nullable(),
});
export type TNumberCheckRun = z.infer<typeof ZNumberCheckRun>;

/** What a check of the batch would cost now, and what it found so far. */
export const ZNumberCheckSummary = z.object({
  /** The batch's distinct mobiles, and those not checked yet (what a run charges for). */
  total: zInt,
  unchecked: zInt,
  /** Fen per number at the rate in force, and for the unchecked numbers. */
  unitPrice: zInt,
  amount: zInt,
  balance: zInt,
  /** Numbers per result, and how many of them were left out. */
  counts: z.record(zString, zInt),
  excluded: zInt,
  /** The checker's name (模拟检测（开发用） in development). */
  checker: zString,
  isSimulator: zBoolean,
  /** The latest run (null: never run); queued or running, the screen asks again until it ends. */
  run: ZNumberCheckRun.nullable(),
});
export type TNumberCheckSummary = z.infer<typeof ZNumberCheckSummary>;

export const ZNumberCheckRow = z.object({
  mobile: zString,
  result: ZNumberCheckResult,
  isExcluded: zBoolean,
  checkedAt: ZTime,
});
export type TNumberCheckRow = z.infer<typeof ZNumberCheckRow>;

export const ZNumberCheckRate = z.object({ unitPrice: zInt, validFrom: ZTime.nullable(), createdByName: zString });
export type TNumberCheckRate = z.infer<typeof ZNumberCheckRate>;

/** Either an importer of customers or a converter of clues may check the numbers of his batch. */
const checkPerm = `${Perm.customerImport};${CluePerm.convert}`;

export const numberCheckRoutes = {
  summary: route({
    method: 'POST',
    path: '/base/number-check/summary',
    readOnly: true,
    summary: '空号检测概况',
    permission: checkPerm,
    request: ZNumberCheckRef,
    response: ZNumberCheckSummary,
  }),
  /**
   * Queues a check of the batch's unchecked numbers (the job checks and charges them, once per
   * number); refused whole, changing nothing, when the balance is short for all of them.
   */
  run: route({
    method: 'POST',
    path: '/base/number-check/run',
    summary: '空号检测',
    permission: checkPerm,
    audited: true,
    request: ZNumberCheckRef,
    response: ZNumberCheckSummary,
  }),
  rows: route({
    method: 'POST',
    path: '/base/number-check/rows',
    readOnly: true,
    summary: '空号检测结果',
    permission: checkPerm,
    request: ZNumberCheckRef,
    response: z.array(ZNumberCheckRow),
  }),
  /** 一键排除: the numbers of these results leave the import (refused rows) or the conversion. */
  exclude: route({
    method: 'POST',
    path: '/base/number-check/exclude',
    summary: '排除空号',
    permission: checkPerm,
    audited: true,
    request: ZNumberCheckRef.extend({
      results: z
        .array(ZNumberCheckResult, { error: '请选择要排除的检测结果' })
        .min(1, '请选择要排除的检测结果')
        .default([...numberCheckExcludedByDefault]),
    }),
    response: ZNumberCheckSummary,
  }),
  rate: route({
    method: 'POST',
    path: '/base/platform/number-check/rate',
    readOnly: true,
    summary: '空号检测资费',
    permission: BillingPerm.platformRate,
    request: z.object({}),
    response: ZNumberCheckRate,
  }),
  rateSave: route({
    method: 'POST',
    path: '/base/platform/number-check/rate/save',
    summary: '设置空号检测资费',
    permission: BillingPerm.platformRate,
    audited: true,
    request: z.object({
      unitPrice: z.coerce
        .number({ error: '单价应为数字' })
        .int('单价应以分为单位的整数')
        .min(0, '单价不能为负数')
        .max(tradeLimits.maxFen, '单价过大'),
    }),
    response: ZNumberCheckRate,
  }),
};
