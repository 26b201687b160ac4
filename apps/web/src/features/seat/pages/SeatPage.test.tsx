import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables, type TSeat } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { SeatPage } from './SeatPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = routeTables.seat;
const seat = (over: Partial<TSeat>): TSeat => ({
  id: 1,
  lineId: 1,
  lineName: '移动线路',
  lineMode: 2,
  userId: null,
  userName: null,
  username: null,
  deptName: null,
  startAt: 1_700_000_000_000,
  expireAt: 1_800_000_000_000,
  autoRenewal: false,
  state: 'free',
  ...over,
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <SeatPage />
      </App>
    </QueryClientProvider>,
  );

describe('SeatPage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.seatUpdate]);
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === r.list) {
        const records = [seat({ id: 1 }), seat({ id: 2, userId: 9, userName: '王强', username: 'wq', state: 'inUse' })];
        return Promise.resolve({ records, total: 2, size: 20, current: 1, pages: 1 });
      }
      if (route === r.countMap) return Promise.resolve({ total: 2, byState: {}, byLine: [] });
      return Promise.resolve(route === routeTables.line.lineOptions ? [] : null);
    });
  });

  it('sends the holder filter, and releases a held seat only after the confirmation', async () => {
    renderPage();
    expect(await screen.findByText('王强')).toBeTruthy();
    fireEvent.change(screen.getByTestId('seat-filter-user'), { target: { value: '王' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.list, { page: 1, limit: 20, userName: '王' }));

    const held = screen.getByTestId('seat-actions-2');
    fireEvent.click(within(held).getByRole('button', { name: /释\s*放/ }));
    expect(await screen.findByText('确定释放 王强 的坐席？释放后该员工将无法使用此线路外呼')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.releaseSeat, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.releaseSeat, { id: 2 }));
    expect(within(screen.getByTestId('seat-actions-1')).queryByRole('button', { name: /释\s*放/ })).toBeNull();
  });
});
