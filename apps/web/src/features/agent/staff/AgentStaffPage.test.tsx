import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AgentPerm, agentRoutes, type TRole, type TStaff } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentStaffPage } from './AgentStaffPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = agentRoutes;
const clerkRole: TRole = {
  id: 4,
  name: '业务员',
  remark: '',
  dataScope: 'all',
  isAdmin: false,
  status: 'active',
  permissions: ['agent:enterprise:list'],
  userCount: 1,
  createdAt: 0,
};
const clerk: TStaff = {
  id: 9,
  username: 'clerk01',
  realName: '岱代业务员',
  mobile: '136****0001',
  jobNumber: '0002',
  deptId: 1,
  deptName: '舟山岱代',
  roles: [{ id: 4, name: '业务员' }],
  status: 'active',
  billingEnabled: false,
  lastLoginAt: null,
  createdAt: 0,
};

const answer = (route: unknown) => {
  if (route === r.agentStaffPage) return { records: [clerk], total: 1, current: 1, size: 20, pages: 1 };
  if (route === r.agentRoleList) return [clerkRole];
  if (route === r.agentStaffAdd) return { id: 10, initialPassword: null };
  return null;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AgentStaffPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 员工管理 of the agent console: org's staff screen over the agent's routes, without the enterprise's extras. */
describe('AgentStaffPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(answer(route)));
    useUserStore.setState({ permissions: [AgentPerm.staffManage] });
  });

  it("lists the agent's people with no department, billing, delete, import or export", async () => {
    renderPage();
    const list = await screen.findByTestId('list-agentStaff');
    await waitFor(() => expect(list.textContent).toContain('clerk01'));
    expect(callMock).toHaveBeenCalledWith(r.agentStaffPage, expect.anything());
    for (const text of ['部门', '计费', '删除']) expect(within(list).queryByText(text)).toBeNull();
    expect(screen.queryByTestId('staff-import')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
    expect(within(list).getByTestId('agent-staff-edit-clerk01')).toBeTruthy();
  });

  it('adds a person with the agent route: account, name, mobile, roles and password, no department', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('agent-staff-add'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('部门')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('账号'), { target: { value: 'clerk02' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '岱代二号' } });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13600000002' } });
    fireEvent.change(within(dialog).getByLabelText('初始密码'), { target: { value: 'Given@2026x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.agentStaffAdd, {
        username: 'clerk02',
        realName: '岱代二号',
        mobile: '13600000002',
        roleIds: [],
        password: 'Given@2026x',
      }),
    );
  });
});
