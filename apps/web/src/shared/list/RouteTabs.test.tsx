import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouteTabs } from './RouteTabs';

const renderTabs = (entry: string) => {
  const element = (
    <RouteTabs
      items={[
        { key: 'orders', label: '订单', children: <p>订单列表</p> },
        { key: 'refunds', label: '退订', children: <p>退订列表</p> },
      ]}
    />
  );
  const router = createMemoryRouter([{ path: '/orders', element }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
};

const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

describe('RouteTabs', () => {
  it('opens the tab the URL names, the first one without or with an unknown name', () => {
    renderTabs('/orders?tab=refunds&refunds.page=2');
    expect(activeTab()).toBe('退订');
    expect(screen.getByText('退订列表')).toBeTruthy();
  });

  it('writes the chosen tab into the URL, the first as none, and goes back to the tab before', async () => {
    const router = renderTabs('/orders?tab=nothing&id=3');
    expect(activeTab()).toBe('订单');
    fireEvent.click(screen.getByText('退订'));
    expect(router.state.location.search).toBe('?tab=refunds&id=3');
    expect(activeTab()).toBe('退订');
    fireEvent.click(screen.getByText('订单'));
    expect(router.state.location.search).toBe('?id=3');
    await act(() => router.navigate(-1));
    expect(activeTab()).toBe('退订');
  });
});
