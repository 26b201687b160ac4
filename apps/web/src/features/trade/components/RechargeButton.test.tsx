import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountCard } from './AccountCard';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const { trade: r } = routeTables;

const renderCard = (at = '/menu/account/accountDetails') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <App>
          <AccountCard />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 充值 beside the balance: an amount in yuan, a recharge order in fen, its QR dialog, the balance after. */
describe('RechargeButton', () => {
  let balance: number;
  let state: 'unpaid' | 'paid';
  beforeEach(() => {
    balance = 5_000;
    state = 'unpaid';
    callMock.mockReset();
    callMock.mockImplementation((route, input) => {
      if (route === r.account) return Promise.resolve({ tenantId: 1, enterpriseName: '演示', balance, frozen: 0 });
      if (route === r.recharge) return Promise.resolve({ orderNo: 'YH9', kind: 'recharge', amount: input.amount });
      if (route === r.generateQrCode) {
        return Promise.resolve({
          orderNo: 'YH9',
          outTradeNo: 'YH9P1',
          channel: 'sandbox',
          amount: 20_050,
          codeUrl: 'http://x/dev/pay/page?t=YH9P1',
          qrDataUrl: 'data:image/png;base64,AA==',
          expireAt: Date.now() + 15 * 60_000,
        });
      }
      if (route === r.findPayResult) return Promise.resolve({ orderNo: 'YH9', state, paidAt: null });
      return Promise.resolve(null);
    });
  });

  it('orders the amount asked in fen, shows its QR, and the new balance once paid', async () => {
    renderCard();
    expect((await screen.findByTestId('account-balance')).textContent).toContain('50.00');
    fireEvent.click(screen.getByTestId('recharge-open'));
    const modal = await screen.findByTestId('recharge-modal');
    expect(within(modal).getByText(/单笔 10 至 50000 元/)).toBeTruthy();
    fireEvent.change(within(modal).getByRole('spinbutton'), { target: { value: '200.5' } });
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.recharge, { amount: 20_050 }));
    expect(await screen.findByTestId('pay-qr')).toBeTruthy();
    expect(screen.getByText(/200\.50/)).toBeTruthy();
    balance = 25_050;
    state = 'paid';
    expect(await screen.findByText('余额已到账，可在收支明细中查看', {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toContain('250.50'));
  });

  it('opens from ?recharge=1 (the low-balance reminder’s link) and asks for an amount before ordering anything', async () => {
    renderCard('/menu/account/accountDetails?recharge=1');
    const modal = await screen.findByTestId('recharge-modal');
    fireEvent.change(within(modal).getByRole('spinbutton'), { target: { value: '' } });
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    expect(await within(modal).findByText('请输入充值金额')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.recharge, expect.anything());
  });
});
