import type { platformJobsRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TPlatformJobsService } from './platform-jobs.service.js';

export const platformJobsHandlers = (jobs: TPlatformJobsService): THandlers<typeof platformJobsRoutes> => ({
  jobPage: (ctx) => jobs.page(ctx, ctx.input),
  // The queue's statements run on the database's own connection: on PGlite, the one session a
  // request transaction would hold.
  jobRetry: detached((ctx) => jobs.retry(ctx.auth, ctx.input)),
});
