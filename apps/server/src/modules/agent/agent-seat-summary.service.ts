import { beijingOffsetMs, type TRouteInput, toPage } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { agentSeatSummaryRepository as repo, type TSeatSummaryWindow } from './agent-seat-summary.repository.js';
import { asAgent } from './agent-wall.js';

const day = 24 * 3600 * 1000;
// Beijing's months start at 16:00 UTC the day before.

/** The instants the summary counts from: now, 7 days on, and the start of the Shanghai month. */
export const seatSummaryWindow = (now: Date): TSeatSummaryWindow => {
  const local = new Date(now.getTime() + beijingOffsetMs);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return {
    now,
    soon: new Date(now.getTime() + 7 * day),
    monthStart: new Date(Date.UTC(y, m, 1) - beijingOffsetMs),
    monthStartDay: `${y}-${String(m + 1).padStart(2, '0')}-01`,
  };
};

export type TAgentSeatSummaryService = ReturnType<typeof createAgentSeatSummaryService>;

/** 坐席汇总 (Resource/JSXseatSummary): seats and this month's use across the agent's enterprises. */
export const createAgentSeatSummaryService = () => ({
  seatSummary: (ctx: TRequestContext, q: TRouteInput<'agent', 'seatSummary'>) =>
    asAgent(ctx, async (db, agent) => {
      const { records, total } = await repo.page(db, agent.id, q, seatSummaryWindow(new Date()), q);
      return toPage(records, total, q);
    }),
});
