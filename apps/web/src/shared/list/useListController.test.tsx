import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user';
import type { TListColumn, TRowOf } from './types';
import { useListController } from './useListController';

const callMock = vi.fn();
const downloadMock = vi.fn();
vi.mock('../http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: (...args: unknown[]) => downloadMock(...args),
}));

const route = routeTables.system.logPage;
type TRow = TRowOf<typeof route>;
const columns: TListColumn<TRow>[] = [
  { key: 'userName', title: '操作人', dataIndex: 'userName' },
  { key: 'ip', title: 'IP地址', dataIndex: 'ip', isHiddenByDefault: true },
  { key: 'createdAt', title: '时间', dataIndex: 'createdAt', sortField: 'createdAt' },
];
const log = { realName: '', module: '', summary: '', route: '', ip: '', result: 'success' as const, message: '' };
const rows: TRow[] = [
  { ...log, id: 1, userName: 'admin', createdAt: 0 },
  { ...log, id: 2, userName: 'li', createdAt: 0 },
];

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

const lastRequest = () => callMock.mock.calls.at(-1)?.[1];

type TOptions = Parameters<typeof useListController<typeof route>>[0];
/** The controller of the logs list, with the options a test adds. */
const renderList = (options: Partial<TOptions> = {}) =>
  renderHook(() => useListController({ pageKey: 'logs', route, columns, rowKey: 'id', ...options }), { wrapper });

