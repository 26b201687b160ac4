import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderPage } from './OrderPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.trade;
const answer = (isShown: boolean) =>
  callMock.mockImplementation((route) =>
    Promise.resolve(route === r.showSeatCancelTab ? { isShown } : { records: [], total: 0, page: 1, limit: 10 }),
  );
let client: QueryClient;
const renderPage = () =>
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <OrderPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 订单's 坐席退订 tab follows the server's showSeatCancelTab. */
describe('OrderPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });

  it('shows 坐席退订 once the enterprise has paid for a seat', async () => {
    answer(true);
    renderPage();
    expect(await screen.findByRole('tab', { name: '坐席退订' })).toBeTruthy();
  });

  it('leaves 坐席退订 out for an enterprise that never bought a seat', async () => {
    answer(false);
    renderPage();
    await waitFor(() => expect(client.getQueryData(['trade', 'showSeatCancelTab'])).toEqual({ isShown: false }));
    expect(screen.getByRole('tab', { name: '退订账单' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '坐席退订' })).toBeNull();
  });
});
