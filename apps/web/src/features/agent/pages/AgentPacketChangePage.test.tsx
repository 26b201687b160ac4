import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { agentRoutes, type TPacketChange } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentPacketChangePage } from './AgentPacketChangePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = agentRoutes;
const expireAt = Date.UTC(2026, 11, 31, 4);
const packets = [{ id: 501, lineId: 7, lineName: '浙江线路', name: '1000分钟月包', remainingSeconds: 510, expireAt }];
const changed: TPacketChange = {
  id: 9,
  enterpriseId: 11,
  enterpriseName: '甲一科技',
  fromPacketId: 501,
  toPacketId: 777,
  fromLineName: '浙江线路',
  toLineName: '江苏线路',
  packetName: '1000分钟月包',
  seconds: 510,
  sourceTotalSeconds: 600,
  sourceUsedSeconds: 90,
  expireAt,
  createdByName: '代理人',
  createdAt: Date.UTC(2026, 10, 25, 4),
};

const answer = (route: unknown) => {
  if (route === r.changeEnterprises) return [{ id: 11, name: '甲一科技', status: 'active' }];
  if (route === r.queryPacketForChange) return packets;
  if (route === r.queryLineForChangePacket) return [{ id: 8, name: '江苏线路', pricePerMinute: 8 }];
  if (route === r.changePacket) return changed;
  if (route === r.changePage) return { records: [changed], total: 1, current: 1, size: 20, pages: 1 };
  return null;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AgentPacketChangePage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const choose = async (form: HTMLElement, label: string, option: string) => {
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: label }));
  const shown = await screen.findAllByText(option);
  fireEvent.click(shown[shown.length - 1]!);
};

/** 套餐变更: enterprise, its live package, a line the server offers for it; a confirmation; the records. */
describe('AgentPacketChangePage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(answer(route)));
    useUserStore.setState({ permissions: ['agent:packet:change'] });
  });

  it('changes the chosen package to the chosen line after the confirmation', async () => {
    renderPage();
    const form = await screen.findByTestId('agent-change-form');
    await choose(form, '企业', '甲一科技');
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.queryPacketForChange, { enterpriseId: 11 }));
    await choose(form, '套餐', '浙江线路 · 1000分钟月包 · 剩余 8分30秒 · 2026-12-31 到期');
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.queryLineForChangePacket, { enterpriseId: 11, packetId: 501 }),
    );
    await choose(form, '换到线路', '江苏线路（0.08 元/分钟）');
    fireEvent.click(within(form).getByTestId('agent-change-submit'));
    await screen.findByText('将剩余 8分30秒 从「浙江线路」换到「江苏线路」，确定？');
    expect(callMock).not.toHaveBeenCalledWith(r.changePacket, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.changePacket, { enterpriseId: 11, packetId: 501, lineId: 8 }),
    );
  });

  it('lists the changes made', async () => {
    renderPage();
    const list = await screen.findByTestId('list-agentPacketChanges');
    await waitFor(() => expect(list.textContent).toContain('江苏线路'));
    expect(list.textContent).toContain('8分30秒');
    expect(list.textContent).toContain('甲一科技');
  });
});
