import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { agentRoutes, type TAgent, type TAgentSettlementSummary } from '@yunhu/contract';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentCloseActions } from './AgentCloseActions';
import { AgentSettlementDrawer } from './AgentSettlementDrawer';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = agentRoutes;
const agent: TAgent = {
  id: 7,
  code: 'A100007',
  name: '杭州甲代理有限公司',
  status: 'active',
  inviteCode: 'ABCD2345',
  adminName: '代理人',
  adminUsername: 'agenta',
  adminMobile: '13811110001',
  enterpriseCount: 2,
  reviewsReports: false,
  balance: 12_345,
  createdAt: Date.UTC(2026, 10, 1),
};
const summary: TAgentSettlementSummary = {
  agentId: 7,
  agentName: agent.name,
  agentStatus: 'active',
  earned: 20_000,
  reversed: 655,
  settled: 7000,
  balance: 12_345,
  settleable: 12_345,
  months: [
    { month: '2026-11', earned: 15_000, reversed: 655, settled: 7000 },
    { month: '2026-10', earned: 5000, reversed: 0, settled: 0 },
  ],
};

const answer = (route: unknown, input: { requestKey?: string; amount?: number }) => {
  if (route === r.platformSettlementSummary) return summary;
  if (route === r.platformSettlementPage) return { records: [], total: 0, current: 1, size: 20, pages: 0 };
  if (route === r.platformSettle)
    return {
      id: 1,
      settlementNo: `JS2026112512000012345${input.requestKey?.length ?? 0}`,
      agentId: 7,
      agentName: agent.name,
      amount: input.amount,
      paymentRef: 'ZH001',
      remark: '',
      createdByName: '平台',
      createdAt: Date.now(),
    };
  return null;
};

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 确定 of the newest confirmation (role queries over the drawer's table are slow in jsdom). */
const confirmOk = async (label: RegExp) => {
  const button = await waitFor(() => {
    const shown = [...document.querySelectorAll('.ant-modal-confirm-btns .ant-btn-primary')].at(-1);
    if (!shown || !label.test(shown.textContent ?? '')) throw new Error('no confirmation');
    return shown;
  });
  fireEvent.click(button);
};

describe('AgentSettlementDrawer', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route, input) => Promise.resolve(answer(route, input)));
    useUserStore.setState({ permissions: ['platform:agent:list', 'platform:agent:manage'] });
  });

  it('shows the margin per month and refuses more than settleable without asking the server', async () => {
    wrap(<AgentSettlementDrawer agent={agent} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('agent-settleable').textContent).toBe('¥123.45'));
    expect(await screen.findByText('2026-10')).toBeTruthy();
    // 当月净利润 of November: 150.00 − 6.55.
    expect(screen.getByText('¥143.45')).toBeTruthy();
    const form = screen.getByTestId('agent-settle-form');
    fireEvent.change(within(form).getByRole('spinbutton'), { target: { value: '123.46' } });
    fireEvent.change(within(form).getByLabelText('付款凭证号'), { target: { value: 'ZH001' } });
    fireEvent.click(screen.getByTestId('agent-settle-submit'));
    expect(await screen.findByText('结算金额不能超过可结算金额 123.45 元')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.platformSettle, expect.anything());
  });

  it('settles after the confirmation, with the key made when the drawer opened, then a new key', async () => {
    wrap(<AgentSettlementDrawer agent={agent} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('agent-settleable').textContent).toBe('¥123.45'));
    const form = screen.getByTestId('agent-settle-form');
    const fill = (amount: string) => {
      fireEvent.change(within(form).getByRole('spinbutton'), { target: { value: amount } });
      fireEvent.change(within(form).getByLabelText('付款凭证号'), { target: { value: 'ZH001' } });
    };
    fill('100');
    fireEvent.click(screen.getByTestId('agent-settle-submit'));
    await screen.findByText(
      '向「杭州甲代理有限公司」结算 100.00 元（付款凭证号 ZH001）？结算后从其可结算金额中扣除，不能撤销。',
    );
    expect(callMock).not.toHaveBeenCalledWith(r.platformSettle, expect.anything());
    await confirmOk(/确认结算/);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.platformSettle, {
        agentId: 7,
        amount: 10_000,
        paymentRef: 'ZH001',
        remark: '',
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      }),
    );
    const first = callMock.mock.calls.find(([route]) => route === r.platformSettle)![1].requestKey;
    fill('1');
    fireEvent.click(screen.getByTestId('agent-settle-submit'));
    await screen.findByText(/结算 1\.00 元/);
    await confirmOk(/确认结算/);
    await waitFor(() => expect(callMock.mock.calls.filter(([route]) => route === r.platformSettle)).toHaveLength(2));
    const second = callMock.mock.calls.filter(([route]) => route === r.platformSettle)[1]![1].requestKey;
    expect(second).not.toBe(first);
  });
});

describe('AgentCloseActions', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(() => Promise.resolve(null));
    useUserStore.setState({ permissions: ['platform:agent:list', 'platform:agent:manage'] });
  });

  it('closes an agent only after a confirmation that says what closing does', async () => {
    wrap(<AgentCloseActions agent={agent} onSettle={() => undefined} />);
    fireEvent.click(screen.getByTestId('agent-close-A100007'));
    await screen.findByText(
      /停用后其账号立即退出且不能登录，邀请码不能再用于注册；名下企业照常使用和购买，按平台价格计费/,
    );
    expect(callMock).not.toHaveBeenCalled();
    await confirmOk(/停\s*用/);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.platformAgentStatus, { agentId: 7, status: 'closed' }));
  });

  it('offers 启用 for a closed agent and reopens it', async () => {
    wrap(<AgentCloseActions agent={{ ...agent, status: 'closed' }} onSettle={() => undefined} />);
    fireEvent.click(screen.getByTestId('agent-open-A100007'));
    await screen.findByText('启用代理商「杭州甲代理有限公司」？启用后其账号可以重新登录，邀请码恢复可用。');
    await confirmOk(/启\s*用/);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.platformAgentStatus, { agentId: 7, status: 'active' }));
  });

  it('shows no 停用 to an operator without the manage string', () => {
    useUserStore.setState({ permissions: ['platform:agent:list'] });
    wrap(<AgentCloseActions agent={agent} onSettle={() => undefined} />);
    expect(screen.queryByTestId('agent-close-A100007')).toBeNull();
    expect(screen.getByTestId('agent-settle-A100007')).toBeTruthy();
  });
});
