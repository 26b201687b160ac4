import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { platformRoutes, type TEnterprise } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { EnterprisePage } from './EnterprisePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));
const successMock = vi.fn();
vi.mock('../../../shared/feedback', () => ({
  feedback: { message: { success: (...args: unknown[]) => successMock(...args) } },
}));

const enterprise = (over: Partial<TEnterprise>): TEnterprise => ({
  id: 1,
  code: 'E100001',
  name: '演示科技有限公司',
  status: 'active',
  statusReason: '',
  authState: 2,
  authStateLabel: '企业认证',
  adminName: '张明',
  adminMobile: '139****0001',
  userCount: 8,
  agentName: null,
  distributorName: null,
  createdAt: Date.UTC(2026, 10, 1),
  examinedAt: null,
  ...over,
});

/** 企业列表: which reseller brought each enterprise. */
describe('EnterprisePage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      route === platformRoutes.enterprisePage
        ? Promise.resolve({
            records: [
              enterprise({}),
              enterprise({ id: 2, code: 'E100002', name: '甬通贸易', agentName: '宁波甬代' }),
              enterprise({
                id: 3,
                code: 'E100003',
                name: '城东商贸',
                agentName: '宁波甬代',
                distributorName: '城东经销',
              }),
            ],
            total: 3,
            size: 20,
            current: 1,
            pages: 1,
          })
        : Promise.resolve(null),
    );
  });

  const renderPage = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <App>
            <EnterprisePage />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('shows the reseller (and its distributor) that brought each enterprise, or that it registered directly', async () => {
    renderPage();
    expect(await screen.findByText('城东商贸')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '来源代理商' })).toBeTruthy();
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('演示科技有限公司')).getByText('直接注册')).toBeTruthy();
    expect(within(rowOf('甬通贸易')).getByText('宁波甬代')).toBeTruthy();
    expect(within(rowOf('城东商贸')).getByText('宁波甬代（经销商：城东经销）')).toBeTruthy();
  });

  it('opens a new enterprise with its administrator (新建企业) and says its code', async () => {
    useUserStore.setState({ permissions: ['platform:enterprise:list', 'platform:enterprise:examine'] });
    const answer = callMock.getMockImplementation()!;
    callMock.mockImplementation((route, input) =>
      route === platformRoutes.enterpriseCreate
        ? Promise.resolve(enterprise({ id: 9, code: 'E100009', name: '平台开通科技有限公司' }))
        : answer(route, input),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('enterprise-create'));
    const dialog = await screen.findByTestId('enterprise-create-modal');
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('企业名称', '平台开通科技有限公司');
    fill('联系人', '周开通');
    fill('联系人手机号', '13700000001');
    fill('管理员账号', 'pcreate1');
    fill('初始密码', 'Open@2026x');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(platformRoutes.enterpriseCreate, {
        enterpriseName: '平台开通科技有限公司',
        realName: '周开通',
        mobile: '13700000001',
        username: 'pcreate1',
        password: 'Open@2026x',
      }),
    );
    await waitFor(() =>
      expect(successMock).toHaveBeenCalledWith('已开通企业「平台开通科技有限公司」，企业编号 E100009'),
    );
  });

  it('stops an enterprise only with a written reason, and sends that reason', async () => {
    useUserStore.setState({ permissions: ['platform:enterprise:list', 'platform:enterprise:status'] });
    renderPage();
    const row = (await screen.findByText('甬通贸易')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /停\s*用/ }));
    const dialog = (await screen.findByText('停用企业')).closest('.ant-modal') as HTMLElement;
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    fireEvent.change(within(dialog).getByLabelText('原因（企业可见）'), { target: { value: '   ' } });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(platformRoutes.setStatus, expect.anything());
    fireEvent.change(within(dialog).getByLabelText('原因（企业可见）'), { target: { value: '欠费停用' } });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(platformRoutes.setStatus, { id: 2, status: 'closed', reason: '欠费停用' }),
    );
    await waitFor(() => expect(successMock).toHaveBeenCalledWith('已停用「甬通贸易」，其员工已全部退出登录'));
  });

  it('offers 新建企业 only with the examine permission', async () => {
    useUserStore.setState({ permissions: ['platform:enterprise:list'] });
    renderPage();
    await screen.findByText('城东商贸');
    expect(screen.queryByTestId('enterprise-create')).toBeNull();
  });
});
