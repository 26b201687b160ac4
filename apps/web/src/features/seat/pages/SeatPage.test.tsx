import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables, TradePerm, type TSeat } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { SeatPage } from './SeatPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = routeTables.seat;
const tr = routeTables.trade;
const seat = (over: Partial<TSeat>): TSeat => ({
  id: 1,
  lineId: 1,
  lineName: '移动线路',
  lineMode: 2,
  userId: null,
  userName: null,
  username: null,
  deptName: null,
  startAt: 1_700_000_000_000,
  expireAt: 1_800_000_000_000,
  autoRenewal: false,
  state: 'free',
  ...over,
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <SeatPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('SeatPage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.seatUpdate]);
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === r.list) {
        const records = [seat({ id: 1 }), seat({ id: 2, userId: 9, userName: '王强', username: 'wq', state: 'inUse' })];
        return Promise.resolve({ records, total: 2, size: 20, current: 1, pages: 1 });
      }
      if (route === r.countMap) return Promise.resolve({ total: 2, byState: {}, byLine: [] });
      if (route === r.seatPriceList) {
        return Promise.resolve([
          { lineId: 1, lineName: '移动线路', lineMode: 2, seatPricePerMonth: 5000, pricePerMinute: 12 },
        ]);
      }
      return Promise.resolve(route === routeTables.line.lineOptions ? [] : null);
    });
  });

  it('sends the holder filter, and releases a held seat only after the confirmation', async () => {
    renderPage();
    expect(await screen.findByText('王强')).toBeTruthy();
    fireEvent.change(screen.getByTestId('seat-filter-user'), { target: { value: '王' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.list, { page: 1, limit: 20, userName: '王' }));

    const held = screen.getByTestId('seat-actions-2');
    fireEvent.click(within(held).getByRole('button', { name: /释\s*放/ }));
    expect(await screen.findByText('确定释放 王强 的坐席？释放后该员工将无法使用此线路外呼')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.releaseSeat, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.releaseSeat, { id: 2 }));
    expect(within(screen.getByTestId('seat-actions-1')).queryByRole('button', { name: /释\s*放/ })).toBeNull();
  });

  it('offers 删除 only for a free seat past its expiry: time left was paid for', async () => {
    callMock.mockImplementation((route) => {
      if (route === r.list) {
        const records = [seat({ id: 1 }), seat({ id: 3, expireAt: Date.now() - 86_400_000, state: 'expired' })];
        return Promise.resolve({ records, total: 2, size: 20, current: 1, pages: 1 });
      }
      if (route === r.countMap) return Promise.resolve({ total: 2, byState: {}, byLine: [] });
      return Promise.resolve(route === routeTables.line.lineOptions ? [] : null);
    });
    renderPage();
    const expired = await screen.findByTestId('seat-actions-3');
    expect(within(screen.getByTestId('seat-actions-1')).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    fireEvent.click(within(expired).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除该已到期的空闲坐席？删除后不可恢复')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.deleteSeat, { id: 3 }));
  });

  const order = (over: object) => ({
    id: 3,
    orderNo: 'YH3',
    tenantId: 1,
    enterpriseName: '演示',
    kind: 'seatRenewal',
    state: 'paid',
    subject: '坐席 1 续费 3 个月',
    items: [],
    amount: 15000,
    refundedAmount: 0,
    expireAt: Date.now() + 60_000,
    paidAt: Date.now(),
    closedAt: null,
    channel: 'balance',
    channelTradeNo: null,
    createdByName: '管理员',
    createdAt: Date.now(),
    ...over,
  });

  it('renews from the balance with one request id per dialog, priced from the line', async () => {
    const base = callMock.getMockImplementation()!;
    callMock.mockImplementation((route, input) =>
      route === tr.seatRenewal
        ? Promise.resolve({ order: order({}), isPaid: true, balance: 35000 })
        : base(route, input),
    );
    renderPage();
    const free = await screen.findByTestId('seat-actions-1');
    fireEvent.click(within(free).getByRole('button', { name: /续\s*费/ }));
    const modal = await screen.findByTestId('seat-renew-modal');
    await waitFor(() =>
      expect(within(modal).getByTestId('seat-renew-cost').textContent).toBe('共 1 个坐席，需支付 50.00 元'),
    );
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(tr.seatRenewal, { ids: [1], months: 1, requestId: expect.any(String) }),
    );
    // Paid from the balance: no QR code is asked for.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('pay-modal')).toBeNull();
    expect(callMock).not.toHaveBeenCalledWith(tr.generateQrCode, expect.anything());
  });

  it('buys seats at the line’s price, saying the refund rule first, and opens the QR code of the order', async () => {
    useUserStore.getState().setPermissions([Perm.seatUpdate, TradePerm.seatBuy]);
    const base = callMock.getMockImplementation()!;
    callMock.mockImplementation((route, input) => {
      if (route === tr.buySeat)
        return Promise.resolve(order({ kind: 'seatPurchase', state: 'unpaid', orderNo: 'YH9' }));
      if (route === tr.generateQrCode) {
        return Promise.resolve({
          orderNo: 'YH9',
          outTradeNo: 'YH9P1',
          channel: 'sandbox',
          amount: 5000,
          codeUrl: 'http://x/dev/pay/page?t=YH9P1',
          qrDataUrl: 'data:image/png;base64,AA==',
          expireAt: Date.now() + 15 * 60_000,
        });
      }
      if (route === tr.findPayResult) return Promise.resolve({ orderNo: 'YH9', state: 'unpaid', paidAt: null });
      return base(route, input);
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('seat-buy'));
    const modal = await screen.findByTestId('seat-buy-modal');
    // Before paying, the buyer reads what a mistaken purchase gets back.
    expect(within(modal).getByTestId('seat-buy-refund-rule').textContent).toBe(
      '买错了？购买后 24 小时内、坐席未拨打过电话的，可申请退订并全额退款；之后按剩余整月退款',
    );
    fireEvent.mouseDown(within(modal).getByRole('combobox', { name: '线路' }));
    fireEvent.click(await screen.findByText('移动线路（50.00 元/个/月）'));
    await waitFor(() => expect(within(modal).getByTestId('seat-buy-cost').textContent).toBe('应付金额 50.00 元'));
    fireEvent.click(within(modal).getByRole('button', { name: '下单并支付' }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(tr.buySeat, { lineId: 1, count: 1, months: 1 }));
    expect(await screen.findByTestId('pay-qr')).toBeTruthy();
  });
});
