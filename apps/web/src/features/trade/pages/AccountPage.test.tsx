import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TPacket } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from './AccountPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const { trade: r, packet: pr } = routeTables;
const packet = (id: number, over: Partial<TPacket> = {}): TPacket => ({
  id,
  lineId: 1,
  lineName: 'APP 外呼线路',
  name: `1000分钟包-${id}`,
  totalSeconds: 60_000,
  remainingSeconds: 45_000,
  price: 9900,
  boughtAt: 1_700_000_000_000,
  expireAt: 1_900_000_000_000,
  state: 'active',
  orderNo: `YH2026112400000000000${id}`,
  sharedWith: [],
  ...over,
});
const packets = [
  packet(1, { sharedWith: [{ userId: 11, realName: '张三' }] }),
  packet(2, { state: 'frozen' }),
  packet(3, { state: 'used', remainingSeconds: 0 }),
  // The demo's own, given without an order: nothing to refund.
  packet(4, { orderNo: null }),
];

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AccountPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 账户明细's 已购套餐: 退订 of an active package with a reason, the rule and an estimate shown first. */
describe('AccountPage packages', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === pr.mine) return Promise.resolve({ records: packets, total: 4, size: 10, current: 1, pages: 1 });
      if (route === r.account) return Promise.resolve({ balance: 0, frozen: 0 });
      if (route === r.packetUnsubscribe) return Promise.resolve({ amount: 7425 });
      if (route === pr.shareCandidates)
        return Promise.resolve([
          { userId: 11, realName: '张三', username: 'zhangsan' },
          { userId: 12, realName: '李四', username: 'lisi' },
        ]);
      if (route === pr.shareAddUser) return Promise.resolve([]);
      return Promise.resolve({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    });
  });

  it('offers 退订 on an active package only, and applies with a reason', async () => {
    renderPage();
    const button = await screen.findByTestId('packet-unsubscribe-1');
    expect(screen.queryByTestId('packet-unsubscribe-2')).toBeNull();
    expect(screen.queryByTestId('packet-unsubscribe-3')).toBeNull();
    expect(screen.queryByTestId('packet-unsubscribe-4')).toBeNull();
    expect(screen.getByText('退订审核中')).toBeTruthy();
    // A package's column is its expiry, not an order's payment deadline.
    expect(screen.getByRole('columnheader', { name: '到期时间' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '支付截止' })).toBeNull();
    fireEvent.click(button);
    const modal = await screen.findByTestId('packet-unsubscribe-modal');
    // 45,000 of 60,000 seconds left of ¥99.00: about ¥74.25.
    expect(within(modal).getByTestId('packet-unsubscribe-estimate').textContent).toContain('¥74.25');
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('请填写退订原因（至少2个字）');
    expect(callMock).not.toHaveBeenCalledWith(r.packetUnsubscribe, expect.anything());
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '业务调整' } });
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.packetUnsubscribe, { packetId: 1, reason: '业务调整' }),
    );
  });

  it('shows whom a package is shared with, and 共享给 sends the chosen people (none: everyone)', async () => {
    renderPage();
    expect((await screen.findByTestId('packet-shared-1')).textContent).toBe('张三');
    expect(screen.getByTestId('packet-shared-4').textContent).toBe('全员共享');
    expect(screen.queryByTestId('packet-share-2')).toBeNull();
    expect(screen.queryByTestId('packet-share-3')).toBeNull();
    fireEvent.click(screen.getByTestId('packet-share-1'));
    const modal = await screen.findByTestId('packet-share-modal');
    // The package's current user is pre-selected; clearing him shares it with everyone again.
    await within(modal).findByText('张三（zhangsan）');
    fireEvent.mouseDown(within(modal).getByRole('combobox'));
    const clear = modal.querySelector('.ant-select-selection-item-remove');
    fireEvent.click(clear!);
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(pr.shareAddUser, { packetId: 1, userIds: [] }));
  });
});
