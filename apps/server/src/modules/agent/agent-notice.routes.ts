import type { agentRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TAgentNoticeService } from './agent-notice.service.js';
import type { TAgentSeatSummaryService } from './agent-seat-summary.service.js';

type TNoticeRoutes = Pick<typeof agentRoutes, 'noticePage' | 'noticePublish' | 'noticeReach' | 'seatSummary'>;

/** The agent console's 公告 and 坐席汇总 routes, spread into agentHandlers. */
export const agentNoticeHandlers = (
  notices: TAgentNoticeService,
  seats: TAgentSeatSummaryService,
): THandlers<TNoticeRoutes> => ({
  noticePage: (ctx) => notices.noticePage(ctx, ctx.input),
  noticePublish: (ctx) => notices.noticePublish(ctx, ctx.input),
  noticeReach: (ctx) => notices.noticeReach(ctx, ctx.input),
  seatSummary: (ctx) => seats.seatSummary(ctx, ctx.input),
});
