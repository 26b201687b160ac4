import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AgentPerm, agentRoutes, type TMenuOut, type TRole } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentRolePage } from './AgentRolePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const screenNode = (menuId: string, name: string, perms: string, list?: TMenuOut[]): TMenuOut => ({
  menuId,
  name,
  url: `agent/${menuId}`,
  icon: '',
  type: 1,
  perms,
  inMenu: true,
  ...(list ? { list } : {}),
});
// What the server's agentRoleTreeOf answers: the 代理商后台 folder only.
const tree: TMenuOut[] = [
  {
    menuId: '50',
    name: '代理商后台',
    url: '',
    icon: '',
    type: 0,
    perms: null,
    inMenu: true,
    list: [
      screenNode('5010', '我的企业', 'agent:enterprise:list'),
      screenNode('5020', '价格设置', 'agent:price:list', [
        { ...screenNode('502001', '修改价格', 'agent:price:update'), type: 2, inMenu: false },
      ]),
    ],
  },
];
const admin: TRole = {
  id: 1,
  name: '代理商管理员',
  remark: '',
  dataScope: 'all',
  isAdmin: false,
  status: 'active',
  permissions: ['agent:enterprise:list', 'agent:price:list', 'agent:price:update'],
  userCount: 1,
  createdAt: 0,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AgentRolePage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 角色权限 of the agent console: the agent menu's tree, and only the ticked strings are saved. */
describe('AgentRolePage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([AgentPerm.roleManage]);
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === agentRoutes.agentRoleList ? [admin] : route === agentRoutes.agentRoleMenuTree ? tree : admin,
      ),
    );
  });

  it('saves a new role with the ticked screen only, and no data scope', async () => {
    renderPage();
    await screen.findByText('代理商管理员');
    fireEvent.click(screen.getByTestId('agent-role-add'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('我的企业');
    expect(within(dialog).queryByText('数据权限')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '业务员' } });
    const node = within(dialog).getByText('我的企业').closest('.ant-tree-treenode')!;
    fireEvent.click(node.querySelector('.ant-tree-checkbox')!);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(agentRoutes.agentRoleSave, {
        name: '业务员',
        remark: '',
        permissions: ['agent:enterprise:list'],
      }),
    );
  });

  it('opens a role with its strings ticked and saves the change', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('agent-role-edit-代理商管理员'));
    const dialog = await screen.findByRole('dialog');
    const price = (await within(dialog).findByText('价格设置')).closest('.ant-tree-treenode')!;
    expect(price.querySelector('.ant-tree-checkbox-checked')).not.toBeNull();
    // Unticking 价格设置 drops its button too.
    fireEvent.click(price.querySelector('.ant-tree-checkbox')!);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(agentRoutes.agentRoleUpdate, {
        id: 1,
        name: '代理商管理员',
        remark: '',
        permissions: ['agent:enterprise:list'],
      }),
    );
  });
});
