import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TOrderKind } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PayModal } from './PayModal';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const { trade: r } = routeTables;

const renderModal = (kind?: TOrderKind) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <PayModal orderNo="YH1" kind={kind} onClose={() => undefined} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The QR dialog follows the order's state on the server: paid, and just as well closed. */
describe('PayModal', () => {
  let state: 'unpaid' | 'paid' | 'closed';
  beforeEach(() => {
    state = 'unpaid';
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === r.generateQrCode) {
        return Promise.resolve({
          orderNo: 'YH1',
          outTradeNo: 'YH1P1',
          channel: 'sandbox',
          amount: 10000,
          codeUrl: 'http://x/dev/pay/page?t=YH1P1',
          qrDataUrl: 'data:image/png;base64,AA==',
          expireAt: Date.now() + 15 * 60_000,
        });
      }
      if (route === r.findPayResult) return Promise.resolve({ orderNo: 'YH1', state, paidAt: null });
      return Promise.resolve(null);
    });
  });

  it('leaves 等待支付… for 订单已关闭 within seconds of the payer refusing (the order closed)', async () => {
    renderModal();
    expect(await screen.findByText('等待支付…')).toBeTruthy();
    state = 'closed';
    await waitFor(() => expect(screen.getByText('订单已关闭')).toBeTruthy(), { timeout: 4000 });
    expect(screen.queryByText('等待支付…')).toBeNull();
    expect(screen.queryByTestId('pay-qr')).toBeNull();
  });

  it('shows 支付成功 the same way once the order is paid', async () => {
    renderModal();
    expect(await screen.findByText('等待支付…')).toBeTruthy();
    state = 'paid';
    await waitFor(() => expect(screen.getByTestId('pay-modal').getAttribute('data-state')).toBe('paid'), {
      timeout: 4000,
    });
  });

  it('says what a seat payment brought: the seat, not a package', async () => {
    renderModal('seatPurchase');
    expect(await screen.findByText('等待支付…')).toBeTruthy();
    state = 'paid';
    expect(await screen.findByText('坐席已开通，可在坐席管理中查看', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(/套餐已到账/)).toBeNull();
  });
});
