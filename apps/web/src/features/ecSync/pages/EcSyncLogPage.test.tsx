import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TEcSyncItem } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EcSyncLogPage } from './EcSyncLogPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.ecSync;
const item = (over: Partial<TEcSyncItem>): TEcSyncItem => ({
  id: 1,
  kind: 'customer',
  state: 'succeeded',
  subject: '张三',
  refId: 10,
  ecId: '5000001',
  attempts: 1,
  lastError: '',
  lastAttemptAt: 1_790_000_100_000,
  nextAttemptAt: null,
  createdAt: 1_790_000_000_000,
  ...over,
});
const failed = item({
  id: 2,
  kind: 'call',
  state: 'failed',
  subject: '13800138000',
  ecId: '',
  attempts: 5,
  lastError: '腾讯EC：签名校验失败，请检查 AppId 和 AppSecret（错误码 40001）',
});
const retrying = item({
  id: 3,
  kind: 'followup',
  state: 'retrying',
  subject: '有意向',
  ecId: '',
  attempts: 1,
  lastError: '客户尚未同步到腾讯EC，稍后重试',
});

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <EcSyncLogPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const requestsOf = (route: unknown) => callMock.mock.calls.filter(([x]) => x === route).map(([, input]) => input);

describe('EcSyncLogPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(async (route) => {
      if (route === r.itemPage)
        return { records: [retrying, failed, item({})], total: 3, size: 20, current: 1, pages: 1 };
      if (route === r.itemRetry) return { ...failed, state: 'retrying' };
      return null;
    });
  });

  it('shows each item’s kind, state and EC’s answer', async () => {
    renderAt('/');
    expect(await screen.findByText('腾讯EC：签名校验失败，请检查 AppId 和 AppSecret（错误码 40001）')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByText('重试中')).toBeTruthy();
    expect(screen.getByText('通话记录')).toBeTruthy();
    expect(screen.getByText('5000001')).toBeTruthy();
    // Only a failed item is sent again by hand; one retrying is on its way.
    expect(screen.queryByTestId('ec-retry-3')).toBeNull();
  });

  it('filters by the state and kind in the URL, and re-syncs a failed item once', async () => {
    const filter = encodeURIComponent(JSON.stringify({ state: 'failed', kind: 'call' }));
    renderAt(`/?filter=${filter}`);
    await screen.findByTestId('ec-retry-2');
    expect(requestsOf(r.itemPage)[0]).toMatchObject({ state: 'failed', kind: 'call', page: 1 });
    const retry = screen.getByTestId('ec-retry-2');
    fireEvent.click(retry);
    fireEvent.click(retry);
    await waitFor(() => expect(requestsOf(r.itemRetry)).toEqual([{ id: 2 }]));
  });
});
