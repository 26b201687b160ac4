import type { resourceRoutes } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import { detached, type THandlers } from '../../http/bind.js';
import { fail } from '../../http/envelope.js';
import type { TLinkSigner } from '../../http/signed-link.js';
import { readUpload } from '../system/index.js';
import { resourceErrors as errors } from './resource.errors.js';
import { filePath, filePathPrefix, type TResourceService } from './resource.service.js';

export const resourceHandlers = (svc: TResourceService): THandlers<typeof resourceRoutes> => ({
  libraryPage: (ctx) => svc.page(ctx, ctx.input),
  libraryInfo: (ctx) => svc.info(ctx, ctx.input.id),
  librarySave: (ctx) => svc.save(ctx, ctx.input),
  libraryDelete: (ctx) => svc.delete(ctx, ctx.input.id),
  libraryUse: (ctx) => svc.use(ctx, ctx.input.id),
  libraryLinked: (ctx) => svc.linked(ctx, ctx.input),
  libraryTags: (ctx) => svc.tags(ctx),
  // The upload stores its file and row in a transaction of its own, the body read with none open.
  libraryUpload: detached(async (ctx) => svc.upload(ctx.auth, await readUpload(ctx.req))),
  libraryLink: (ctx) => svc.link(ctx, ctx.input.id),
  libraryAudience: (ctx) => svc.audience(ctx),
  folderList: (ctx) => svc.folders(ctx),
  folderSave: (ctx) => svc.folderSave(ctx, ctx.input),
  folderDelete: (ctx) => svc.folderDelete(ctx, ctx.input.id),
});

/** Shown in the page (an <img>, the browser's PDF viewer); Word files are saved. */
const inlineMime: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * A library file behind its signed address (libraryLink): no session, because a new tab or an <img>
 * cannot send CLOUD-TOKEN; the signature names the enterprise, the file and the expiry. Refusals
 * answer 403 in the status and the envelope alike.
 */
export const registerLibraryFiles = (app: FastifyInstance, svc: TResourceService, links: TLinkSigner) =>
  app.get(`${filePathPrefix}/:tenantId/:name`, async (req, reply) => {
    const { tenantId, name } = req.params as { tenantId: string; name: string };
    const { exp, sig } = req.query as { exp?: unknown; sig?: unknown };
    const tenant = Number(tenantId);
    const check = Number.isSafeInteger(tenant) ? links.check(filePath(tenant, name), exp, sig) : 'tampered';
    if (check !== 'valid') {
      const refusal = check === 'expired' ? errors.linkExpired() : errors.linkTampered();
      return reply.status(403).send(fail(refusal.code, refusal.message, refusal.reason));
    }
    const file = await svc.signedFile(tenant, name);
    const inline = inlineMime[file.type];
    return reply
      .header('Content-Type', inline ?? file.mime)
      .header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename="download"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.body);
  });
