import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { agentRoutes, type TAgent } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentReviewSwitch } from './AgentReviewSwitch';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
const successMock = vi.fn();
vi.mock('../../../shared/feedback', () => ({
  feedback: { message: { success: (...args: unknown[]) => successMock(...args) } },
}));

const agent = { id: 7, code: 'A100007', name: '杭州甲代理有限公司', reviewsReports: false } as TAgent;

const renderSwitch = (row: TAgent) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <AgentReviewSwitch agent={row} />
      </App>
    </QueryClientProvider>,
  );

describe('AgentReviewSwitch', () => {
  beforeEach(() => callMock.mockReset().mockResolvedValue(null));

  it('lets who manages agents allow an agent to review its enterprises’ reports', async () => {
    useUserStore.setState({ permissions: ['platform:agent:list', 'platform:agent:manage'] });
    renderSwitch(agent);
    fireEvent.click(screen.getByTestId('agent-reviews-A100007'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(agentRoutes.platformAgentReportReview, { id: 7, isAllowed: true }),
    );
    await waitFor(() => expect(successMock).toHaveBeenCalledWith('已允许「杭州甲代理有限公司」审核其企业的号码报备'));
  });

  it('only shows the state to who may not change it', () => {
    useUserStore.setState({ permissions: ['platform:agent:list'] });
    renderSwitch({ ...agent, reviewsReports: true });
    expect(screen.queryByTestId('agent-reviews-A100007')).toBeNull();
    expect(screen.getByText('已允许')).toBeTruthy();
  });
});
