import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { agentRoutes, type TAgentPacket } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentPacketPage } from './AgentPacketPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = agentRoutes;
const mine: TAgentPacket = {
  id: 31,
  lineId: 7,
  lineName: '浙江线路',
  name: '代理三百分钟',
  minutes: 300,
  validityDays: 30,
  price: 3000,
  basePrice: 2400,
  isEnabled: true,
  soldCount: 2,
  updatedAt: Date.UTC(2026, 10, 25, 4),
};

const answer = (route: unknown) => {
  if (route === r.packetPage) return { records: [mine], total: 1, current: 1, size: 20, pages: 1 };
  if (route === r.callLineList) return [{ id: 7, name: '浙江线路' }];
  if (route === r.queryLineOfCreatePacket) return { lineId: 7, basePrice: 2400 };
  if (route === r.packetSave) return mine;
  return null;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AgentPacketPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 套餐管理: the list with base and margin per package; the form shows the base as typed and sends fen. */
describe('AgentPacketPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(answer(route)));
    useUserStore.setState({ permissions: ['agent:packet:manage'] });
  });

  it('lists the packages with the base and the margin of one', async () => {
    renderPage();
    const list = await screen.findByTestId('list-agentPackets');
    await waitFor(() => expect(list.textContent).toContain('代理三百分钟'));
    expect(list.textContent).toContain('¥30.00');
    expect(list.textContent).toContain('¥24.00');
    expect(list.textContent).toContain('¥6.00');
  });

  it('edits a package: the base shown for its line, minutes and validity; the price sent in fen', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('agent-packet-edit-31'));
    const base = await screen.findByTestId('agent-packet-base');
    expect(base.textContent).toBe('当前底价 24.00 元');
    expect(callMock).toHaveBeenCalledWith(r.queryLineOfCreatePacket, { lineId: 7, minutes: 300, validityDays: 30 });
    const price = screen.getByTestId('agent-packet-price');
    fireEvent.change(price, { target: { value: '32.5' } });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.packetSave, {
        id: 31,
        lineId: 7,
        name: '代理三百分钟',
        minutes: 300,
        validityDays: 30,
        price: 3250,
      }),
    );
  });
});
