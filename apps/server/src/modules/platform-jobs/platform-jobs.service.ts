import { type TJobRun, type TRouteInput, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TAuth, type TRequestContext } from '../../http/context.js';
import { forbidden } from '../../http/errors.js';
import { expiredRunMessages } from '../../jobs/index.js';
import { platformJobsErrors as errors } from './platform-jobs.errors.js';
import { platformJobsRepository as repo, type TJobRunRow } from './platform-jobs.repository.js';

/** The queue's runs per job and state, across every tenant, for the operator's metrics (modules/metrics). */
export const jobQueueCounts = (db: TDb) => repo.stateCounts(db);
/** Per job: runs due and waiting, the oldest one's wait, runs expired (the operator's metrics). */
export const jobQueueHealth = (db: TDb) => repo.queueHealth(db);

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** What the operator reads for a run the queue took back from a server killed or stalled in it. */
export const expiredRunError = '运行超时：执行它的服务器已停止或未在期限内完成，由任务队列收回';

const toJobRun = (r: TJobRunRow): TJobRun => ({
  ...r,
  error: r.error !== null && expiredRunMessages.includes(r.error) ? expiredRunError : r.error,
  state: r.state as TJobRun['state'],
  createdAt: ms(r.createdAt)!,
  runAfter: ms(r.runAfter)!,
  startedAt: ms(r.startedAt),
  finishedAt: ms(r.finishedAt),
});

/**
 * 后台任务: the server's background jobs as the platform operator sees them — each run, its state,
 * tries and last error — and a failed run queued again (`retry`: the job queue's, jobs/).
 */
export const createPlatformJobsService = (deps: { retry: (name: string, id: string) => Promise<boolean> }) => ({
  page: (ctx: TRequestContext, input: TRouteInput<'platformJobs', 'jobPage'>) =>
    asPlatform(ctx, async (db) => {
      const { page, limit, ...filter } = input;
      const { records, total } = await repo.page(db, filter, page, limit);
      return toPage(records.map(toJobRun), total, input);
    }),

  retry: async (auth: TAuth, input: TRouteInput<'platformJobs', 'jobRetry'>) => {
    if (!auth.isSuper) throw forbidden();
    if (!(await deps.retry(input.name, input.id))) throw errors.notFailed();
    return null;
  },
});

export type TPlatformJobsService = ReturnType<typeof createPlatformJobsService>;
