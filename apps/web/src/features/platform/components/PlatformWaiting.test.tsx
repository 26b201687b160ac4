import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { platformRoutes } from '@yunhu/contract';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformWaiting, platformWaitingRefreshMs } from './PlatformWaiting';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

let registrations = 1;
const renderWaiting = () =>
  render(
    // As the app's client: no refetch on focus unless a query asks for it.
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })}
    >
      <MemoryRouter>
        <PlatformWaiting />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const shown = () => screen.getByTestId('platform-waiting').textContent ?? '';

/** 待处理事项 follows the queues while the platform's home stays open, without 刷新工作台. */
describe('PlatformWaiting', () => {
  beforeEach(() => {
    registrations = 1;
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      route === platformRoutes.waiting
        ? Promise.resolve({ registrations, certifications: 0, seatCancellations: 0, refunds: 0 })
        : Promise.resolve(null),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  it('asks again when the operator comes back to the window', async () => {
    renderWaiting();
    await waitFor(() => expect(callMock).toHaveBeenCalledTimes(1));
    registrations = 3;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(callMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(shown()).toContain('3'));
  });

  it('asks again every minute while it is shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWaiting();
    await waitFor(() => expect(callMock).toHaveBeenCalledTimes(1));
    registrations = 5;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(platformWaitingRefreshMs);
    });
    await waitFor(() => expect(callMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(shown()).toContain('5'));
  });
});
