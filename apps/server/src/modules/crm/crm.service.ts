import { createCensusService } from './census.js';
import { type TCrmDeps, viewContext } from './crm.context.js';
import { crmRepository } from './crm.repository.js';
import { toCustomerView } from './crm.view.js';
import { createCustomerService } from './customer.service.js';
import { createPoolService } from './pool.service.js';
import { createRecycleService } from './recycle.service.js';
import { runReleaseJob, startReleaseJob } from './release-job.js';

/**
 * The core CRM area (issue 4): customers, both pools, the moves between them, the recycle bin,
 * the owner log, statistics and the automatic release job. Other CRM helpers (import, visits,
 * settings, export) reuse `writeOwnerLogs`, `toCustomerView` and `viewContext`.
 */
export const createCrmService = (deps: TCrmDeps) => {
  const jobDeps = { database: deps.database, notify: deps.notify, logger: deps.logger };
  return {
    customer: createCustomerService(),
    pool: createPoolService(),
    recycle: createRecycleService(),
    census: createCensusService(),
    viewContext,
    writeOwnerLogs: crmRepository.insertOwnerLogs,
    toCustomerView,
    /** One run of the automatic release (tests and the scheduler call it). */
    runReleaseJob: (now?: Date) => runReleaseJob(jobDeps, now),
    startReleaseJob: (minutes: number) => startReleaseJob(jobDeps, minutes),
  };
};

export type TCrmService = ReturnType<typeof createCrmService>;
