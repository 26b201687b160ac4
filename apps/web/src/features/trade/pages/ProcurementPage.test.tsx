import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TPacketProduct } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProcurementPage } from './ProcurementPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const { trade: r, packet: p } = routeTables;
const product = (over: Partial<TPacketProduct>): TPacketProduct => ({
  id: 1,
  type: 'minutes',
  lineId: 7,
  lineName: '浙江软电话线路',
  name: '1000分钟月包',
  minutes: 1000,
  price: 12000,
  validityDays: 30,
  isEnabled: true,
  updatedAt: 1_700_000_000_000,
  ...over,
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <ProcurementPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 采购中心: the plan sums what was chosen, and the order names products and quantities only. */
describe('ProcurementPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === p.list)
        return Promise.resolve([product({}), product({ id: 2, name: '5000分钟季包', price: 55000 })]);
      if (route === r.account)
        return Promise.resolve({ tenantId: 1, enterpriseName: '演示', balance: 50000, frozen: 0 });
      if (route === r.buy) return Promise.resolve({ orderNo: 'YH1' });
      if (route === r.generateQrCode) {
        return Promise.resolve({
          orderNo: 'YH1',
          outTradeNo: 'YH1P1',
          channel: 'sandbox',
          amount: 79000,
          codeUrl: 'http://x/dev/pay/page?t=YH1P1',
          qrDataUrl: 'data:image/png;base64,AA==',
          expireAt: Date.now() + 15 * 60_000,
        });
      }
      if (route === r.findPayResult) return Promise.resolve({ orderNo: 'YH1', state: 'unpaid', paidAt: null });
      return Promise.resolve(null);
    });
  });

  it('adds chosen packages to the plan with their total, and orders them by id and quantity', async () => {
    renderPage();
    await screen.findByText('5000分钟季包');
    expect(screen.getByTestId('account-balance').textContent).toContain('¥500.00');
    fireEvent.change(
      screen.getByTestId('procure-qty-1').querySelector('input') ?? screen.getByTestId('procure-qty-1'),
      {
        target: { value: '2' },
      },
    );
    fireEvent.click(screen.getByTestId('procure-choose-1'));
    fireEvent.click(screen.getByTestId('procure-choose-2'));
    const plan = screen.getByTestId('procure-plan');
    await waitFor(() => expect(within(plan).getByTestId('procure-total').textContent).toContain('¥790.00'));
    fireEvent.click(within(plan).getByTestId('procure-confirm'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.buy, {
        items: [
          { productId: 1, quantity: 2 },
          { productId: 2, quantity: 1 },
        ],
      }),
    );
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.generateQrCode, { orderNo: 'YH1' }));
    expect(await screen.findByTestId('pay-qr')).toBeTruthy();
    expect(screen.getByTestId('pay-countdown').textContent).toMatch(/剩余支付时间 1[45]:\d\d/);
  });
});