describe('useListController', () => {
  beforeEach(() => {
    localStorage.clear();
    callMock.mockReset().mockResolvedValue({ records: rows, total: 42, size: 20, current: 1, pages: 3 });
    downloadMock.mockReset().mockResolvedValue('logs.xlsx');
    useUserStore.getState().setPermissions([Perm.logExport]);
  });

  it('asks the server for the first page with the default filter and sort, and hands back its rows', async () => {
    const { result } = renderList({
      params: { deptId: 3 },
      defaultFilters: { module: '登录认证' },
      defaultSort: { sortField: 'createdAt', sortOrder: 'descend' },
      pageSize: 50,
    });
    await waitFor(() => expect(result.current.total).toBe(42));
    expect(callMock).toHaveBeenCalledWith(route, {
      deptId: 3,
      module: '登录认证',
      sortField: 'createdAt',
      sortOrder: 'descend',
      page: 1,
      limit: 50,
    });
    expect(result.current.records).toEqual(rows);
    expect(result.current.tableColumns.find((c) => c.key === 'createdAt')).toMatchObject({
      sorter: true,
      sortOrder: 'descend',
    });
  });

  it('applies a searched filter from the first page, dropping empty values and the selection', async () => {
    const { result } = renderList({
      toFilters: (v) => ({ ...v, userName: typeof v.userName === 'string' ? v.userName.trim() : undefined }),
    });
    await waitFor(() => expect(result.current.records).toHaveLength(2));
    act(() => result.current.setPaging({ page: 3, limit: 20 }));
    act(() => result.current.select([1], [rows[0] as TRow]));
    await waitFor(() => expect(lastRequest()).toEqual({ page: 3, limit: 20 }));

    act(() => result.current.search({ userName: ' admin ', ip: '' }));
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20, userName: 'admin' }));
    expect(result.current.filters).toEqual({ userName: 'admin' });
    expect(result.current.selectedKeys).toEqual([]);

    act(() => result.current.reset());
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20 }));
  });

  it('maps a table sort to the column sortField and a page change to page/limit', async () => {
    const { result } = renderList();
    await waitFor(() => expect(result.current.records).toHaveLength(2));
    act(() =>
      result.current.onTableChange?.(
        { current: 2, pageSize: 10 },
        {},
        { columnKey: 'createdAt', order: 'ascend' },
        { action: 'sort', currentDataSource: [] },
      ),
    );
    await waitFor(() =>
      expect(lastRequest()).toEqual({ page: 2, limit: 10, sortField: 'createdAt', sortOrder: 'ascend' }),
    );
    act(() =>
      result.current.onTableChange?.(
        { current: 1, pageSize: 10 },
        {},
        { columnKey: 'userName', order: 'ascend' },
        { action: 'sort', currentDataSource: [] },
      ),
    );
    // A column without a server sort field sends no sort.
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 10 }));
  });

  it('keeps the hidden columns per page in local storage, or in the store the screen gives', async () => {
    const first = renderList();
    expect(first.result.current.hidden).toEqual(['ip']);
    expect(first.result.current.tableColumns.map((c) => c.key)).toEqual(['userName', 'createdAt']);
    act(() => first.result.current.setHidden(['userName']));
    expect(first.result.current.tableColumns.map((c) => c.key)).toEqual(['ip', 'createdAt']);
    const again = renderList();
    expect(again.result.current.hidden).toEqual(['userName']);

    const setHidden = vi.fn();
    const own = renderList({ columnStore: { hidden: [], setHidden, order: [], setOrder: vi.fn() } });
    expect(own.result.current.tableColumns).toHaveLength(3);
    act(() => own.result.current.setHidden(['ip']));
    expect(setHidden).toHaveBeenCalledWith(['ip']);
  });

  it('shows the columns in the stored order, the ones it does not name after it, and keeps a new order', () => {
    localStorage.setItem('columnOrder:logs', JSON.stringify(['createdAt']));
    const first = renderList();
    expect(first.result.current.columns.map((c) => c.key)).toEqual(['createdAt', 'userName', 'ip']);
    expect(first.result.current.tableColumns.map((c) => c.key)).toEqual(['createdAt', 'userName']);
    act(() => first.result.current.setOrder(['userName', 'ip', 'createdAt']));
    expect(first.result.current.tableColumns.map((c) => c.key)).toEqual(['userName', 'createdAt']);
    expect(renderList().result.current.columns.map((c) => c.key)).toEqual(['userName', 'ip', 'createdAt']);
  });

  it('exports the applied filter and sort, or what the screen builds from the selection', async () => {
    const { result } = renderList({
      params: { deptId: 3 },
      export: { route: routeTables.system.logExport, fileName: '操作日志', permission: Perm.logExport },
    });
    await waitFor(() => expect(result.current.records).toHaveLength(2));
    expect(result.current.canExport).toBe(true);
    act(() => result.current.search({ userName: 'admin' }));
    await act(() => result.current.onExport());
    expect(downloadMock).toHaveBeenCalledWith(
      routeTables.system.logExport,
      { deptId: 3, userName: 'admin' },
      '操作日志.xlsx',
    );

    const picked = renderList({
      export: {
        route: routeTables.system.logExport,
        fileName: 'x',
        toRequest: ({ filters, selectedKeys }) => ({ ...filters, ids: selectedKeys }),
      },
    });
    act(() => picked.result.current.select([2], [rows[1] as TRow]));
    await act(() => picked.result.current.onExport());
    expect(downloadMock).toHaveBeenLastCalledWith(routeTables.system.logExport, { ids: [2] }, 'x.xlsx');
  });

  it('offers no export without the permission', () => {
    useUserStore.getState().setPermissions([]);
    const { result } = renderList({
      export: { route: routeTables.system.logExport, fileName: 'x', permission: Perm.logExport },
    });
    expect(result.current.canExport).toBe(false);
  });
});

type TController = ReturnType<typeof useListController<typeof route>>;

/** The logs list with a filter form (a name and a day range the request takes as epoch ms). */
const RoutedList = ({ extra, onList }: { extra: Partial<TOptions>; onList: (list: TController) => void }) => {
  const list = useListController({
    pageKey: 'logs',
    route,
    columns,
    rowKey: 'id',
    toFilters: ({ range, ...rest }) => {
      const [from, to] = (range as [Dayjs, Dayjs] | undefined) ?? [];
      return { ...rest, startTime: from?.startOf('day').valueOf(), endTime: to?.endOf('day').valueOf() };
    },
    ...extra,
  });
  onList(list);
  return (
    <Form form={list.form}>
      <Form.Item name="userName">
        <Input />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker />
      </Form.Item>
    </Form>
  );
};

