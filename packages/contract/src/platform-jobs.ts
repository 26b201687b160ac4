import { z } from 'zod';
import { ZNull, ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { JobPerm, jobStates } from './platform-jobs-labels.js';
import { routesOf } from './route.js';

export { JobPerm, jobNameLabel, jobStateLabel, jobStates } from './platform-jobs-labels.js';

const route = routesOf('platformJobs');

export const ZJobState = z.enum(jobStates, { error: '任务状态不正确' });

/** One run of a background job, as the job queue keeps it (finished ones for three days). */
export const ZJobRun = z.object({
  id: zString,
  /** The job (`<area>.<what>`), jobNameLabel names it. */
  name: zString,
  state: ZJobState,
  /** Runs so far, the one in progress included (1 before the first retry). */
  attempts: zInt,
  /** Runs allowed: the first and its retries. */
  maxAttempts: zInt,
  /** The last failure's message; null when none failed. */
  error: zString.nullable(),
  createdAt: ZTime,
  /** When it may run (the next try of a run waiting for its retry). */
  runAfter: ZTime,
  startedAt: ZTime.nullable(),
  finishedAt: ZTime.nullable(),
});
export type TJobRun = z.infer<typeof ZJobRun>;

const ZJobName = z
  .string({ error: '请选择任务' })
  .trim()
  .min(1, '请选择任务')
  .max(64, '任务名最多64个字')
  .regex(/^[a-z0-9.-]+$/, '任务名不正确');

/** 后台任务 (platform operator): the server's background jobs, their failures and a run again. */
export const platformJobsRoutes = {
  jobPage: route({
    method: 'GET',
    path: '/base/platform/job/page',
    readOnly: true,
    summary: '后台任务列表',
    permission: JobPerm.list,
    request: ZPageQuery.extend({ name: ZJobName.optional(), state: ZJobState.optional() }),
    response: zPage(ZJobRun),
  }),
  jobRetry: route({
    method: 'POST',
    path: '/base/platform/job/retry',
    summary: '重新运行失败的后台任务',
    permission: JobPerm.retry,
    audited: true,
    request: z.object({ name: ZJobName, id: z.uuid({ error: '任务编号不正确' }) }),
    response: ZNull,
  }),
};

/** 后台任务 (in the 平台管理 folder). */
export const platformJobsMenuNodes: TMenuNode[] = [
  menuScreen('6095', '后台任务', 'platform/jobs', 'ScheduleOutlined', JobPerm.list, [
    menuButton('609501', '重新运行', JobPerm.retry),
  ]),
];
