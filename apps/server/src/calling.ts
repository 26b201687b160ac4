import type { FastifyInstance } from 'fastify';
import { registerCall } from './modules/call/index.js';
import { registerCallRecord } from './modules/call-record/index.js';
import { registerTaskCard, type TTaskCrm } from './modules/task-card/index.js';
import { registerWallboard } from './modules/wallboard/index.js';

/**
 * The calling areas wired together (docs/decisions/0024-call-areas.md): the call area (dial flow,
 * soft-phone credentials, the carrier and the ingestion of every call) dials the customers the CRM
 * lets a person reach and those his open 任务卡 items give him; 通话记录 and 话务统计 read the
 * records it writes, with the recordings it stores; 实时监控 shows who talks and lets a manager
 * listen in.
 */
export const registerCalling = async (
  app: FastifyInstance,
  opts: Omit<Parameters<typeof registerCall>[1], 'taskItemGuard'> & {
    /** The CRM's follow-up write and customer pick, for the calling tasks. */
    crm: TTaskCrm;
  },
) => {
  const { database, deps, customerGuard, isMasked } = opts;
  const tasks = registerTaskCard(app, { deps, isMasked, crm: opts.crm });
  const call = await registerCall(app, {
    config: opts.config,
    database,
    objects: opts.objects,
    deps,
    customerGuard: tasks.dialGuard(customerGuard),
    taskItemGuard: tasks.itemDialGuard,
    isMasked,
  });
  registerCallRecord(app, { database, deps, customerGuard, isMasked, store: call.store });
  // 实时监控 trusts Kamailio's posts as the call area does, and ends the calls a restarted one lost.
  await registerWallboard(app, {
    database,
    deps,
    isMasked,
    isTrustedSipCaller: call.sip.isTrustedCaller,
    mediaNgPort: opts.config.sip.dev.media?.ngPort ?? null,
    endLostCalls: call.callbacks.endLostCalls,
  });
  return call;
};

/** What tests and the benchmarks reach of the calling areas (`app.call`). */
export type TCallArea = Awaited<ReturnType<typeof registerCalling>>;
