import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { agentRoutes, type TAgentPrice } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentPricePage } from './AgentPricePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const rows: TAgentPrice[] = [
  {
    itemKind: 'seat',
    itemId: 7,
    lineId: 7,
    lineName: '浙江软电话线路',
    name: '坐席',
    minutes: 0,
    basePrice: 5000,
    myPrice: null,
  },
  {
    itemKind: 'packet',
    itemId: 1,
    lineId: 7,
    lineName: '浙江软电话线路',
    name: '1000分钟月包',
    minutes: 1000,
    basePrice: 12000,
    myPrice: 13250,
  },
];

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AgentPricePage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 价格设置: the base price beside the agent's, the margin per unit, and no price below the base. */
describe('AgentPricePage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(route === agentRoutes.myPrice ? rows : null));
    useUserStore.setState({ permissions: ['agent:price:list', 'agent:price:update'] });
  });

  it('shows the base price, the agent price (or 未设置) and the margin', async () => {
    renderPage();
    const table = await screen.findByTestId('agent-price-table');
    await within(table).findByText('1000分钟月包');
    const packet = within(table).getByText('1000分钟月包').closest('tr')!;
    expect(packet.textContent).toContain('¥120.00');
    expect(packet.textContent).toContain('¥132.50');
    expect(packet.textContent).toContain('¥12.50');
    const seat = within(table).getByText('浙江软电话线路 坐席（每月）').closest('tr')!;
    expect(seat.textContent).toContain('未设置（按底价）');
  });

  it('refuses a price below the base price in the form, and saves one above it in fen', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('agent-price-edit-seat-7'));
    const input = await screen.findByLabelText('我的价格（元）');
    fireEvent.change(input, { target: { value: '49.99' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('不能低于平台底价 50.00 元');
    expect(callMock).not.toHaveBeenCalledWith(agentRoutes.setMyPrice, expect.anything());
    fireEvent.change(input, { target: { value: '58.8' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(agentRoutes.setMyPrice, { itemKind: 'seat', itemId: 7, price: 5880 }),
    );
  });
});
