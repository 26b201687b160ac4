import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ListPage } from './ListPage';
import { toSortParams } from './types';

const callMock = vi.fn();
const downloadMock = vi.fn();
vi.mock('../http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: (...args: unknown[]) => downloadMock(...args),
}));

const row = {
  id: 1,
  userName: 'admin',
  realName: '张明',
  module: '登录认证',
  summary: '密码登录',
  route: '',
  ip: '',
  result: 'success' as const,
  message: '',
  createdAt: 0,
};

/** A list page as the app mounts it: in a router, with a query cache. */
const renderPage = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('ListPage', () => {
  it('maps a column sorter to sortField/sortOrder', () => {
    const columns = [{ key: 'time', sortField: 'createdAt' }, { key: 'name' }];
    expect(toSortParams({ columnKey: 'time', order: 'descend' }, columns)).toEqual({
      sortField: 'createdAt',
      sortOrder: 'descend',
    });
    expect(toSortParams({ columnKey: 'name', order: 'ascend' }, columns)).toEqual({});
    expect(toSortParams({ columnKey: 'time', order: null }, columns)).toEqual({});
  });

  it('loads the first page from the route and hides columns persistently', async () => {
    callMock.mockResolvedValue({ records: [row], total: 1, size: 20, current: 1, pages: 1 });
    localStorage.setItem('columns:logs', JSON.stringify(['ip']));
    renderPage(
      <ListPage
        pageKey="logs"
        route={routeTables.system.logPage}
        rowKey="id"
        columns={[
          { key: 'userName', title: '操作人', dataIndex: 'userName' },
          { key: 'ip', title: 'IP地址', dataIndex: 'ip' },
        ]}
      />,
    );
    await waitFor(() => expect(screen.getByText('admin')).toBeTruthy());
    expect(callMock).toHaveBeenCalledWith(routeTables.system.logPage, { page: 1, limit: 20 });
    expect(screen.queryByText('IP地址')).toBeNull();
    fireEvent.click(screen.getByTestId('column-settings'));
    expect(screen.getByTestId('column-settings-panel')).toBeTruthy();
  });

  it('shows its hint above the list and an export button for a list with a spreadsheet', async () => {
    callMock.mockResolvedValue({ records: [row], total: 1, size: 20, current: 1, pages: 1 });
    renderPage(
      <ListPage
        pageKey="logsExported"
        route={routeTables.system.logPage}
        hint="只列出最近 90 天的日志"
        export={{ route: routeTables.system.logExport, fileName: '操作日志' }}
        columns={[{ key: 'userName', title: '操作人', dataIndex: 'userName' }]}
      />,
    );
    await waitFor(() => expect(screen.getByText('admin')).toBeTruthy());
    expect(screen.getByText('只列出最近 90 天的日志')).toBeTruthy();
    expect(screen.getByTestId('list-export')).toBeTruthy();
  });

  it("names the spreadsheet after the list's title unless told another name", async () => {
    callMock.mockResolvedValue({ records: [row], total: 1, size: 20, current: 1, pages: 1 });
    downloadMock.mockResolvedValue(undefined);
    renderPage(
      <ListPage
        pageKey="logsTitled"
        title="登录日志"
        route={routeTables.system.logPage}
        export={{ route: routeTables.system.logExport }}
        columns={[{ key: 'userName', title: '操作人', dataIndex: 'userName' }]}
      />,
    );
    await waitFor(() => expect(screen.getByText('admin')).toBeTruthy());
    fireEvent.click(screen.getByTestId('list-export'));
    await waitFor(() =>
      expect(downloadMock).toHaveBeenCalledWith(routeTables.system.logExport, expect.anything(), '登录日志.xlsx'),
    );
  });

  it('keys the rows by id unless told another key', async () => {
    callMock.mockResolvedValue({ records: [{ ...row, id: 7 }], total: 1, size: 20, current: 1, pages: 1 });
    renderPage(
      <ListPage
        pageKey="logsById"
        route={routeTables.system.logPage}
        columns={[{ key: 'userName', title: '操作人', dataIndex: 'userName' }]}
      />,
    );
    await waitFor(() => expect(screen.getByText('admin')).toBeTruthy());
    expect(screen.getByText('admin').closest('tr')?.getAttribute('data-row-key')).toBe('7');
  });

  it('applies the filter form on 查询 and empties it on 重置', async () => {
    callMock.mockResolvedValue({ records: [row], total: 1, size: 20, current: 1, pages: 1 });
    renderPage(
      <ListPage
        pageKey="logs-filter"
        route={routeTables.system.logPage}
        rowKey="id"
        columns={[{ key: 'userName', title: '操作人', dataIndex: 'userName' }]}
        filters={
          <Form.Item name="userName" label="操作人">
            <Input data-testid="filter-user" />
          </Form.Item>
        }
      />,
    );
    await waitFor(() => expect(screen.getByText('admin')).toBeTruthy());
    fireEvent.change(screen.getByTestId('filter-user'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenLastCalledWith(routeTables.system.logPage, { page: 1, limit: 20, userName: 'admin' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(callMock).toHaveBeenLastCalledWith(routeTables.system.logPage, { page: 1, limit: 20 }));
    expect((screen.getByTestId('filter-user') as HTMLInputElement).value).toBe('');
  });
});
