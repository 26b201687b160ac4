import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { orgRoleRoutes, orgRoutes, Perm, type TMenuOut, type TRole } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { PermissionsPage } from './PermissionsPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const tree: TMenuOut[] = [
  {
    menuId: '20',
    name: '客户管理',
    url: 'CRM/myCustomer',
    icon: '',
    type: 1,
    perms: 'crm:customer:list',
    inMenu: true,
  },
];
const admin: TRole = {
  id: 1,
  name: '管理员',
  remark: '',
  dataScope: 'all',
  isAdmin: true,
  status: 'active',
  permissions: ['crm:customer:list'],
  userCount: 1,
  createdAt: 0,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <PermissionsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 角色权限 of an enterprise: org's role screen with a data scope per role and button permissions. */
describe('PermissionsPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(route === orgRoleRoutes.roleList ? [admin] : route === orgRoutes.selectMenu ? tree : null),
    );
    useUserStore.setState({ permissions: [Perm.roleList, Perm.roleAdd, Perm.roleUpdate] });
  });

  it('shows each role with its data scope, and no delete without its permission nor for the administrator role', async () => {
    renderPage();
    const roles = await screen.findByTestId('roles');
    await within(roles).findByText('管理员');
    expect(within(roles).getByText('全部数据')).toBeTruthy();
    expect(within(roles).getByTestId('role-edit-管理员')).toBeTruthy();
    expect(within(roles).queryByText('删除')).toBeNull();
  });

  it('saves a new role with its data scope and no departments unless 指定部门', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('role-add'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('数据权限')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '质检' } });
    const node = (await within(dialog).findByText('客户管理')).closest('.ant-tree-treenode')!;
    fireEvent.click(node.querySelector('.ant-tree-checkbox')!);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(orgRoleRoutes.roleSave, {
        name: '质检',
        dataScope: 'self',
        permissions: ['crm:customer:list'],
        deptIds: [],
      }),
    );
  });
});
