import { isMaskedFor, type TCrmDeps, viewContext } from './crm.context.js';
import { crmRepository } from './crm.repository.js';
import { toCustomerView } from './crm.view.js';
import { createCalling } from './customer.calling.js';
import { createCustomerService } from './customer.service.js';
import { createPoolService } from './pool.service.js';
import { createRecycleService } from './recycle.service.js';
import { releaseJob, runReleaseJob } from './release-job.js';

/**
 * The core CRM area: customers, both pools, the moves between them, the recycle bin, the owner
 * log and the automatic release job. The other CRM areas (import, visits, settings, census) reuse
 * `writeOwnerLogs`, `toCustomerView` and `viewContext`.
 */
export const createCrmService = (deps: TCrmDeps) => {
  const jobDeps = { database: deps.database, notify: deps.notify, logger: deps.logger };
  return {
    customer: createCustomerService(),
    calling: createCalling(),
    pool: createPoolService(),
    recycle: createRecycleService(),
    viewContext,
    /** Whether mobiles are masked for him, read only when his permissions leave it to the switch. */
    isMasked: isMaskedFor,
    writeOwnerLogs: crmRepository.insertOwnerLogs,
    toCustomerView,
    /** One run of the automatic release (tests and the scheduler call it). */
    runReleaseJob: (now?: Date) => runReleaseJob(jobDeps, now),
    /** The automatic release as a job of the server's queue (app.ts defines it). */
    releaseJob: (minutes: number) => releaseJob(jobDeps, minutes),
  };
};

export type TCrmService = ReturnType<typeof createCrmService>;
