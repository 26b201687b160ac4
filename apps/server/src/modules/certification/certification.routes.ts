import type { certificationRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TCertificationService } from './certification.service.js';

export const certificationHandlers = (cert: TCertificationService): THandlers<typeof certificationRoutes> => ({
  certInfo: (ctx) => cert.info(ctx.auth),
  certSubmit: (ctx) => cert.submit(ctx.auth, ctx.input),
  licenseUpload: async (ctx) => cert.licenseUpload(ctx.auth, await ctx.req.file()),
  certPage: (ctx) => cert.page(ctx.auth, ctx.input),
  certExamine: (ctx) => cert.examine(ctx.auth, ctx.input),
  certBatchExamine: (ctx) => cert.batchExamine(ctx.auth, ctx.input),
});
