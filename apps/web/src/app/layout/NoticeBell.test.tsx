import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { noticeLinks, systemRoutes, type TNotice } from '@yunhu/contract';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeBell } from './NoticeBell';

const callMock = vi.fn();
vi.mock('../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const notices: TNotice[] = [
  {
    id: 1,
    title: '余额不足提醒',
    content: '账户余额 5.00 元，低于提醒阈值',
    publisher: '系统通知',
    link: noticeLinks.recharge,
    createdAt: Date.UTC(2026, 11, 1, 2),
    isRead: false,
  },
  {
    id: 2,
    title: '呼叫时段调整',
    content: '即日起允许的呼叫时段为 09:00-20:00',
    publisher: '云呼平台',
    link: null,
    createdAt: Date.UTC(2026, 11, 1, 1),
    isRead: true,
  },
];

const renderBell = () => {
  const router = createMemoryRouter(
    [
      { path: '/menu/home', element: <NoticeBell /> },
      { path: '/menu/account/accountDetails', element: <div data-testid="account-screen" /> },
    ],
    { initialEntries: ['/menu/home'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

describe('NoticeBell', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === systemRoutes.myNoticePage
          ? { records: notices, total: 2, size: 5, current: 1, pages: 1, unreadCount: 1 }
          : { unreadCount: 0 },
      ),
    );
  });

  it('opens the screen a notice links to, marking it read', async () => {
    const router = renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByText('余额不足提醒'));
    await screen.findByTestId('account-screen');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(noticeLinks.recharge);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(systemRoutes.noticeRead, { ids: [1] }));
  });

  it('opens a notice without a link as its own detail: its text, publisher and Beijing time', async () => {
    renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByText('呼叫时段调整'));
    const detail = await screen.findByText('即日起允许的呼叫时段为 09:00-20:00');
    expect(detail).toBeTruthy();
    expect(screen.getByText('云呼平台 · 2026-12-01 09:00')).toBeTruthy();
    // Already read: nothing to mark.
    expect(callMock).not.toHaveBeenCalledWith(systemRoutes.noticeRead, expect.anything());
  });
});
