import {
  beijingFileDay,
  beijingTime,
  type callRecordRoutes,
  mmss,
  Perm,
  type TCallDetail,
  type TCallDetailContent,
  type TCallRecordCount,
  type TPage,
  type TParsedRequestOf,
  toPage,
  yuan,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { isInScope } from '../../db/scope.js';
import { hasPermission, type TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import type { TIsMasked } from '../call/index.js';
import type { TRecordingStore } from '../telephony/index.js';
import { toCallDetail } from './call-detail.service.js';
import { callRecordErrors } from './call-record.errors.js';
import { callRecordRepository as repo, type TCallRecordFilter } from './call-record.repository.js';

type TIn<K extends keyof typeof callRecordRoutes> = TParsedRequestOf<(typeof callRecordRoutes)[K]>;

/** A row of the 通话记录 export. */
export type TCallRecordRow = TCallDetail & { callerAttr: string; calleeAttr: string };

/** The columns of the 通话记录 export, numbers as on screen. */
export const callRecordColumns: TColumn<TCallRecordRow>[] = [
  { header: '坐席', width: 12, value: (x) => x.realName },
  { header: '部门', value: (x) => x.deptName },
  { header: '客户号码', width: 14, value: (x) => x.telB },
  { header: '外显号码', width: 14, value: (x) => x.telX },
  { header: '线路', value: (x) => x.lineName },
  { header: '通话状态', width: 10, value: (x) => x.callStatusName },
  { header: '结束状态', width: 10, value: (x) => x.finishStatusName },
  { header: '通话时长', width: 10, value: (x) => mmss(x.duration) },
  { header: '开始时间', value: (x) => beijingTime(new Date(x.startTime)) },
  { header: '结束时间', value: (x) => beijingTime(new Date(x.endTime)) },
  { header: '费用（元）', width: 10, value: (x) => yuan(x.postage) },
  { header: '客户归属地', value: (x) => x.calleeAttr },
];

/**
 * 通话记录 (account/callRecord): the records of the reader's data scope with the
 * filters of the page, their figures, the xlsx export of the same filter, and one record's content.
 * Masking, scope and signed recording links are the call area's own (call-detail.service.ts).
 */
export const createCallRecordService = (deps: { database: TDatabase; isMasked: TIsMasked; store: TRecordingStore }) => {
  const page = async ({ auth, tx, scope }: TRequestContext, q: TIn<'getPage'>): Promise<TPage<TCallDetail>> => {
    const { records, total } = await repo.page(tx, {
      tenantId: auth.tenantId,
      scope,
      filter: q,
      sort: { field: q.sortField, order: q.sortOrder },
      paging: q,
    });
    const isMasked = await deps.isMasked(tx, auth);
    return toPage(
      records.map((row) => toCallDetail(row, isMasked, deps.store, auth.tenantId)),
      total,
      q,
    );
  };

  const pageCount = ({ auth, tx, scope }: TRequestContext, f: TCallRecordFilter): Promise<TCallRecordCount> =>
    repo.sums(tx, { tenantId: auth.tenantId, scope, filter: f });

  /** One record of his scope; the recording link only for people who may play recordings. */
  const content = async ({ auth, tx, scope }: TRequestContext, id: number): Promise<TCallDetailContent> => {
    const row = await repo.detail(tx, auth.tenantId, id);
    if (!row || !isInScope(scope, { ownerId: row.r.userId, deptId: row.r.deptId }))
      throw callRecordErrors.recordMissing();
    const detail = toCallDetail(row, await deps.isMasked(tx, auth), deps.store, auth.tenantId);
    const mayPlay = row.r.preRecordUrl !== null && hasPermission(auth, Perm.callRecordPlay);
    return {
      ...detail,
      preRecordUrl: mayPlay ? detail.preRecordUrl : null,
      callerAttr: row.r.callerAttr,
      calleeAttr: row.r.calleeAttr,
      recording: mayPlay ? deps.store.signedUrl(auth.tenantId, row.r.id) : null,
      // The carrier (and its simulator) delivers no speech-to-text yet: the page says 暂无转写内容.
      transcript: null,
    };
  };

  const lines = ({ tx }: TRequestContext) => repo.lineOptions(tx);

  /**
   * The export of the list's own filter and sort, numbers masked as on screen: the rows are read
   * after the request's transaction, through a cursor of their own (call-record.repository.ts).
   */
  const exportRecords = async ({ auth, tx, scope }: TRequestContext, q: TIn<'exportRecords'>) => {
    const isMasked = await deps.isMasked(tx, auth);
    const rows = repo.exportRows(
      deps.database,
      { tenantId: auth.tenantId, scope, filter: q, sort: { field: q.sortField, order: q.sortOrder } },
      (row): TCallRecordRow => ({
        ...toCallDetail(row, isMasked, deps.store, auth.tenantId),
        callerAttr: row.r.callerAttr,
        calleeAttr: row.r.calleeAttr,
      }),
    );
    return { rows, fileName: `通话记录-${beijingFileDay()}.xlsx` };
  };

  return { page, pageCount, content, lines, exportRecords };
};

export type TCallRecordService = ReturnType<typeof createCallRecordService>;
