import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TMarketListing } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketPage } from './MarketPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: vi.fn(),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const item = (over: Partial<TMarketListing>): TMarketListing => ({
  id: 1,
  name: '智能质检',
  vendor: '某某科技',
  description: '通话录音自动质检',
  link: 'https://example.com',
  contact: '400-000-0000',
  priceText: '999元/年',
  requestState: null,
  ...over,
});

describe('MarketPage', () => {
  beforeEach(() => callMock.mockReset());

  it('shows each item with its request state, and sends a request with the contact', async () => {
    const items = [item({}), item({ id: 2, name: '话术助手', requestState: 'pending' })];
    callMock.mockImplementation(async (route?: { path: string }) =>
      route?.path === routeTables.market.marketList.path ? items : {},
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <MarketPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const open = await screen.findByTestId('market-item-2');
    expect(within(open).getByTestId('market-request-state').textContent).toBe('待处理');
    // A request still open: no second one.
    expect((within(open).getByTestId('market-apply-2') as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('market-item-1')).queryByTestId('market-request-state')).toBeNull();
    fireEvent.click(screen.getByTestId('market-apply-1'));
    const dialog = await screen.findByTestId('market-apply');
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '张明' } });
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13800138000' } });
    // The dialog's own button (the cards' come first).
    fireEvent.click(screen.getAllByRole('button', { name: '申 请' }).at(-1)!);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(expect.objectContaining({ path: routeTables.market.marketApply.path }), {
        itemId: 1,
        contactName: '张明',
        phone: '13800138000',
      }),
    );
  });
});
