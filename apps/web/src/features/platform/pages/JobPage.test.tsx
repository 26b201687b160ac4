import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { platformJobsRoutes as r, type TJobRun } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { JobPage } from './JobPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const at = Date.UTC(2026, 11, 1, 4);
const run = (over: Partial<TJobRun>): TJobRun => ({
  id: '5b4c1c2e-0000-4000-8000-000000000001',
  name: 'trade.orders',
  state: 'completed',
  attempts: 1,
  maxAttempts: 4,
  error: null,
  createdAt: at,
  runAfter: at,
  startedAt: at,
  finishedAt: at + 1000,
  ...over,
});
const failed = run({ id: '5b4c1c2e-0000-4000-8000-000000000002', state: 'failed', attempts: 4, error: '渠道查询超时' });
const done = run({ name: 'crm.release' });

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <JobPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 后台任务: each run by its Chinese name, its state, tries and error; a failed one run again. */
describe('JobPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === r.jobPage ? { records: [failed, done], total: 2, current: 1, size: 20, pages: 1 } : null,
      ),
    );
    useUserStore.setState({ permissions: ['platform:job:list', 'platform:job:retry'] });
  });

  it('shows the runs with their error and runs a failed one again after a confirmation', async () => {
    renderPage();
    expect(await screen.findByText('订单支付同步与过期关闭')).toBeTruthy();
    expect(screen.getByText('客户自动放入公海')).toBeTruthy();
    expect(screen.getByText('渠道查询超时')).toBeTruthy();
    expect(screen.getByText('4 / 4')).toBeTruthy();
    // Only the failed run offers a run again.
    expect(screen.queryByTestId(`job-retry-${done.id}`)).toBeNull();
    fireEvent.click(screen.getByTestId(`job-retry-${failed.id}`));
    expect(await screen.findAllByText('重新运行「订单支付同步与过期关闭」？')).not.toHaveLength(0);
    expect(callMock).not.toHaveBeenCalledWith(r.jobRetry, expect.anything());
    // The dialog's own button (the row's link says the same).
    fireEvent.click(screen.getAllByRole('button', { name: '重新运行' }).at(-1)!);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.jobRetry, { name: 'trade.orders', id: failed.id }));
  });

  it('closes the confirmation when the run again is refused (the HTTP client shows the refusal)', async () => {
    callMock.mockImplementation((route) =>
      route === r.jobRetry
        ? Promise.reject(new Error('该任务已在运行'))
        : Promise.resolve({ records: [failed], total: 1, current: 1, size: 20, pages: 1 }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId(`job-retry-${failed.id}`));
    const question = (await screen.findAllByText('重新运行「订单支付同步与过期关闭」？')).at(-1)!;
    fireEvent.click(screen.getAllByRole('button', { name: '重新运行' }).at(-1)!);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.jobRetry, expect.anything()));
    // Closed: the dialog leaves (jsdom ends no animation, so it stays in the document leaving).
    await waitFor(() => expect(question.closest('[role="dialog"]')?.className).toContain('ant-zoom-leave'));
  });

  it('hides the run again without its permission', async () => {
    useUserStore.setState({ permissions: ['platform:job:list'] });
    renderPage();
    await screen.findByText('渠道查询超时');
    expect(screen.queryByTestId(`job-retry-${failed.id}`)).toBeNull();
  });
});
