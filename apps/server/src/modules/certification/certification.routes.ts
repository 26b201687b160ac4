import type { certificationRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import { readUpload } from '../system/index.js';
import type { TCertificationService } from './certification.service.js';

export const certificationHandlers = (cert: TCertificationService): THandlers<typeof certificationRoutes> => ({
  certInfo: (ctx) => cert.info(ctx),
  certSubmit: (ctx) => cert.submit(ctx, ctx.input),
  // The upload stores its file and row in a transaction of its own, the body read with none open.
  licenseUpload: detached(async (ctx) => cert.licenseUpload(ctx.auth, await readUpload(ctx.req))),
  certPage: (ctx) => cert.page(ctx, ctx.input),
  certExamine: (ctx) => cert.examine(ctx, ctx.input),
  certBatchExamine: (ctx) => cert.batchExamine(ctx, ctx.input),
});
