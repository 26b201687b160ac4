import { useQuery } from '@tanstack/react-query';
import { agentRoutes, type TRequestOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = agentRoutes;

/** Page keys of the agent's 公告 and 坐席汇总 lists (their query keys start with them). */
export const agentNoticePageKey = 'agentNotices';
export const agentSeatSummaryPageKey = 'agentSeatSummary';

/** The agent's enterprises a notice can go to (one page of 500 is more than an agent's picker needs). */
export const useNoticeEnterprises = (isEnabled: boolean) =>
  useQuery({
    queryKey: ['agent', 'noticeEnterprises'],
    queryFn: () => call(r.enterprisePage, { page: 1, limit: 500 }),
    enabled: isEnabled,
  });

/** Publishes a notice (once per request key, server-side) and refreshes the list. */
export const usePublishAgentNotice = () =>
  useRefreshingMutation(
    (input: TRequestOf<typeof r.noticePublish>) => call(r.noticePublish, input),
    [[agentNoticePageKey]],
  );
