// The background jobs screen's one door: app.ts imports only this file.
export { platformJobsHandlers } from './platform-jobs.routes.js';
export {
  createPlatformJobsService,
  jobQueueCounts,
  jobQueueHealth,
  type TPlatformJobsService,
} from './platform-jobs.service.js';
