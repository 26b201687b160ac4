import {
  type callDetailRoutes,
  Perm,
  type TCallDetail,
  type TCallDetailContent,
  type TCallRecordCount,
  type TPage,
} from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import { hasPermission, type TAuth } from '../../http/context.js';
import { cursorRows, sendXlsx } from '../../http/download.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { beijingTime, exportBatch } from '../crm/export.service.js';
import { callErrors } from './call.errors.js';
import { callRepository as repo } from './call.repository.js';
import { callRecords as r } from './call.schema.js';
import { type TRecordWithNames, toCallDetail } from './call-detail.service.js';
import {
  recordCondition,
  recordOrder,
  recordSumsSql,
  recordTotalOf,
  type TCallRecordFilter,
} from './call-record.filter.js';
import type { TIsMasked } from './dial.service.js';
import type { TRecordingStore } from './recording.store.js';

type TPageQuery = z.output<(typeof callDetailRoutes)['getPage']['request']>;
type TExportQuery = z.output<(typeof callDetailRoutes)['exportRecords']['request']>;

/** mm:ss (hours roll into the minutes: 75:03). */
export const mmss = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
/** Fen as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** A row as the export cursor gives it: column names, times as Date or text by driver. */
type TRawRow = Record<string, unknown>;
const fromRaw = (x: TRawRow): TRecordWithNames => ({
  r: {
    id: Number(x.id),
    tenantId: Number(x.tenant_id),
    userId: Number(x.user_id),
    deptId: x.dept_id === null ? null : Number(x.dept_id),
    customerId: x.customer_id === null ? null : Number(x.customer_id),
    lineId: Number(x.line_id),
    bindId: x.bind_id as string,
    telA: x.tel_a as string,
    telB: x.tel_b as string,
    telX: x.tel_x as string,
    callStatus: Number(x.call_status),
    finishStatus: Number(x.finish_status),
    callType: Number(x.call_type),
    duration: Number(x.duration),
    startTime: new Date(x.start_time as string | Date),
    endTime: new Date(x.end_time as string | Date),
    postage: Number(x.postage),
    preRecordUrl: x.pre_record_url as string | null,
    callerAttr: x.caller_attr as string,
    calleeAttr: x.callee_attr as string,
    carrierCallId: x.carrier_call_id as string | null,
  },
  lineName: x.line_name as string,
  realName: x.real_name as string,
  deptName: x.dept_name as string,
});

/**
 * 通话记录 (account/callRecord, issue 6): the records of the reader's data scope with the
 * filters of the page, their figures, the xlsx export of the same filter, and one record's content.
 * Masking, scope and signed recording links are the call area's own (call-detail.service.ts).
 */
export const createCallRecordService = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  isMasked: TIsMasked;
  store: TRecordingStore;
}) => {
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(deps.database, auth.tenantId, fn);
  const whereOf = async (auth: TAuth, f: TCallRecordFilter) =>
    recordCondition(auth.tenantId, await deps.dataScopeOf(auth), f);

  const page = async (auth: TAuth, q: TPageQuery): Promise<TPage<TCallDetail>> => {
    const scope = await deps.dataScopeOf(auth);
    const where = recordCondition(auth.tenantId, scope, q);
    return scoped(auth, async (tx) => {
      const { records, total } = await repo.recordPage(
        tx,
        where,
        q.page,
        q.limit,
        recordOrder(q.sortField, q.sortOrder),
        recordTotalOf(auth.tenantId, scope, q),
      );
      const isMasked = await deps.isMasked(tx, auth);
      return {
        records: records.map((row) => toCallDetail(row, isMasked, deps.store, auth.tenantId)),
        total,
        size: q.limit,
        current: q.page,
        pages: Math.ceil(total / q.limit),
      };
    });
  };

  const pageCount = async (auth: TAuth, f: TCallRecordFilter): Promise<TCallRecordCount> => {
    const scope = await deps.dataScopeOf(auth);
    const where = recordCondition(auth.tenantId, scope, f);
    return scoped(auth, (tx) => repo.recordSums(tx, where, recordSumsSql(auth.tenantId, scope, f)));
  };

  /** One record of his scope; the recording link only for people who may play recordings. */
  const content = async (auth: TAuth, id: number): Promise<TCallDetailContent> => {
    const scope = await deps.dataScopeOf(auth);
    return scoped(auth, async (tx) => {
      const row = await repo.recordDetail(tx, auth.tenantId, id);
      if (!row || !isInScope(scope, { ownerId: row.r.userId, deptId: row.r.deptId })) throw callErrors.recordMissing();
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
    });
  };

  const lines = (auth: TAuth) => scoped(auth, (tx) => repo.lineOptions(tx));

  /**
   * The export of the list's own filter and sort, streamed through one cursor in one read-only
   * transaction (like 导出客户: a single scan, memory bounded by a batch), numbers masked as on screen.
   */
  const exportRecords = async (auth: TAuth, q: TExportQuery, reply: FastifyReply) => {
    const where = await whereOf(auth, q);
    const isMasked = await scoped(auth, (tx) => deps.isMasked(tx, auth));
    const order = recordOrder(q.sortField, q.sortOrder);
    const columns: TColumn<TCallDetail & { callerAttr: string; calleeAttr: string }>[] = [
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
    const day = beijingTime(new Date()).slice(0, 10).replace(/-/g, '');
    return sendXlsx(reply, {
      fileName: `通话记录-${day}.xlsx`,
      sheetName: '通话记录',
      columns,
      rows: cursorRows(
        deps.database,
        auth.tenantId,
        sql`select ${r}.*,
          coalesce((select l.name from lines l where l.id = ${r.lineId}), '') as line_name,
          coalesce((select u.real_name from users u where u.id = ${r.userId}), '') as real_name,
          coalesce((select d.name from departments d where d.id = ${r.deptId}), '') as dept_name
        from ${r} where ${where} order by ${sql.join(order, sql`, `)}`,
        (raw) => {
          const row = fromRaw(raw);
          return {
            ...toCallDetail(row, isMasked, deps.store, auth.tenantId),
            callerAttr: row.r.callerAttr,
            calleeAttr: row.r.calleeAttr,
          };
        },
        exportBatch,
      ),
    });
  };

  return { page, pageCount, content, lines, exportRecords };
};

export type TCallRecordService = ReturnType<typeof createCallRecordService>;
