import { type callCensusRoutes, type callRecordRoutes, routeTables } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../../db/client.js';
import { bindRoutes, type TBindDeps, type THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import { rangeOf } from '../../storage/index.js';
import type { TCustomerGuard, TIsMasked } from '../call/index.js';
import { recordingPathPrefix, type TRecordingStore } from '../telephony/index.js';
import {
  agentColumns,
  createCallCensusService,
  dayAgentColumns,
  type TCallCensusService,
} from './call-census.service.js';
import { createCallDetailService, type TCallDetailService } from './call-detail.service.js';
import { callRecordColumns, createCallRecordService, type TCallRecordService } from './call-record.service.js';

export const callDetailHandlers = (
  details: TCallDetailService,
  records: TCallRecordService,
): THandlers<typeof callRecordRoutes> => ({
  getCallDetailList: (ctx) => details.customerCalls(ctx, ctx.input),
  recordingUrl: (ctx) => details.recordingUrl(ctx, ctx.input.id),
  getPage: (ctx) => records.page(ctx, ctx.input),
  getPageCount: (ctx) => records.pageCount(ctx, ctx.input),
  exportRecords: async (ctx) => {
    const { rows, fileName } = await records.exportRecords(ctx, ctx.input);
    return streamXlsx(rows, callRecordColumns, fileName, '通话记录');
  },
  callDetailContent: (ctx) => records.content(ctx, ctx.input.id),
  selectBoughtLine: (ctx) => records.lines(ctx),
});

export const callCensusHandlers = (census: TCallCensusService): THandlers<typeof callCensusRoutes> => ({
  baseCensus: (ctx) => census.totals(ctx, ctx.input),
  census: (ctx) => census.perDay(ctx, ctx.input),
  hourCensus: (ctx) => census.perHour(ctx, ctx.input),
  localCensus: (ctx) => census.perDept(ctx, ctx.input),
  huaJiCensus: (ctx) => census.perLine(ctx, ctx.input),
  getCensusDetail: (ctx) => census.detailPage(ctx, ctx.input),
  censusDetailDownload: async (ctx) => {
    const { rows, fileName } = census.exportDetail(ctx, ctx.input);
    return streamXlsx(rows, dayAgentColumns, fileName, '话务统计明细');
  },
  statisticsUsePage: (ctx) => census.agentPage(ctx, ctx.input),
  statisticsUserExport: async (ctx) => {
    const { rows, fileName } = census.exportAgents(ctx, ctx.input);
    return streamXlsx(rows, agentColumns, fileName, '坐席话务统计');
  },
});

const envelope = (code: number, msg: string) => ({ code, msg, data: null });

/**
 * A recording behind a signed address (recording.store.ts): no session, because an <audio>
 * element cannot send CLOUD-TOKEN; the signature names the enterprise, the record and the expiry.
 * Single byte ranges are answered so the player can seek. From a bucket too it streams through
 * here, behind the same signature (docs/decisions/0099-object-storage.md).
 */
const registerRecordingFiles = (app: FastifyInstance, opts: { store: TRecordingStore; details: TCallDetailService }) =>
  app.get(`${recordingPathPrefix}/:tenantId/:id`, async (req, reply) => {
    const { tenantId, id } = req.params as { tenantId: string; id: string };
    const { exp, sig } = req.query as { exp?: string; sig?: string };
    const t = Number(tenantId);
    const r = Number(id);
    if (
      !Number.isSafeInteger(t) ||
      !Number.isSafeInteger(r) ||
      !opts.store.verify(t, r, Number(exp), typeof sig === 'string' ? sig : '')
    ) {
      return reply.status(403).send(envelope(403, '录音地址已失效，请刷新页面后重试'));
    }
    const key = await opts.details.recordingKey(t, r);
    const size = key ? await opts.store.sizeOf(key) : null;
    if (!key || size === null) return reply.status(404).send(envelope(404, '录音不存在'));
    reply
      .header('content-type', 'audio/wav')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=600');
    const range = rangeOf(req.headers.range, size);
    if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
    const object = await opts.store.open(key, range ?? undefined);
    if (!object) return reply.status(404).send(envelope(404, '录音不存在'));
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', size);
    }
    return reply.send(object.body);
  });

/**
 * 通话记录 and 话务统计: the records the call area writes, read inside the reader's data scope, a
 * customer's calls on his details page, the statistics of the same records and the recordings
 * behind their signed addresses.
 */
export const registerCallRecord = (
  app: FastifyInstance,
  opts: {
    database: TDatabase;
    deps: TBindDeps;
    customerGuard: TCustomerGuard;
    isMasked: TIsMasked;
    store: TRecordingStore;
  },
) => {
  const { database, isMasked, store } = opts;
  const details = createCallDetailService({ database, customerGuard: opts.customerGuard, isMasked, store });
  const records = createCallRecordService({ database, isMasked, store });
  bindRoutes(app, routeTables.callRecord, callDetailHandlers(details, records), opts.deps);
  bindRoutes(app, routeTables.callCensus, callCensusHandlers(createCallCensusService({ database })), opts.deps);
  registerRecordingFiles(app, { store, details });
  return { details, records };
};
