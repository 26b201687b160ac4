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
const pack = { id: 7, name: '线索包 100 条', units: 100, price: 19900, isEnabled: true, updatedAt: 0 };
const fresh: TClueQuota = {
  balance: 0,
  trialUnits: 50,
  trialTaken: false,
  trialAt: null,
  trialGranted: 0,
  boughtUnits: 0,
  usedUnits: 0,
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
      if (route === routeTables.cluePackage.packageList) return [pack];
      if (route === routeTables.clueOrder.packageBuy) return { orderNo: 'YH-CLUE-1' };
      if (route === routeTables.trade.generateQrCode) {
        return {
          orderNo: 'YH-CLUE-1',
          outTradeNo: 'YH-CLUE-1P1',
          channel: 'sandbox',
          amount: 19900,
          codeUrl: 'http://pay/x',
          qrDataUrl: 'data:image/png;base64,AA==',
          expireAt: Date.now() + 900_000,
        };
      }
      if (route === routeTables.trade.findPayResult) return { orderNo: 'YH-CLUE-1', state: 'unpaid', paidAt: null };
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

  it('shows what the trial gave, what was bought and what was used, and buys a package by QR code', async () => {
    quota = { ...fresh, balance: 130, trialTaken: true, trialAt: 0, trialGranted: 50, boughtUnits: 100, usedUnits: 20 };
    renderPage();
    expect(await screen.findByText('购买获得')).toBeTruthy();
    expect(screen.getByText('50 家')).toBeTruthy();
    expect(screen.getAllByText('100 家').length).toBeGreaterThan(0);
    expect(screen.getByText('20 家')).toBeTruthy();
    expect(await screen.findByText('¥199.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('clue-package-buy-7'));
    await waitFor(() =>
      expect(callMock.mock.calls.find(([route]) => route === routeTables.clueOrder.packageBuy)?.[1]).toEqual({
        packageId: 7,
        quantity: 1,
      }),
    );
    expect(await screen.findByText('YH-CLUE-1')).toBeTruthy();
  });
});
