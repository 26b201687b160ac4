import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePageActive } from '../../shared/pageActive';
import { KeepAliveOutlet } from './KeepAliveOutlet';

const Kept = () => <span data-testid="kept">{usePageActive() ? '在屏幕上' : '已隐藏'}</span>;

describe('KeepAliveOutlet', () => {
  it('keeps a keep-alive page mounted behind another route and tells it that it is hidden', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/menu',
          element: <KeepAliveOutlet />,
          children: [
            { path: 'myTaskCard', element: <Kept />, handle: { keepAlive: true } },
            { path: 'home', element: <span>首页</span> },
          ],
        },
      ],
      { initialEntries: ['/menu/myTaskCard'] },
    );
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('kept')).textContent).toBe('在屏幕上');
    await act(() => router.navigate('/menu/home'));
    await screen.findByText('首页');
    expect(screen.getByTestId('kept').textContent).toBe('已隐藏');
    await act(() => router.navigate('/menu/myTaskCard'));
    expect(screen.getByTestId('kept').textContent).toBe('在屏幕上');
  });
});
