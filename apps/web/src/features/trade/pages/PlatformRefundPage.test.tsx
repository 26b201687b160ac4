import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TRefundApplication } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformRefundPage } from './PlatformRefundPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const { trade: r } = routeTables;
const application: TRefundApplication = {
  id: 5,
  applyNo: 'TD17000000000001234',
  tenantId: 2,
  enterpriseName: '演示科技有限公司',
  kind: 'seat',
  seatId: 9,
  subject: '坐席 9（APP 外呼线路）退订未使用的 2 个月',
  months: 2,
  amount: 10000,
  parts: [],
  reason: '人员调整',
  state: 'pending',
  rejectReason: '',
  channel: null,
  originalChannel: null,
  channelRefunds: [],
  examinedByName: '',
  examinedAt: null,
  createdByName: '管理员',
  createdAt: 1_700_000_000_000,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <PlatformRefundPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 退款审核: the platform sees what it refunds before approving, and must give a reason to reject. */
describe('PlatformRefundPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === r.platformRefundPage) {
        return Promise.resolve({ records: [application], total: 1, size: 10, current: 1, pages: 1 });
      }
      if (route === r.examine) return Promise.resolve({ ...application, state: 'approved' });
      return Promise.resolve(null);
    });
  });

  it('approves after a confirmation naming the enterprise and the amount', async () => {
    renderPage();
    const actions = await screen.findByTestId(`refund-actions-${application.applyNo}`);
    expect(screen.getByText('¥100.00')).toBeTruthy();
    fireEvent.click(within(actions).getByText(/通\s*过/));
    const confirm = await screen.findByText(/确定通过「演示科技有限公司」的退订申请？将退回 ¥100.00/);
    expect(confirm).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.examine, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.examine, { id: 5, isApproved: true }));
  });

  it('lets the platform send the money back through the order’s channel when it can', async () => {
    callMock.mockImplementation((route) => {
      if (route === r.platformRefundPage) {
        const paid = { ...application, kind: 'package', seatId: null, originalChannel: 'alipay' };
        return Promise.resolve({ records: [paid], total: 1, size: 10, current: 1, pages: 1 });
      }
      if (route === r.examine) return Promise.resolve({ ...application, state: 'approved' });
      return Promise.resolve(null);
    });
    renderPage();
    const actions = await screen.findByTestId(`refund-actions-${application.applyNo}`);
    fireEvent.click(within(actions).getByText(/通\s*过/));
    const choice = await screen.findByTestId('refund-target');
    fireEvent.click(within(choice).getByText(/原路退回（支付宝/));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.examine, { id: 5, isApproved: true, refundTo: 'original' }),
    );
  });

  it('offers a top-up’s refund only back the way it was paid (its money is in the balance already)', async () => {
    callMock.mockImplementation((route) => {
      if (route === r.platformRefundPage) {
        const topUp = { ...application, kind: 'recharge', seatId: null, months: 0, originalChannel: 'sandbox' };
        return Promise.resolve({ records: [topUp], total: 1, size: 10, current: 1, pages: 1 });
      }
      if (route === r.examine) return Promise.resolve({ ...application, state: 'approved' });
      return Promise.resolve(null);
    });
    renderPage();
    const actions = await screen.findByTestId(`refund-actions-${application.applyNo}`);
    fireEvent.click(within(actions).getByText(/通\s*过/));
    const choice = await screen.findByTestId('refund-target');
    expect(within(choice).queryByText('退回企业账户余额')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.examine, { id: 5, isApproved: true, refundTo: 'original' }),
    );
  });

  it('shows each order’s share of an approved 原路退回 and its state; a failed one says why and where the money went', async () => {
    const share = { channel: 'sandbox', reason: '', attempts: 1, finishedAt: 1_700_000_100_000 };
    const approved: TRefundApplication = {
      ...application,
      state: 'approved',
      channel: 'sandbox',
      examinedByName: '平台运营',
      channelRefunds: [
        { ...share, refundNo: 'TD1-1', orderNo: 'YH001', amount: 3000, state: 'success' },
        { ...share, refundNo: 'TD1-2', orderNo: 'YH002', amount: 2000, channel: 'balance', state: 'success' },
        {
          ...share,
          refundNo: 'TD1-3',
          orderNo: 'YH003',
          amount: 5000,
          state: 'failed',
          reason: '退款金额超过可退金额',
        },
        { ...share, refundNo: 'TD1-4', orderNo: 'YH004', amount: 100, state: 'processing', finishedAt: null },
      ],
    };
    callMock.mockImplementation((route) =>
      route === r.platformRefundPage
        ? Promise.resolve({ records: [approved], total: 1, size: 10, current: 1, pages: 1 })
        : Promise.resolve(null),
    );
    renderPage();
    expect((await screen.findByTestId('refund-share-TD1-1')).textContent).toBe('退款成功');
    expect(screen.getByText('订单 YH001：¥30.00')).toBeTruthy();
    expect(screen.getByText('订单 YH002：¥20.00')).toBeTruthy();
    expect(screen.getByText('退回余额')).toBeTruthy();
    expect(screen.getByTestId('refund-share-TD1-3').textContent).toBe('退款失败');
    expect(screen.getByTestId('refund-share-reason-TD1-3').textContent).toBe(
      '退款金额超过可退金额，已退回企业账户余额',
    );
    expect(screen.getByTestId('refund-share-TD1-4').textContent).toBe('退款中');
    expect(screen.queryByTestId(`refund-actions-${application.applyNo}`)).toBeNull();
  });

  it('rejects only with a reason', async () => {
    renderPage();
    const actions = await screen.findByTestId(`refund-actions-${application.applyNo}`);
    fireEvent.click(within(actions).getByText(/驳\s*回/));
    const modal = await screen.findByTestId('refund-reject-modal');
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('请填写驳回原因');
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '坐席仍在使用' } });
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.examine, { id: 5, isApproved: false, rejectReason: '坐席仍在使用' }),
    );
  });
});
