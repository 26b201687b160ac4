import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Perm, routeTables, type TCallingRow } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { CallingPage } from './CallingPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
const successMock = vi.fn();
vi.mock('../../../shared/feedback', () => ({
  feedback: { message: { success: (...args: unknown[]) => successMock(...args) } },
}));

const r = routeTables.seat;
const row: TCallingRow = {
  userId: 7,
  realName: '李娜',
  username: 'lina',
  deptName: null,
  isCustom: true,
  lineId: null,
  lineName: null,
  callerNumber: null,
  allowedFrom: '09:00',
  allowedTo: '18:00',
  perNumberDailyLimit: 3,
  dailyLimit: 300,
  recording: true,
  analysis: true,
  seatLines: [],
  updatedAt: null,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <CallingPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('CallingPage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.callingUpdate]);
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(route === r.callingList ? { records: [row], total: 1, size: 20, current: 1, pages: 1 } : null),
    );
  });

  it('puts the chosen people back on the defaults only after the confirmation, and says so', async () => {
    renderPage();
    expect(await screen.findByText('李娜')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
    expect(await screen.findByText(/确定将所选 1 人恢复为默认呼叫设置/)).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.callingReset, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.callingReset, { userIds: [7] }));
    await waitFor(() => expect(successMock).toHaveBeenCalledWith('操作成功'));
  });
});
