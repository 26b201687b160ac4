import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TClueQuota } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QuotaPage } from './QuotaPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: vi.fn(),
  download: vi.fn(),
  upload: vi.fn(),
}));
let canManage = true;
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => canManage }));

const r = routeTables.clue;
const fresh: TClueQuota = {
  balance: 0,
  trialUnits: 50,
  trialTaken: false,
  trialAt: null,
  dailyLimit: 10,
  usedToday: 0,
  unlockedTotal: 0,
  source: '模拟企业库（开发用）',
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <QuotaPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('QuotaPage', () => {
  let quota: TClueQuota;
  beforeEach(() => {
    canManage = true;
    quota = fresh;
    callMock.mockReset();
    callMock.mockImplementation(async (route, input) => {
      if (route === r.quota) return quota;
      if (route === r.trialTake) {
        quota = { ...quota, balance: 50, trialTaken: true, trialAt: Date.UTC(2026, 11, 3, 2) };
        return quota;
      }
      if (route === r.settingsSave) {
        quota = { ...quota, dailyLimit: (input as { dailyLimit: number }).dailyLimit };
        return quota;
      }
      if (route === r.quotaLedger) return { records: [], total: 0, size: 20, current: 1, pages: 0 };
      return null;
    });
  });

  it('lets an administrator take the trial once and set the daily limit', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('clue-trial'));
    expect(await screen.findByText('已于 2026-12-03 10:00 领取')).toBeTruthy();
    expect(screen.queryByTestId('clue-trial')).toBeNull();
    fireEvent.change(screen.getByTestId('clue-daily-limit'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('clue-daily-save'));
    await waitFor(() =>
      expect(callMock.mock.calls.find(([route]) => route === r.settingsSave)?.[1]).toEqual({ dailyLimit: 3 }),
    );
    expect(screen.getByText('模拟企业库（开发用）')).toBeTruthy();
  });

  it('shows someone without the settings string the quota, no button', async () => {
    canManage = false;
    renderPage();
    expect(await screen.findByText('未领取')).toBeTruthy();
    expect(screen.queryByTestId('clue-trial')).toBeNull();
    expect(screen.queryByTestId('clue-daily-limit')).toBeNull();
  });
});
