import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TAppItem } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppCentrePage } from './AppCentrePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: vi.fn(),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const app = (over: Partial<TAppItem>): TAppItem => ({
  code: 'clue',
  name: '企业线索',
  description: '按条件查找企业',
  priceText: '按解锁企业数扣减线索额度',
  isListed: true,
  isBuilt: true,
  sort: 20,
  state: 'on',
  changedBy: '',
  changedAt: null,
  priceFen: 0,
  trialDays: 0,
  periodDays: 365,
  endsAt: null,
  canTrial: false,
  ...over,
});

const apps = [
  app({ code: 'call_analysis', name: 'AI 智能分析', state: 'disabled' }),
  app({}),
  app({ code: 'tencent_ec', name: '腾讯EC 同步', isBuilt: false, state: 'off' }),
  app({ code: 'open_platform', name: '开放平台', state: 'expired', priceFen: 9900, trialDays: 7, canTrial: true }),
];

describe('AppCentrePage', () => {
  beforeEach(() => callMock.mockReset());

  it('shows each add-on with its state, 即将上线 with no switch, offers a trial, and switches one on', async () => {
    callMock.mockImplementation(async (route?: { path: string }) =>
      route?.path === routeTables.appCentre.appList.path ? apps : apps[0],
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <AppCentrePage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const analysis = await screen.findByTestId('app-call_analysis');
    expect(within(analysis).getByTestId('app-state').textContent).toBe('已停用');
    expect(within(screen.getByTestId('app-clue')).getByTestId('app-state').textContent).toBe('已开通');
    const ec = screen.getByTestId('app-tencent_ec');
    expect(within(ec).getByTestId('app-state').textContent).toBe('即将上线');
    expect(within(ec).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('app-clue')).getByRole('link', { name: '详情' }).getAttribute('href')).toBe(
      '/menu/views/Application/details?code=clue',
    );
    const open = screen.getByTestId('app-open_platform');
    expect(within(open).getByTestId('app-state').textContent).toBe('已到期');
    // A priced add-on whose period is over is bought again, not switched on.
    expect(within(open).queryByTestId('app-on-open_platform')).toBeNull();
    expect(within(open).getByTestId('app-buy-open_platform').textContent).toContain('购买 ¥99.00/365天');
    fireEvent.click(within(open).getByTestId('app-trial-open_platform'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(expect.objectContaining({ path: routeTables.appCentre.appTrial.path }), {
        code: 'open_platform',
      }),
    );
    fireEvent.click(screen.getByTestId('app-on-call_analysis'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(expect.objectContaining({ path: routeTables.appCentre.appSwitch.path }), {
        code: 'call_analysis',
        isOn: true,
      }),
    );
  });
});
