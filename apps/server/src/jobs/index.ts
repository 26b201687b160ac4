export type { TJobDef, TJobRetry, TJobRun } from './job.js';
export {
  createJobQueue,
  expiredRunMessages,
  installJobQueue,
  type TJobExpiryObserver,
  type TJobQueue,
  type TJobRunObserver,
} from './job-queue.js';
export { runQueueWithApp } from './with-app.js';
