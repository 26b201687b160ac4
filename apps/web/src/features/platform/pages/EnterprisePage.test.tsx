import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { platformRoutes, type TEnterprise } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EnterprisePage } from './EnterprisePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

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

  it('shows the reseller (and its distributor) that brought each enterprise, or that it registered directly', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <App>
            <EnterprisePage />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('城东商贸')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '来源代理商' })).toBeTruthy();
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('演示科技有限公司')).getByText('直接注册')).toBeTruthy();
    expect(within(rowOf('甬通贸易')).getByText('宁波甬代')).toBeTruthy();
    expect(within(rowOf('城东商贸')).getByText('宁波甬代（经销商：城东经销）')).toBeTruthy();
  });
});
