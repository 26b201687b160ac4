import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TClueMatchRow } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchPage } from './BatchPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: vi.fn(),
  download: vi.fn(),
  upload: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.clueBatch;
const batchId = '00000000-0000-4000-8000-000000000001';
const row = (n: number, isUnlocked: boolean): TClueMatchRow => ({
  row: n + 1,
  input: `企业${n}`,
  companyId: n,
  name: `企业${n}`,
  creditCode: `91110000MA0000000${n}`,
  isUnlocked,
  isCustomer: false,
  isBlacklisted: false,
});

const renderPage = (search: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/menu/Clue/batchEnterprise${search}`]}>
        <App>
          <BatchPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('BatchPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(async (route) => {
      if (route === r.matchRows) return [row(1, false), row(2, true)];
      if (route === r.matchState) return { fileName: '名单.xlsx', invalidCount: 3 };
      if (route === routeTables.clue.quota) return { balance: 9, usedToday: 0, dailyLimit: 10 };
      if (route === r.matchConvert)
        return {
          charged: 1,
          converted: 1,
          balance: 8,
          outcomes: [
            {
              row: 2,
              companyId: 1,
              name: '企业1',
              isCharged: true,
              isUnlocked: true,
              isOk: true,
              customerId: 5,
              reason: '',
            },
            {
              row: 3,
              companyId: 2,
              name: '企业2',
              isCharged: false,
              isUnlocked: true,
              isOk: false,
              customerId: null,
              reason: '该手机号已在公海中，可直接领取',
            },
          ],
        };
      throw new Error(`unexpected ${String(route)}`);
    });
  });

  it('asks to upload a list when no batch is open', async () => {
    renderPage('');
    expect(await screen.findByText('上传名单并确认匹配后，在这里查看匹配到的企业。')).toBeTruthy();
    expect(callMock.mock.calls.some(([route]) => route === r.matchRows)).toBe(false);
  });

  it('shows the batch, says what the unlock will cost, then each company’s outcome', async () => {
    renderPage(`?batch=${batchId}`);
    expect(await screen.findByText('已匹配2家，未匹配3行；其中已解锁1家，已是客户0家')).toBeTruthy();
    expect(screen.getByText('匹配结果：名单.xlsx')).toBeTruthy();
    fireEvent.click(screen.getByTestId('clue-match-convert'));
    expect(await screen.findByText(/将解锁1家尚未解锁的企业（每家消耗1个额度，当前剩余9）/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('clue-match-convert-ok'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.matchConvert, { batchId, target: 'mine' }));
    expect(await screen.findByText('该手机号已在公海中，可直接领取')).toBeTruthy();
    expect(screen.getByTestId('clue-match-outcomes')).toBeTruthy();
  });
});
