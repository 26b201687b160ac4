import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TContract } from '@yunhu/contract';
import { App, ConfigProvider } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandForm } from './BrandForm';
import { ContractModal } from './ContractModal';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const day = 86_400_000;
const contract: TContract = {
  id: 1,
  tenantId: 2,
  enterpriseName: '演示科技有限公司',
  contractNo: 'HT-2026-0001',
  signedAt: 1_790_000_000_000,
  seats: 20,
  seatPrice: 19_900,
  startAt: 1_790_000_000_000,
  endAt: 1_790_000_000_000 + 365 * day,
  remark: '',
  updatedAt: 1_790_000_000_000,
};

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>{node}</App>
      </ConfigProvider>
    </QueryClientProvider>,
  );

describe('platform content forms', () => {
  beforeEach(() => callMock.mockReset());

  it('shows the seat price in yuan and saves it in fen', async () => {
    callMock.mockResolvedValue({ ...contract, seatPrice: 25_050 });
    wrap(<ContractModal open tenantId={2} contract={contract} onClose={() => undefined} />);
    const price = await screen.findByLabelText('坐席单价（元/月）');
    expect((price as HTMLInputElement).value).toBe('199.00');
    fireEvent.change(price, { target: { value: '250.5' } });
    fireEvent.blur(price);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        routeTables.platformContent.saveContract,
        expect.objectContaining({ tenantId: 2, contractNo: 'HT-2026-0001', seatPrice: 25_050, seats: 20 }),
      ),
    );
  });

  it("shows a host's fallbacks and saves only that host's values", async () => {
    callMock.mockResolvedValue({ host: 'crm.yt.com', values: {}, ownKeys: [] });
    const empty = {
      platform_name: '',
      home_logo: '',
      user_guide: '',
      qrcode: '',
      app_product: [],
      data_audit: '',
      third_api: '',
      application_center: '',
      urp: '',
      nda: '',
      bounty_hunter: '',
    };
    wrap(
      <BrandForm
        host="crm.yt.com"
        values={empty}
        defaults={{ ...empty, platform_name: '云呼外呼管理平台' }}
        isNew
        onDeleted={() => undefined}
      />,
    );
    expect(screen.getByText('默认：云呼外呼管理平台')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('平台名称'), { target: { value: '甬通外呼' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        routeTables.platformContent.brandSave,
        expect.objectContaining({ host: 'crm.yt.com', values: expect.objectContaining({ platform_name: '甬通外呼' }) }),
      ),
    );
  });
});
