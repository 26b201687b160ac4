import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { agentRoutes, type TPacketTransfer } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentTransferPage } from './AgentTransferPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = agentRoutes;
const expireAt = Date.UTC(2026, 11, 31, 4);
const enterprises = [
  { id: 11, name: '甲一科技', status: 'active' },
  { id: 12, name: '甲二贸易', status: 'active' },
  { id: 13, name: '甲三待审', status: 'pending' },
];
const packets = [{ id: 501, lineId: 7, lineName: '浙江线路', name: '1000分钟月包', remainingSeconds: 510, expireAt }];
const moved: TPacketTransfer = {
  id: 9,
  transferNo: 'ZY20261125120000123456',
  fromEnterpriseId: 11,
  fromEnterpriseName: '甲一科技',
  toEnterpriseId: 12,
  toEnterpriseName: '甲二贸易',
  fromPacketId: 501,
  toPacketId: 777,
  lineId: 7,
  lineName: '浙江线路',
  packetName: '1000分钟月包',
  seconds: 510,
  sourceTotalSeconds: 600,
  sourceUsedSeconds: 90,
  expireAt,
  createdByName: '代理人',
  createdAt: Date.UTC(2026, 10, 25, 4),
};

const answer = (route: unknown) => {
  if (route === r.transferEnterprises) return enterprises;
  if (route === r.transferPackets) return packets;
  if (route === r.packetTransfer || route === r.findPacketTransfer) return moved;
  if (route === r.transferPage) return { records: [moved], total: 1, current: 1, size: 20, pages: 1 };
  return null;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AgentTransferPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const choose = async (form: HTMLElement, label: string, option: string) => {
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: label }));
  const shown = await screen.findAllByText(option);
  fireEvent.click(shown[shown.length - 1]!);
};

/** 套餐转移: source, its live packages, a target that is not the source; a confirmation; the record's detail. */
describe('AgentTransferPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(answer(route)));
    useUserStore.setState({ permissions: ['agent:transfer:manage'] });
  });

  it('moves the chosen package after the confirmation that says what goes where', async () => {
    renderPage();
    const form = await screen.findByTestId('agent-transfer-form');
    await choose(form, '转出企业', '甲一科技');
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.transferPackets, { enterpriseId: 11 }));
    await choose(form, '套餐', '浙江线路 · 1000分钟月包 · 剩余 8分30秒 · 2026-12-31 到期');
    // A pending enterprise is offered, but disabled: it cannot receive a package.
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '转入企业' }));
    const pending = (await screen.findAllByText('甲三待审（未通过审核或已停用）')).at(-1)!;
    expect(pending.closest('.ant-select-item')?.className).toContain('ant-select-item-option-disabled');
    const targets = await screen.findAllByText('甲二贸易');
    fireEvent.click(targets.at(-1)!);
    fireEvent.click(within(form).getByTestId('agent-transfer-submit'));
    await screen.findByText('把「甲一科技」的这个套餐剩余 8分30秒 转给「甲二贸易」？转出后原企业不能再使用它。');
    expect(callMock).not.toHaveBeenCalledWith(r.packetTransfer, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.packetTransfer, {
        fromEnterpriseId: 11,
        packetId: 501,
        toEnterpriseId: 12,
      }),
    );
  });

  it('closes the confirmation when the move is refused (the refusal is the http client’s message)', async () => {
    callMock.mockImplementation((route) =>
      route === r.packetTransfer ? Promise.reject(new Error('该套餐已转出')) : Promise.resolve(answer(route)),
    );
    renderPage();
    const form = await screen.findByTestId('agent-transfer-form');
    await choose(form, '转出企业', '甲一科技');
    await choose(form, '套餐', '浙江线路 · 1000分钟月包 · 剩余 8分30秒 · 2026-12-31 到期');
    await choose(form, '转入企业', '甲二贸易');
    fireEvent.click(within(form).getByTestId('agent-transfer-submit'));
    const question = '把「甲一科技」的这个套餐剩余 8分30秒 转给「甲二贸易」？转出后原企业不能再使用它。';
    await screen.findByText(question);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.packetTransfer, expect.anything()));
    // Closed: the dialog leaves (jsdom ends no animation, so it stays in the document leaving).
    const isOpen = () => {
      const dialog = screen.queryByText(question)?.closest('[role="dialog"]');
      return dialog != null && !dialog.className.includes('ant-zoom-leave');
    };
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(within(form).getByTestId('agent-transfer-submit').className).not.toContain('ant-btn-loading');
  });

  it('lists the transfers and shows one in the drawer (findPacketTransfer)', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('agent-transfer-detail-9'));
    const detail = await screen.findByTestId('agent-transfer-detail');
    expect(callMock).toHaveBeenCalledWith(r.findPacketTransfer, { id: 9 });
    expect(detail.textContent).toContain('ZY20261125120000123456');
    expect(detail.textContent).toContain('8分30秒');
    expect(detail.textContent).toContain('1分30秒');
    expect(detail.textContent).toContain('甲二贸易');
  });
});
