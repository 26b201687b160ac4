import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRequestOf, TRouteDef } from '@yunhu/contract';
import { Card, Form, Space, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo, useState } from 'react';
import { t } from '../../locales/zh-CN';
import { ReclickButton } from '../components/ReclickButton';
import { call, download } from '../http/api';
import { usePermission } from '../permission/usePermission';
import { ColumnSettings } from './ColumnSettings';
import { FilterBar } from './FilterBar';
import { compactFilters, type TListColumn, type TRowOf, type TSortParams, toSortParams } from './types';
import { useColumnSettings } from './useColumnSettings';

type TListPageProps<R extends TRouteDef> = {
  /** Stable key of the page: query cache and the column settings stored per page. */
  pageKey: string;
  route: R;
  columns: TListColumn<TRowOf<R>>[];
  rowKey: keyof TRowOf<R> & string;
  /** Form items of the filter form. */
  filters?: ReactNode;
  /** Turns the filter form's values into request fields (time ranges, etc.). */
  toRequest?: (values: Record<string, unknown>) => Record<string, unknown>;
  exportRoute?: TRouteDef;
  exportPermission?: string;
  exportName?: string;
  batchActions?: (rows: TRowOf<R>[], clear: () => void) => ReactNode;
  toolbar?: ReactNode;
  onRowClick?: (row: TRowOf<R>) => void;
  title?: ReactNode;
  defaultLimit?: number;
  /** Request fields the page fixes (a selected department…), sent with every request and the export. */
  params?: Record<string, unknown>;
};

/** A server-paged list: filters, sorting, column settings, export and batch actions (DESIGN.md §1). */
export const ListPage = <R extends TRouteDef>(props: TListPageProps<R>) => {
  const { pageKey, route, columns, rowKey, toRequest = (v) => v, exportRoute, exportPermission = '' } = props;
  const [form] = Form.useForm();
  const [paging, setPaging] = useState({ page: 1, limit: props.defaultLimit ?? 20 });
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [sort, setSort] = useState<TSortParams>({});
  const [selected, setSelected] = useState<TRowOf<R>[]>([]);
  const canExport = usePermission(exportPermission) && exportRoute !== undefined;
  const defaultHidden = useMemo(() => columns.filter((c) => c.isHiddenByDefault).map((c) => c.key), [columns]);
  const { hidden, setHidden } = useColumnSettings(pageKey, defaultHidden);

  const params = { ...props.params, ...paging, ...filters, ...sort };
  const query = useQuery({
    queryKey: [pageKey, route.path, params],
    queryFn: () => call(route as TRouteDef, params) as Promise<{ records: TRowOf<R>[]; total: number }>,
    placeholderData: keepPreviousData,
  });

  const onSearch = (values: Record<string, unknown>) => {
    setFilters(compactFilters(toRequest(values)));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const onChange: TableProps<TRowOf<R>>['onChange'] = (pagination, _f, sorter) => {
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TRowOf<R>> | undefined;
    setSort(toSortParams({ columnKey: single?.columnKey, order: single?.order ?? null }, columns));
    setPaging({ page: pagination.current ?? 1, limit: pagination.pageSize ?? paging.limit });
  };
  const onExport = () =>
    exportRoute &&
    download(
      exportRoute,
      { ...props.params, ...filters, ...sort } as TRequestOf<TRouteDef>,
      `${props.exportName ?? pageKey}.xlsx`,
    );

  const shown = columns
    .filter((c) => !hidden.includes(c.key))
    .map(({ sortField, isHiddenByDefault: _h, ...c }) => ({ ...c, sorter: sortField ? true : c.sorter }));
  const clear = () => setSelected([]);

  return (
    <Card title={props.title} data-testid={`list-${pageKey}`}>
      {props.filters && (
        <FilterBar form={form} onSearch={onSearch} onReset={() => onSearch({})}>
          {props.filters}
        </FilterBar>
      )}
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          {props.batchActions?.(selected, clear)}
          {selected.length > 0 && <span style={{ whiteSpace: 'nowrap' }}>{t.common.selected(selected.length)}</span>}
        </Space>
        <Space>
          {props.toolbar}
          {canExport && (
            <ReclickButton icon={<DownloadOutlined />} onClick={onExport} data-testid="list-export">
              {t.common.export}
            </ReclickButton>
          )}
          <ColumnSettings
            columns={columns.map((c) => ({ key: c.key, title: String(c.title ?? c.key) }))}
            hidden={hidden}
            onChange={setHidden}
          />
        </Space>
      </Space>
      <Table<TRowOf<R>>
        rowKey={rowKey}
        columns={shown}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        rowSelection={
          props.batchActions
            ? {
                selectedRowKeys: selected.map((r) => r[rowKey] as React.Key),
                onChange: (_k, rows) => setSelected(rows),
              }
            : undefined
        }
        onRow={
          props.onRowClick
            ? (row) => ({ onClick: () => props.onRowClick?.(row), style: { cursor: 'pointer' } })
            : undefined
        }
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: t.common.total,
        }}
      />
    </Card>
  );
};
