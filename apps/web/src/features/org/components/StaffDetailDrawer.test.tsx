import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { orgStaffRoutes, type TStaffDetail } from '@yunhu/contract';
import { describe, expect, it, vi } from 'vitest';
import { StaffDetailDrawer } from './StaffDetailDrawer';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const detail: TStaffDetail = {
  id: 5,
  username: 'agent01',
  realName: '王强',
  mobile: '13900000003',
  jobNumber: '0003',
  deptId: 2,
  deptName: '销售一部',
  roles: [{ id: 3, name: '坐席' }],
  status: 'active',
  billingEnabled: false,
  lastLoginAt: null,
  createdAt: Date.UTC(2026, 0, 5, 2),
  headUrl: null,
  mustChangePassword: true,
  seats: [
    {
      id: 9,
      lineId: 1,
      lineName: '浙江软电话线路',
      lineMode: 2,
      state: 'inUse',
      startAt: Date.UTC(2026, 0, 1),
      expireAt: Date.UTC(2026, 11, 31, 4),
      autoRenewal: true,
    },
  ],
  softphone: { hasSeat: true, isOnline: false, onlineUntil: null },
};

const renderDrawer = (id: number | null) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaffDetailDrawer id={id} onClose={() => undefined} />
    </QueryClientProvider>,
  );

describe('StaffDetailDrawer', () => {
  it('shows the person with his roles, seats and lines, billing and soft-phone state', async () => {
    callMock.mockResolvedValue(detail);
    renderDrawer(5);
    expect(await screen.findByText('员工详情 · 王强')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(orgStaffRoutes.staffDetail, { id: 5 });
    expect(screen.getByText('坐席')).toBeTruthy();
    expect(screen.getByText('浙江软电话线路（软电话）· 使用中 · 到期 2026-12-31')).toBeTruthy();
    expect(screen.getByText('离线')).toBeTruthy();
    expect(screen.getByText('关闭')).toBeTruthy();
    expect(screen.getByText(/待本人首次登录修改密码/)).toBeTruthy();
  });

  it('says when he holds no seat, and until when an online soft-phone is registered', async () => {
    const until = Date.UTC(2026, 5, 1, 1, 2, 3);
    callMock.mockResolvedValue({
      ...detail,
      seats: [],
      softphone: { hasSeat: false, isOnline: true, onlineUntil: until },
    });
    renderDrawer(5);
    expect(await screen.findByText('未分配坐席')).toBeTruthy();
    expect(screen.getByText('在线（注册有效至 2026-06-01 09:02）')).toBeTruthy();
  });
});
