import {
  type callAnalysisRoutes,
  type TPage,
  type TParsedRequestOf,
  type TSeatSummaryRow,
  toPage,
} from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { seatSummaryRepository as repo } from './seat-summary.repository.js';

type TQuery = TParsedRequestOf<(typeof callAnalysisRoutes)['seatSummary']>;

/** 坐席小结: each agent's days of analysed calls in the reader's data scope, the latest day first. */
export const seatSummaryPage = async (
  { auth, tx, scope }: TRequestContext,
  { page, limit, ...filter }: TQuery,
): Promise<TPage<TSeatSummaryRow>> => {
  const { records, total } = await repo.page(tx, { tenantId: auth.tenantId, scope, filter, page, limit });
  return toPage(
    records.map(({ gradedA, gradedB, gradedC, gradedD, ...row }) => ({
      key: `${row.day}-${row.userId}`,
      ...row,
      intentions: { A: gradedA, B: gradedB, C: gradedC, D: gradedD },
    })),
    total,
    { page, limit },
  );
};
