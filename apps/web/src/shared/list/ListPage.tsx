import { DownloadOutlined } from '@ant-design/icons';
import type { TRouteDef } from '@yunhu/contract';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../locales/zh-CN';
import { Hint } from '../components/Hint';
import { PlainCard } from '../components/PlainCard';
import { ReclickButton } from '../components/ReclickButton';
import { FilterBar } from './FilterBar';
import { ListColumnSettings, ListTable } from './ListTable';
import type { TListColumn, TRowOf } from './types';
import { type TListController, type TListExport, useListController } from './useListController';

type TListViewProps<T> = {
  /** Names the card's test id (`list-<testKey>`). */
  testKey: string;
  /** Form items of the filter form. */
  filters?: ReactNode;
  batchActions?: (rows: T[], clear: () => void) => ReactNode;
  toolbar?: ReactNode;
  onRowClick?: (row: T) => void;
  title?: ReactNode;
};

/** The default view of a list controller: filter bar, batch actions, toolbar, export, column settings, table. */
export const ListView = <T,>({ list, ...props }: TListViewProps<T> & { list: TListController<T> }) => (
  <PlainCard title={props.title} data-testid={`list-${props.testKey}`}>
    {props.filters && (
      <FilterBar form={list.form} onSearch={list.search} onReset={list.reset}>
        {props.filters}
      </FilterBar>
    )}
    <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
      <Space>
        {props.batchActions?.(list.selectedRows, list.clearSelection)}
        {list.selectedKeys.length > 0 && (
          <span style={{ whiteSpace: 'nowrap' }}>{t.common.selected(list.selectedKeys.length)}</span>
        )}
      </Space>
      <Space>
        {props.toolbar}
        {list.canExport && (
          <ReclickButton icon={<DownloadOutlined />} onClick={list.onExport} data-testid="list-export">
            {t.common.export}
          </ReclickButton>
        )}
        <ListColumnSettings list={list} />
      </Space>
    </Space>
    <ListTable list={list} isSelectable={props.batchActions !== undefined} onRowClick={props.onRowClick} />
  </PlainCard>
);

/** The rows' key: `id` unless told, and told it must be when the rows have no `id`. */
type TRowKeyProp<T> = [T] extends [{ id: unknown }] ? { rowKey?: keyof T & string } : { rowKey: keyof T & string };

type TListPageProps<R extends TRouteDef> = Omit<TListViewProps<TRowOf<R>>, 'testKey'> &
  TRowKeyProp<TRowOf<R>> & {
    /** Stable key of the page: query cache and the column settings stored per page. */
    pageKey: string;
    route: R;
    columns: TListColumn<TRowOf<R>>[];
    /** Turns the filter form's values into request fields (time ranges, etc.). */
    toRequest?: (values: Record<string, unknown>) => Record<string, unknown>;
    /** The list's spreadsheet: its route and who may download it; the file is named after the title unless told. */
    export?: Omit<TListExport, 'fileName'> & { fileName?: string };
    /** A note shown above the list: what it holds and where its figures come from. */
    hint?: ReactNode;
    defaultLimit?: number;
    /** Request fields the page fixes (a selected department…), sent with every request and the export. */
    params?: Record<string, unknown>;
    /** Names the list's query parameters when a screen shows more than one list (tabs). */
    urlKey?: string;
    /** Keeps filter, sort and page out of the URL (a list in a drawer or a modal). */
    isLocal?: boolean;
  };

/** A server-paged list: `useListController` rendered by `ListView` (DESIGN.md §1). */
export const ListPage = <R extends TRouteDef>(props: TListPageProps<R>) => {
  const { pageKey, route, columns, toRequest, export: exportOptions, hint, ...rest } = props;
  const { rowKey = 'id', ...withoutKey } = rest as typeof rest & { rowKey?: string };
  const { params, defaultLimit, urlKey, isLocal, ...view } = withoutKey;
  // A title that is not plain text cannot name a file; the page key still tells the lists apart.
  const fileName = exportOptions?.fileName ?? (typeof view.title === 'string' ? view.title : pageKey);
  const list = useListController({
    pageKey,
    route,
    columns,
    rowKey: rowKey as keyof TRowOf<R> & string,
    toFilters: toRequest,
    params,
    pageSize: defaultLimit,
    urlKey,
    isLocal,
    export: exportOptions && { ...exportOptions, fileName },
  });
  return (
    <>
      {hint && <Hint>{hint}</Hint>}
      <ListView list={list} testKey={pageKey} {...view} />
    </>
  );
};
