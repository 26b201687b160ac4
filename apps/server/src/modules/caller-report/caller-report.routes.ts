import type { callerReportRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import { fileDownload, streamXlsx } from '../../http/download.js';
import { readUpload } from '../system/index.js';
import { reportColumns, type TCallerReportService } from './caller-report.service.js';

export const callerReportHandlers = (svc: TCallerReportService): THandlers<typeof callerReportRoutes> => ({
  materialsInfo: (ctx) => svc.materialsInfo(ctx, ctx.input),
  materialsSubmit: (ctx) => svc.materialsSubmit(ctx, ctx.input),
  // The uploads store their file and row in a transaction of their own, the body read with none open.
  imageUpload: detached(async (ctx) => svc.imageUpload(ctx.auth, await readUpload(ctx.req))),
  scriptUpload: detached(async (ctx) => svc.scriptUpload(ctx.auth, await readUpload(ctx.req))),
  documentFile: async (ctx) => {
    const file = await svc.documentFile(ctx, ctx.input.name);
    return fileDownload(file.body, file.fileName, file.mime);
  },
  reportPage: (ctx) => svc.reportPage(ctx, ctx.input),
  reportExport: async (ctx) => {
    const { fileName, rows } = svc.reportExport(ctx, ctx.input);
    return streamXlsx(rows, reportColumns, fileName);
  },
  reportInfo: (ctx) => svc.reportInfo(ctx, ctx.input),
  reportNumbers: (ctx) => svc.reportNumbers(ctx),
  reportSave: (ctx) => svc.reportSave(ctx, ctx.input),
  reportSubmit: (ctx) => svc.reportSubmit(ctx, ctx.input),
  reportWithdraw: (ctx) => svc.reportWithdraw(ctx, ctx.input),
  reviewPage: (ctx) => svc.reviewPage(ctx, ctx.input),
  reviewInfo: (ctx) => svc.reviewInfo(ctx, ctx.input),
  // The decision commits before its SMS goes out.
  reviewExamine: detached((ctx) => svc.reviewExamine(ctx, ctx.input)),
});
