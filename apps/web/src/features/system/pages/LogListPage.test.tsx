import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { TOperationLog } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LogListPage } from './LogListPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const log = (id: number, result: TOperationLog['result'], summary: string): TOperationLog => ({
  id,
  userName: 'admin',
  realName: '张明',
  module: '员工管理',
  summary,
  route: '/base/staff/save',
  ip: '203.0.113.5',
  result,
  message: '',
  createdAt: Date.UTC(2026, 11, 1, 2, 3, 4),
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <LogListPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('LogListPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    const records = [log(1, 'success', '新增员工'), log(2, 'failure', '删除员工'), log(3, 'pending', '导入员工')];
    callMock.mockResolvedValue({ records, total: 3, size: 20, current: 1, pages: 1 });
  });

  it('shows each action with its result in words, coloured by the result', async () => {
    renderPage();
    await screen.findByText('新增员工');
    const tagOf = (word: string) => screen.getAllByText(word).find((el) => el.classList.contains('ant-tag'));
    expect(tagOf('成功')?.className).toContain('green');
    expect(tagOf('失败')?.className).toContain('red');
    expect(tagOf('未完成')).toBeTruthy();
  });
});
