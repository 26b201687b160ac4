import {
  beijingFileDay,
  type callAnalysisRoutes,
  type TPage,
  type TParsedRequestOf,
  type TSeatSummaryRow,
  toPage,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TRequestContext } from '../../http/context.js';
import { streamXlsx } from '../../http/download.js';
import { batchedRows, type TColumn } from '../../http/xlsx-stream.js';
import { seatSummaryRepository as repo } from './seat-summary.repository.js';

type TQuery = TParsedRequestOf<(typeof callAnalysisRoutes)['seatSummary']>;
type TExport = TParsedRequestOf<(typeof callAnalysisRoutes)['seatSummaryExport']>;
type TSummaryRow = Awaited<ReturnType<typeof repo.rows>>[number];

const rowOf = ({ gradedA, gradedB, gradedC, gradedD, ...row }: TSummaryRow): TSeatSummaryRow => ({
  key: `${row.day}-${row.userId}`,
  ...row,
  intentions: { A: gradedA, B: gradedB, C: gradedC, D: gradedD },
});

/** 坐席小结: each agent's days of analysed calls in the reader's data scope, the latest day first. */
export const seatSummaryPage = async (
  { auth, tx, scope }: TRequestContext,
  { page, limit, ...filter }: TQuery,
): Promise<TPage<TSeatSummaryRow>> => {
  const { records, total } = await repo.page(tx, { tenantId: auth.tenantId, scope, filter, page, limit });
  return toPage(records.map(rowOf), total, { page, limit });
};

const orDash = (v: number | null) => (v === null ? '-' : v);

const columns: TColumn<TSeatSummaryRow>[] = [
  { header: '日期', width: 12, value: (r) => r.day },
  { header: '坐席', width: 12, value: (r) => r.realName },
  { header: '部门', width: 14, value: (r) => r.deptName ?? '' },
  { header: '分析通话数', value: (r) => r.analysedCalls },
  { header: '通话时长（秒）', value: (r) => r.talkSec },
  { header: '坐席说话（秒）', value: (r) => r.agentTalkSec },
  { header: '客户说话（秒）', value: (r) => r.customerTalkSec },
  { header: '坐席说话占比（%）', value: (r) => orDash(r.agentSharePercent) },
  { header: '静默次数', value: (r) => r.silenceCount },
  { header: '静默合计（秒）', value: (r) => r.silenceTotalSec },
  { header: '最长静默（秒）', value: (r) => r.silenceLongestSec },
  { header: '抢话次数', value: (r) => r.overlapCount },
  { header: '坐席抢话', value: (r) => r.agentInterruptions },
  { header: '客户抢话', value: (r) => r.customerInterruptions },
  { header: '平均轮次', value: (r) => orDash(r.turnsPerCall) },
  { header: '客户首次开口（秒）', value: (r) => orDash(r.customerFirstWordsSec) },
  { header: '意向A', value: (r) => r.intentions.A },
  { header: '意向B', value: (r) => r.intentions.B },
  { header: '意向C', value: (r) => r.intentions.C },
  { header: '意向D', value: (r) => r.intentions.D },
  { header: '质检命中', value: (r) => r.ruleHits },
];

/** 坐席小结 as xlsx, read in batches after the request's transaction (each batch its own, walled). */
export const seatSummaryExport = (database: TDatabase, { auth, scope }: TRequestContext, filter: TExport) => {
  const q = { tenantId: auth.tenantId, scope, filter };
  return streamXlsx(
    batchedRows(async (offset) =>
      (await withTenant(database, auth.tenantId, (tx) => repo.rows(tx, q, offset, 1000))).map(rowOf),
    ),
    columns,
    `坐席小结_${beijingFileDay(new Date())}.xlsx`,
    '坐席小结',
  );
};
