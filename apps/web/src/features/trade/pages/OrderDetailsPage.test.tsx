import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrderDetails } from '../api';
import { OrderDetailsPage } from './OrderDetailsPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const { trade: r } = routeTables;
const order: TOrderDetails = {
  id: 7,
  orderNo: 'YH20261125000000123456',
  tenantId: 2,
  enterpriseName: '演示科技有限公司',
  kind: 'seatPurchase',
  state: 'partRefunded',
  subject: '坐席 ×1（3 个月）',
  items: [],
  amount: 15000,
  refundedAmount: 10000,
  expireAt: 1_700_000_000_000,
  paidAt: 1_700_000_000_000,
  closedAt: null,
  channel: 'sandbox',
  channelTradeNo: 'SBX1',
  createdByName: '管理员',
  createdAt: 1_700_000_000_000,
  payments: [],
  refunds: [],
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/order/orderDetails?orderNo=${order.orderNo}`]}>
        <App>
          <OrderDetailsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 订单详情: the order's 退款记录 — each refund share of it, its number, state and why it failed. */
describe('OrderDetailsPage', () => {
  beforeEach(() => callMock.mockReset());

  it('lists the order’s refund shares with their state; a failed one says the money is back in the balance', async () => {
    const share = { orderNo: order.orderNo, channel: 'sandbox', attempts: 1, finishedAt: 1_700_000_100_000 };
    callMock.mockImplementation((route) =>
      route === r.orderDetails
        ? Promise.resolve({
            ...order,
            refunds: [
              { ...share, refundNo: 'TD1-3', amount: 6000, state: 'success', reason: '' },
              { ...share, refundNo: 'TD2-3', amount: 4000, state: 'failed', reason: '微信支付退款已关闭' },
            ],
          })
        : Promise.resolve(null),
    );
    renderPage();
    const table = await screen.findByTestId('order-refunds');
    expect(within(table).getByText('TD1-3')).toBeTruthy();
    expect(within(table).getByTestId('refund-share-TD1-3').textContent).toBe('退款成功');
    expect(within(table).getByTestId('refund-share-TD2-3').textContent).toBe('退款失败');
    expect(within(table).getByText('微信支付退款已关闭，已退回企业账户余额')).toBeTruthy();
    expect(within(table).getByText('¥60.00')).toBeTruthy();
  });

  it('shows no refund section for an order nothing was refunded of', async () => {
    callMock.mockImplementation((route) =>
      route === r.orderDetails
        ? Promise.resolve({ ...order, state: 'paid', refundedAmount: 0 })
        : Promise.resolve(null),
    );
    renderPage();
    await screen.findByText(order.orderNo);
    expect(screen.queryByTestId('order-refunds')).toBeNull();
    // Not a top-up: no 充值退款 here (seats and packages are refunded from their own screens).
    expect(screen.queryByTestId('recharge-refund-open')).toBeNull();
  });

  it('shows a 线索包 item by the companies it unlocks, kept until used', async () => {
    const item = { productId: 1, name: '线索包 100 条', lineId: 0, minutes: 0, validityDays: 0, unitPrice: 19900 };
    callMock.mockImplementation((route) =>
      route === r.orderDetails
        ? Promise.resolve({
            ...order,
            kind: 'cluePackage',
            state: 'paid',
            refundedAmount: 0,
            items: [{ ...item, units: 100, quantity: 2 }],
          })
        : Promise.resolve(null),
    );
    renderPage();
    expect(await screen.findByText('解锁 100 家企业')).toBeTruthy();
    expect(screen.getByText('长期有效')).toBeTruthy();
    expect(screen.queryByText('0 分钟')).toBeNull();
  });

  it('applies for the refund of a paid top-up with a reason', async () => {
    const topUp = {
      ...order,
      kind: 'recharge' as const,
      state: 'paid' as const,
      refundedAmount: 0,
      subject: '余额充值 150.00 元',
    };
    callMock.mockImplementation((route) =>
      route === r.orderDetails
        ? Promise.resolve(topUp)
        : Promise.resolve({ id: 1, kind: 'recharge', state: 'pending' }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('recharge-refund-open'));
    const modal = await screen.findByTestId('recharge-refund-modal');
    expect(within(modal).getByText(/尚未使用的部分（不超过当前账户余额）/)).toBeTruthy();
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '多充了' } });
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.rechargeRefundApply, { orderNo: order.orderNo, reason: '多充了' }),
    );
  });
});