/** The logs list on its route in a memory router, so the URL it writes can be read, reloaded and walked back. */
const renderRouted = (entry: string, extra: Partial<TOptions> = {}) => {
  const seen: { list?: TController } = {};
  const element = <RoutedList extra={extra} onList={(list) => Object.assign(seen, { list })} />;
  const router = createMemoryRouter([{ path: '/logs', element }], { initialEntries: [entry] });
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const list = () => seen.list as TController;
  const url = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, view, list, url };
};

describe('useListController in the URL', () => {
  beforeEach(() => {
    callMock.mockReset().mockResolvedValue({ records: rows, total: 42, size: 20, current: 1, pages: 3 });
  });
  const nov = [dayjs('2026-11-01'), dayjs('2026-11-03')];
  const novRequest = { startTime: nov[0]?.valueOf(), endTime: nov[1]?.endOf('day').valueOf() };

  it('writes the filter, sort and page to the query and reads them back after a reload', async () => {
    const first = renderRouted('/logs');
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20 }));
    act(() => first.list().search({ userName: 'admin', range: nov }));
    act(() =>
      first
        .list()
        .onTableChange?.(
          { current: 3, pageSize: 20 },
          {},
          { columnKey: 'createdAt', order: 'ascend' },
          { action: 'sort', currentDataSource: [] },
        ),
    );
    const url = first.url();
    expect(new URLSearchParams(url.split('?')[1]).get('filter')).toBe(
      '{"userName":"admin","range":[{"$d":"2026-11-01"},{"$d":"2026-11-03"}]}',
    );
    expect(url).toContain('page=3');
    expect(url).toContain('sort=createdAt&order=asc');
    first.view.unmount();

    callMock.mockClear();
    const again = renderRouted(url);
    const request = {
      page: 3,
      limit: 20,
      userName: 'admin',
      ...novRequest,
      sortField: 'createdAt',
      sortOrder: 'ascend',
    };
    await waitFor(() => expect(lastRequest()).toEqual(request));
    expect(callMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(again.list().form.getFieldValue('userName')).toBe('admin'));
    const range = again.list().form.getFieldValue('range') as Dayjs[];
    expect(range.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-11-01', '2026-11-03']);
    expect(again.list().tableColumns.find((c) => c.key === 'createdAt')?.sortOrder).toBe('ascend');
  });

  it('goes back to the previous filter and page, the form with it', async () => {
    const { router, list } = renderRouted('/logs?id=7');
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20 }));
    act(() => list().search({ userName: 'admin' }));
    act(() => list().setPaging({ page: 2, limit: 20 }));
    act(() => list().search({ userName: 'li' }));
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20, userName: 'li' }));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(lastRequest()).toEqual({ page: 2, limit: 20, userName: 'admin' }));
    await waitFor(() => expect(list().form.getFieldValue('userName')).toBe('admin'));
    await act(() => router.navigate(-2));
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20 }));
    expect(list().form.getFieldValue('userName')).toBeUndefined();
    // The screen's own parameter stays.
    expect(router.state.location.search).toBe('?id=7');
  });

  it('keeps two lists apart by their urlKey, and a local list out of the URL', async () => {
    const a = renderRouted('/logs?page=2&b.page=5', { urlKey: 'b' });
    await waitFor(() => expect(lastRequest()).toEqual({ page: 5, limit: 20 }));
    act(() => a.list().setPaging({ page: 6, limit: 20 }));
    expect(a.url()).toBe('/logs?page=2&b.page=6');
    a.view.unmount();

    const local = renderRouted('/logs?page=2', { isLocal: true });
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20 }));
    act(() => local.list().search({ userName: 'admin' }));
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20, userName: 'admin' }));
    expect(local.url()).toBe('/logs?page=2');
  });

  it('ignores a sort field in the URL that no column sorts by', async () => {
    renderRouted('/logs?sort=password&order=asc');
    await waitFor(() => expect(lastRequest()).toEqual({ page: 1, limit: 20 }));
  });
});
