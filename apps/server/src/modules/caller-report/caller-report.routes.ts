import type { callerReportAgentRoutes, callerReportRoutes } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import { detached, type THandlers } from '../../http/bind.js';
import { sendDownload, streamXlsx } from '../../http/download.js';
import { fail } from '../../http/envelope.js';
import type { TLinkSigner } from '../../http/signed-link.js';
import { readUpload } from '../system/index.js';
import { callerReportErrors as errors } from './caller-report.errors.js';
import { documentPath, documentPathPrefix, reportColumns, type TCallerReportService } from './caller-report.service.js';

export const callerReportHandlers = (svc: TCallerReportService): THandlers<typeof callerReportRoutes> => ({
  tenantOpenInfo: (ctx) => svc.tenantOpenInfo(ctx),
  materialsInfo: (ctx) => svc.materialsInfo(ctx, ctx.input),
  materialsSubmit: (ctx) => svc.materialsSubmit(ctx, ctx.input),
  // The uploads store their file and row in a transaction of their own, the body read with none open.
  imageUpload: detached(async (ctx) => svc.imageUpload(ctx.auth, await readUpload(ctx.req))),
  scriptUpload: detached(async (ctx) => svc.scriptUpload(ctx.auth, await readUpload(ctx.req))),
  documentLink: (ctx) => svc.documentLink(ctx, ctx.input.name),
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
  reviewPage: (ctx) => svc.reviewPage(ctx, ctx.input, 'platform'),
  reviewInfo: (ctx) => svc.reviewInfo(ctx, ctx.input, 'platform'),
  // The decision commits before its SMS goes out.
  reviewExamine: detached((ctx) => svc.reviewExamine(ctx, ctx.input, 'platform')),
});

/** 数据审核 in an agent's console: the same review over the enterprises registered through it. */
export const agentReviewHandlers = (svc: TCallerReportService): THandlers<typeof callerReportAgentRoutes> => ({
  agentReviewPage: (ctx) => svc.reviewPage(ctx, ctx.input, 'agent'),
  agentReviewInfo: (ctx) => svc.reviewInfo(ctx, ctx.input, 'agent'),
  agentReviewExamine: detached((ctx) => svc.reviewExamine(ctx, ctx.input, 'agent')),
  agentReviewDocument: (ctx) => svc.reviewDocumentLink(ctx, ctx.input.name),
});

/**
 * A document behind its signed address (documentLink): no session, because a new tab or an <img>
 * cannot send CLOUD-TOKEN; the signature names the enterprise, the file and the expiry. Refusals
 * answer 403 in the status and the envelope alike.
 */
export const registerDocumentFiles = (app: FastifyInstance, svc: TCallerReportService, links: TLinkSigner) =>
  app.get(`${documentPathPrefix}/:tenantId/:name`, async (req, reply) => {
    const { tenantId, name } = req.params as { tenantId: string; name: string };
    const { exp, sig } = req.query as { exp?: unknown; sig?: unknown };
    const tenant = Number(tenantId);
    const check = Number.isSafeInteger(tenant) ? links.check(documentPath(tenant, name), exp, sig) : 'tampered';
    if (check !== 'valid') {
      const refusal = check === 'expired' ? errors.linkExpired() : errors.linkTampered();
      return reply.status(403).send(fail(refusal.code, refusal.message, refusal.reason));
    }
    const file = await svc.signedDocument(tenant, name);
    reply.header('cache-control', 'private, no-store');
    return sendDownload(reply, file.fileName, file.mime, file.body);
  });
