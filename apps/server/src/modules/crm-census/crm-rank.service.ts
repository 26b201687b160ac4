import type { crmImportRoutes, TParsedRequestOf } from '@yunhu/contract';
import { beijingTime } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { rowsInMemory, type TColumn } from '../../http/xlsx-stream.js';
import { censusRepository, type TRankRow } from './crm-census.repository.js';

type TRankQuery = TParsedRequestOf<(typeof crmImportRoutes)['rankList']>;

export type { TRankRow };

type TRankLine = TRankRow & { no: number };

/** The columns of the 客户排行 download. */
export const rankColumns: TColumn<TRankLine>[] = [
  { header: '排名', width: 8, value: (r) => r.no },
  { header: '姓名', width: 12, value: (r) => r.realName },
  { header: '部门', value: (r) => r.deptName ?? '' },
  { header: '当前客户数', width: 12, value: (r) => r.owned },
  { header: '新增客户', width: 12, value: (r) => r.added },
  { header: '跟进次数', width: 12, value: (r) => r.followed },
  { header: '成交客户', width: 12, value: (r) => r.dealt },
];

export type TRankService = ReturnType<typeof createRankService>;

/**
 * 客户排行 (census.repository.ts): every active person inside the caller's data scope with his
 * customers now and his additions, follow-ups and deals of the period.
 */
export const createRankService = () => {
  const list = ({ auth, tx, scope }: TRequestContext, q: TRankQuery): Promise<TRankRow[]> =>
    censusRepository.rank(tx, { tenantId: auth.tenantId, scope, deptId: q.deptId, from: q.from, to: q.to });

  /** The ranking as a file: a few dozen rows, read inside the request and sent after it. */
  const download = async (ctx: TRequestContext, q: TRankQuery) => {
    const rows = await list(ctx, q);
    const period = `${beijingTime(new Date(q.from)).slice(0, 10)}至${beijingTime(new Date(q.to)).slice(0, 10)}`;
    return {
      fileName: `客户排行-${period}.xlsx`,
      sheetName: '客户排行',
      columns: rankColumns,
      rows: rowsInMemory(rows.map((r, i) => ({ ...r, no: i + 1 }))),
    };
  };

  return { list, download };
};
