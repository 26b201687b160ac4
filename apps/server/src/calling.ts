import type { FastifyInstance } from 'fastify';
import { registerCall } from './modules/call/index.js';
import { registerCallRecord } from './modules/call-record/index.js';

/**
 * The calling areas wired together (docs/decisions/0024-call-areas.md): the call area (dial flow,
 * soft-phone credentials, the carrier and the ingestion of every call) and the records it writes,
 * read by 通话记录 and 话务统计 with the recordings it stores. Each asks the CRM who sees a customer.
 */
export const registerCalling = async (app: FastifyInstance, opts: Parameters<typeof registerCall>[1]) => {
  const call = await registerCall(app, opts);
  registerCallRecord(app, {
    database: opts.database,
    deps: opts.deps,
    customerGuard: opts.customerGuard,
    isMasked: opts.isMasked,
    store: call.store,
  });
  return call;
};

/** What tests and the benchmarks reach of the calling areas (`app.call`). */
export type TCallArea = Awaited<ReturnType<typeof registerCalling>>;
