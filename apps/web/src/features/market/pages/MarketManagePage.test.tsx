import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TMarketRequest } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketManagePage } from './MarketManagePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: vi.fn(),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const request = (over: Partial<TMarketRequest>): TMarketRequest => ({
  id: 7,
  itemId: 1,
  itemName: '智能质检',
  vendor: '某某科技',
  tenantId: 2,
  enterpriseName: '甲公司',
  author: '张明',
  contactName: '张明',
  phone: '13800138000',
  note: '',
  state: 'pending',
  reply: '',
  handledBy: '',
  createdAt: Date.now(),
  updatedAt: Date.now(),
  ...over,
});

describe('MarketManagePage', () => {
  beforeEach(() => callMock.mockReset());

  it('offers 处理 only for open requests, and a refusal needs its reason', async () => {
    const records = [request({}), request({ id: 8, state: 'done', enterpriseName: '乙公司' })];
    callMock.mockImplementation(async (route?: { path: string }) =>
      route?.path === routeTables.market.marketQueue.path
        ? { records, total: 2, size: 20, current: 1, pages: 1 }
        : null,
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <MarketManagePage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    await screen.findByTestId('market-handle-7');
    expect(screen.queryByTestId('market-handle-8')).toBeNull();
    fireEvent.click(screen.getByTestId('market-handle-7'));
    const dialog = await screen.findByTestId('market-handle');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('已拒绝'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('拒绝时请填写原因');
    expect(callMock.mock.calls.some(([route]) => route?.path === routeTables.market.marketHandle.path)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '暂不支持您所在地区' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(expect.objectContaining({ path: routeTables.market.marketHandle.path }), {
        id: 7,
        state: 'rejected',
        reply: '暂不支持您所在地区',
      }),
    );
  });
});
