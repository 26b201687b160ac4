import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TClueCompany, type TClueRow } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LookingPage } from './LookingPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: vi.fn(),
  download: vi.fn(),
  upload: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.clue;
const rowOf = (over: Partial<TClueRow> = {}): TClueRow => ({
  id: 7,
  creditCode: '91440300MA00000007',
  name: '深圳华信网络科技有限公司',
  kind: '有限责任公司（自然人投资或控股）',
  legalPerson: '王伟',
  capitalWan: 1000,
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  industry: '信息传输、软件和信息技术服务业',
  status: '存续',
  foundedOn: '2018-05-06',
  staffBand: '50-99人',
  hasMobile: true,
  isUnlocked: false,
  isCustomer: false,
  isBlacklisted: false,
  ...over,
});
const companyOf = (isUnlocked: boolean): TClueCompany => ({
  ...rowOf({ isUnlocked }),
  scope: '软件开发；网络技术服务',
  address: '广东省深圳市南山区科技路1号',
  contacts: [
    isUnlocked
      ? { name: '王伟', role: '法定代表人', mobile: '13812345678', phone: '' }
      : { name: '王**', role: '法定代表人', mobile: '138****5678', phone: '' },
  ],
  unlockedAt: isUnlocked ? Date.UTC(2026, 11, 3, 2) : null,
  unlockedBy: isUnlocked ? '系统管理员' : null,
  customerId: null,
});
const quota = {
  balance: 50,
  trialUnits: 50,
  trialTaken: true,
  trialAt: 1,
  dailyLimit: 10,
  usedToday: 2,
  unlockedTotal: 2,
  source: '模拟企业库（开发用）',
};

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <LookingPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const searches = () => callMock.mock.calls.filter(([route]) => route === r.companyPage).map(([, input]) => input);

describe('LookingPage', () => {
  let isUnlocked: boolean;
  beforeEach(() => {
    isUnlocked = false;
    callMock.mockReset();
    callMock.mockImplementation(async (route, input) => {
      if (route === r.companyPage)
        return {
          records: [rowOf({ isUnlocked }), rowOf({ id: 8, name: '深圳宏达物流有限公司', isCustomer: true })],
          total: 2,
          size: 20,
          current: 1,
          pages: 1,
          isCapped: false,
          source: quota.source,
        };
      if (route === r.quota) return quota;
      if (route === r.companyInfo) return companyOf(isUnlocked);
      if (route === r.companyUnlock) {
        isUnlocked = true;
        return companyOf(true);
      }
      if (route === r.convert)
        return (input as { ids: number[] }).ids.map((id) => ({
          companyId: id,
          name: '深圳华信网络科技有限公司',
          isOk: false,
          customerId: null,
          reason: '该手机号已在公海中，可直接领取',
        }));
      return null;
    });
  });

  it('searches with the filters kept in the URL, names the simulated source and marks customers', async () => {
    const filter = { keyword: '网络', region: ['广东省', '深圳市'], hasMobile: 'yes', capitalBand: 2 };
    renderAt(`/?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(await screen.findByText('深圳华信网络科技有限公司')).toBeTruthy();
    expect(searches()[0]).toMatchObject({
      keyword: '网络',
      province: '广东省',
      city: '深圳市',
      hasMobile: true,
      capitalBand: 2,
      page: 1,
    });
    expect(searches()[0]).not.toHaveProperty('region');
    expect(await screen.findByText(/数据来源：模拟企业库（开发用）/)).toBeTruthy();
    expect(screen.getByText('已是客户')).toBeTruthy();
    expect(within(screen.getByTestId('clue-quota-summary')).getByText('剩余额度：50')).toBeTruthy();
  });

  it('marks a company of the company black-list and offers no unlock for it', async () => {
    const listed = rowOf({ isBlacklisted: true });
    callMock.mockImplementation(async (route) => {
      if (route === r.companyPage)
        return { records: [listed], total: 1, size: 20, current: 1, pages: 1, isCapped: false, source: quota.source };
      if (route === r.quota) return quota;
      if (route === r.companyInfo) return { ...companyOf(false), isBlacklisted: true };
      return null;
    });
    renderAt('/');
    expect(await screen.findByText('已拉黑')).toBeTruthy();
    fireEvent.click(screen.getByText('深圳华信网络科技有限公司'));
    expect(await screen.findByTestId('clue-blacklisted')).toBeTruthy();
    expect(screen.queryByTestId('clue-unlock')).toBeNull();
  });

  it('shows the contacts masked, unlocks them, then converts with the CRM reason per company', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByText('深圳华信网络科技有限公司'));
    expect(await screen.findByText('138****5678')).toBeTruthy();
    expect(screen.getByText('解锁后查看完整的联系人姓名和号码。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('clue-unlock'));
    expect(await screen.findByText('13812345678')).toBeTruthy();
    expect(callMock.mock.calls.some(([route, input]) => route === r.companyUnlock && input.id === 7)).toBe(true);
    fireEvent.click(await screen.findByTestId('clue-convert-one'));
    const modal = await screen.findByTestId('clue-convert-modal');
    fireEvent.click(within(modal).getByRole('button', { name: '转为客户' }));
    expect(await screen.findByText('该手机号已在公海中，可直接领取')).toBeTruthy();
    await waitFor(() =>
      expect(callMock.mock.calls.find(([route]) => route === r.convert)?.[1]).toEqual({ ids: [7], target: 'mine' }),
    );
  });
});
