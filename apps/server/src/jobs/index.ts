export type { TJobDef, TJobRetry, TJobRun } from './job.js';
export { createJobQueue, installJobQueue, type TJobQueue } from './job-queue.js';
export { runQueueWithApp } from './with-app.js';
