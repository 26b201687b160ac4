import { defineErrors } from '../../http/errors.js';

/** The background jobs screen's errors. */
export const platformJobsErrors = defineErrors('platformJobs', {
  notFailed: ['conflict', '该任务不是失败状态，或已有一次重试在等待，请刷新后再试'],
});
