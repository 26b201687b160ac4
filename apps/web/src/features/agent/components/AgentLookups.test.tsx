import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TAgentUnsubscribe } from '@yunhu/contract';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentContact } from '../../trade/components/AgentContact';
import { AgentUnsubscribeList } from './AgentUnsubscribeList';
import { BaseLineList } from './BaseLineList';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const { agent: r } = routeTables;
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const application: TAgentUnsubscribe = {
  id: 1,
  applyNo: 'TD202611250001',
  enterpriseId: 7,
  enterpriseName: '杭州甲企业',
  kind: 'package',
  subject: '1000分钟包',
  months: 0,
  amount: 4200,
  reason: '业务调整',
  state: 'rejected',
  rejectReason: '已超期',
  examinedAt: 1_764_000_000_000,
  createdAt: 1_763_900_000_000,
};

/** The agent's look-ups on screen: 退订申请 (seen only), 线路底价, 联系代理商. */
describe('agent look-ups on screen', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === r.unsubscribePage) return Promise.resolve(page([application]));
      if (route === r.baseLinePage)
        return Promise.resolve(
          page([
            {
              lineId: 3,
              lineName: '南京回拨线路',
              mode: 0,
              pricePerMinute: 12,
              seatPricePerMonth: 6000,
              agentCount: 2,
            },
          ]),
        );
      if (route === r.agentMobile)
        return Promise.resolve({ agentName: '杭州代理', contactName: '王五', mobile: '13800001111' });
      return Promise.resolve(null);
    });
  });

  it("lists the enterprises' 退订 applications with their state, and offers no examine action", async () => {
    wrap(<AgentUnsubscribeList />);
    expect(await screen.findByText('TD202611250001')).toBeTruthy();
    expect(screen.getByText('杭州甲企业')).toBeTruthy();
    expect(screen.getByText('套餐退订')).toBeTruthy();
    expect(screen.getByText('已超期')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /审核|通过|驳回/ })).toBeNull();
  });

  it('shows the base prices in yuan, with the agents column for the platform only', async () => {
    const { unmount } = wrap(<BaseLineList isPlatform />);
    expect(await screen.findByText('南京回拨线路')).toBeTruthy();
    expect(screen.getByText('¥0.12')).toBeTruthy();
    expect(screen.getByText('¥60.00')).toBeTruthy();
    expect(screen.getAllByText('开通代理商数').length).toBeGreaterThan(0);
    unmount();
    wrap(<BaseLineList isPlatform={false} />);
    expect(await screen.findByText('南京回拨线路')).toBeTruthy();
    expect(screen.queryByText('开通代理商数')).toBeNull();
  });

  it("shows an enterprise its agent's contact, and nothing to a direct enterprise", async () => {
    const { unmount } = wrap(<AgentContact />);
    expect((await screen.findByTestId('agent-contact')).textContent).toContain(
      '杭州代理，联系人 王五，电话 13800001111',
    );
    unmount();
    callMock.mockImplementation(() => Promise.resolve(null));
    const direct = wrap(<AgentContact />);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.agentMobile, {}));
    expect(direct.queryByTestId('agent-contact')).toBeNull();
  });
});
