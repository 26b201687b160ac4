import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import type { ReactNode } from 'react';
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
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
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
