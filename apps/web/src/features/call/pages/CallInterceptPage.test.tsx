import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TCallIntercept } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallInterceptPage } from './CallInterceptPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: vi.fn(),
}));

const row: TCallIntercept = {
  id: 3,
  number: '139****0001',
  reason: 'no_bind',
  sipUser: 'e100001-3',
  userName: '李经理',
  deptName: '销售一部',
  sourceIp: '203.0.113.5',
  createdAt: Date.UTC(2026, 11, 1, 2, 3, 4),
};

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <CallInterceptPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('CallInterceptPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockResolvedValue({ records: [row], total: 1, size: 20, current: 1, pages: 1 });
  });

  it('shows each refused call with its reason in words, who placed it and from where', async () => {
    renderAt('/');
    await screen.findByText('139****0001');
    expect(screen.getByText('呼叫拦截记录')).toBeTruthy();
    expect(screen.getAllByText('未经拨号流程直接呼叫').length).toBeGreaterThan(0);
    expect(screen.getByText('李经理')).toBeTruthy();
    expect(screen.getByText('e100001-3')).toBeTruthy();
    expect(screen.getByText('203.0.113.5')).toBeTruthy();
    expect(callMock.mock.calls[0]![0]).toBe(routeTables.callIntercept.page);
  });

  it('asks the server with the filters the link carries', async () => {
    const filter = encodeURIComponent(JSON.stringify({ reason: 'bind_used', number: '0001' }));
    renderAt(`/?filter=${filter}`);
    await screen.findByText('139****0001');
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        routeTables.callIntercept.page,
        expect.objectContaining({ reason: 'bind_used', number: '0001', page: 1 }),
      ),
    );
  });
});
