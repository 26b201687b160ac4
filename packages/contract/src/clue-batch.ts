import { z } from 'zod';
import { CluePerm, clueTargets } from './clue-labels.js';
import { ZTime, zBoolean, zInt, zString } from './http.js';
import { ZImportBatchRef, ZImportProgress, zImportPreview } from './import.js';
import { routesOf } from './route.js';

const route = routesOf('clue');

/** 批量匹配: a list of company names or credit codes, matched against the company library. */
export const clueMatchLimits = {
  /** Rows of one upload: all of them can be unlocked and converted in one request. */
  maxRows: 1000,
} as const;

/** Valid rows found exactly one company, not named twice in the file; invalid ones none, several or a repeat. */
export const ZClueMatchState = ZImportProgress.extend({
  fileName: zString,
  /** Matches kept for the result (after the confirm). */
  matched: zInt,
  createdAt: ZTime,
});
export type TClueMatchState = z.infer<typeof ZClueMatchState>;

export const ZClueMatchPreview = zImportPreview(ZClueMatchState);
export type TClueMatchPreview = z.infer<typeof ZClueMatchPreview>;

/** A matched row of the result, with what this enterprise has of the company already. */
export const ZClueMatchRow = z.object({
  row: zInt,
  input: zString,
  companyId: zInt,
  name: zString,
  creditCode: zString,
  isUnlocked: zBoolean,
  /** Converted from this list or the search, or a customer carries its name. */
  isCustomer: zBoolean,
  /** On this enterprise's company black-list: 解锁并转为客户 leaves it out. */
  isBlacklisted: zBoolean,
});
export type TClueMatchRow = z.infer<typeof ZClueMatchRow>;

/** One matched company after 解锁并转为客户. */
export const ZClueMatchOutcome = z.object({
  row: zInt,
  companyId: zInt,
  name: zString,
  /** This request drew one unit of quota for it. */
  isCharged: zBoolean,
  isUnlocked: zBoolean,
  isOk: zBoolean,
  customerId: zInt.nullable(),
  /** Why it was not converted (the quota, the daily limit or the CRM's own reason). */
  reason: zString,
});
export type TClueMatchOutcome = z.infer<typeof ZClueMatchOutcome>;

export const ZClueMatchConverted = z.object({
  outcomes: z.array(ZClueMatchOutcome),
  charged: zInt,
  converted: zInt,
  balance: zInt,
});
export type TClueMatchConverted = z.infer<typeof ZClueMatchConverted>;

export const clueBatchRoutes = {
  matchTemplate: route({
    method: 'GET',
    path: '/base/clue/match/template',
    readOnly: true,
    summary: '下载批量匹配模板',
    permission: CluePerm.view,
    result: 'blob',
    request: z.object({}),
    response: z.unknown(),
  }),
  /** The check: every row matched or refused with its reason, nothing kept yet. */
  matchPreview: route({
    method: 'POST',
    path: '/base/clue/match/preview',
    summary: '批量匹配（检查）',
    permission: CluePerm.view,
    body: 'multipart',
    request: z.object({}),
    response: ZClueMatchPreview,
  }),
  matchConfirm: route({
    method: 'POST',
    path: '/base/clue/match/confirm',
    summary: '批量匹配（确认）',
    permission: CluePerm.view,
    audited: true,
    request: ZImportBatchRef,
    response: ZClueMatchState,
  }),
  matchState: route({
    method: 'GET',
    path: '/base/clue/match/state',
    readOnly: true,
    summary: '批量匹配进度',
    permission: CluePerm.view,
    request: ZImportBatchRef,
    response: ZClueMatchState,
  }),
  matchRows: route({
    method: 'GET',
    path: '/base/clue/match/rows',
    readOnly: true,
    summary: '批量匹配结果',
    permission: CluePerm.view,
    request: ZImportBatchRef,
    response: z.array(ZClueMatchRow),
  }),
  /** Every row: the company matched (credit code, unlocked, customer) or why not, as xlsx. */
  matchReport: route({
    method: 'GET',
    path: '/base/clue/match/report',
    readOnly: true,
    summary: '下载批量匹配结果',
    permission: CluePerm.view,
    result: 'blob',
    request: ZImportBatchRef,
    response: z.unknown(),
  }),
  /** The matched companies unlocked (once each) and converted by the CRM's rules; an answer per company. */
  matchConvert: route({
    method: 'POST',
    path: '/base/clue/match/convert',
    summary: '批量解锁并转为客户',
    permission: CluePerm.convert,
    audited: true,
    request: ZImportBatchRef.extend({ target: z.enum(clueTargets, { error: '请选择转入私海或公海' }) }),
    response: ZClueMatchConverted,
  }),
} as const;
