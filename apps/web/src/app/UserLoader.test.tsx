import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../shared/http/handle';
import { getToken, setToken } from '../shared/http/token';

const loadUserInfo = vi.fn();
vi.mock('../features/org', () => ({ loadUserInfo: () => loadUserInfo() }));
const { UserLoader, userRetryMs } = await import('./UserLoader');

const mount = () => {
  const router = createMemoryRouter(
    [
      { path: '/menu/home', element: <UserLoader /> },
      { path: '/login', element: <span>登录页</span> },
    ],
    { initialEntries: ['/menu/home'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('UserLoader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    loadUserInfo.mockReset();
    setToken('t-1');
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the session when no answer came (a reload cut the request), and asks again', async () => {
    loadUserInfo.mockRejectedValueOnce(new ApiError(0, '网络不稳定，请稍后重试'));
    loadUserInfo.mockResolvedValueOnce({ enterpriseName: '云呼科技' });
    const router = mount();
    await act(async () => {});
    expect(getToken()).toBe('t-1');
    expect(router.state.location.pathname).toBe('/menu/home');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(userRetryMs);
    });
    expect(loadUserInfo).toHaveBeenCalledTimes(2);
    expect(document.title).toBe('云呼科技');
    expect(getToken()).toBe('t-1');
  });

  it('ends the session and goes to the sign-in page when the server refuses', async () => {
    loadUserInfo.mockRejectedValueOnce(new ApiError(500, '用户不存在'));
    const router = mount();
    await act(async () => {});
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(loadUserInfo).toHaveBeenCalledTimes(1);
  });
});
