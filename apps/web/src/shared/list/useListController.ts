import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { TRequestOf, TRouteDef } from '@yunhu/contract';
import { Form, type FormInstance, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { createElement, isValidElement, type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { call, download } from '../http/api';
import { usePermission } from '../permission/usePermission';
import { compactFilters, type TListColumn, type TRowOf, type TSortParams, toSortParams } from './types';
import { useColumnSettings } from './useColumnSettings';
import { encodeFilter, useListParams } from './useListParams';

type TFilters = Record<string, unknown>;

/**
 * A text value of a cell (the column's data is a string) is shown on one line and cut with an
 * ellipsis past 240 px, the full text on hover (a 50-character customer name pushed every
 * other column off screen). The actions column at the right edge is left as it is.
 */
export const withEllipsis = <T>(column: ColumnType<T>): ColumnType<T> => {
  if (column.fixed === 'right') return column;
  const { render } = column;
  return {
    ...column,
    render: (value: unknown, row: T, index: number) => {
      const shown = render ? render(value, row, index) : (value as ReactNode);
      if (typeof value !== 'string' || value.length === 0) return shown;
      if (shown !== null && typeof shown === 'object' && !isValidElement(shown)) return shown;
      return createElement('span', { className: 'yh-cell-ellipsis', title: value }, shown as ReactNode);
    },
  };
};

/** withEllipsis over a table's own columns, for a table outside the list kit (typed by the table's row). */
export const ellipsisColumns = <T>(columns: ColumnType<T>[]): ColumnType<T>[] => columns.map(withEllipsis);

/**
 * Where the hidden columns and the column order are kept: local storage per page key by default, or a
 * store of the screen's own. An order names the keys first to last; keys it does not name follow.
 */
export type TColumnStore = {
  hidden: string[];
  setHidden: (hidden: string[]) => void;
  order: string[];
  setOrder: (order: string[]) => void;
};

/** The columns in the stored order; columns the order does not name keep their place after it. */
export const inOrder = <C extends { key: string }>(columns: C[], order: string[]): C[] => {
  const rank = (c: C) => {
    const i = order.indexOf(c.key);
    return i < 0 ? order.length : i;
  };
  return columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map((x) => x.c);
};

/** What the export request carries, from the list's state (the applied filter and sort by default). */
export type TExportState = { filters: TFilters; sort: TSortParams; selectedKeys: Key[] };

export type TListExport = {
  route: TRouteDef;
  /** The file name to fall back on when the server does not name one (without `.xlsx`). */
  fileName: string;
  /** Without it everyone who sees the list may export. */
  permission?: string;
  toRequest?: (state: TExportState) => Record<string, unknown>;
};

export type TListControllerOptions<R extends TRouteDef> = {
  /** Stable key of the list: the query cache prefix and the column settings' storage key. */
  pageKey: string;
  route: R;
  columns: TListColumn<TRowOf<R>>[];
  rowKey: keyof TRowOf<R> & string;
  /** The query key of a request; `[pageKey, route.path, request]` unless the area invalidates its own keys. */
  queryKey?: (request: TFilters) => QueryKey;
  /** Request fields the screen fixes (a selected department…), sent with every request and the export. */
  params?: TFilters;
  /** The filter applied before any search (request fields); without it, `toFilters` of an empty form. */
  defaultFilters?: TFilters;
  defaultSort?: TSortParams;
  pageSize?: number;
  /** Turns the filter form's values into request fields (time ranges, etc.); empty values are dropped after. */
  toFilters?: (values: TFilters) => TFilters;
  columnStore?: TColumnStore;
  export?: TListExport;
  /** Names the list's query parameters when a screen shows more than one list (see `useListParams`). */
  urlKey?: string;
  /** Keeps filter, sort and page out of the URL: a list in a drawer, a modal or a picker. */
  isLocal?: boolean;
};

const same = (v: TFilters) => v;

/** The sort the URL asks for when a column (or the default) sorts by it; a hand-edited other one is dropped. */
const knownSort = <T>(sort: TSortParams, columns: TListColumn<T>[], defaultSort?: TSortParams): TSortParams => {
  const isKnown =
    sort.sortField === undefined ||
    sort.sortField === defaultSort?.sortField ||
    columns.some((c) => c.sortField === sort.sortField);
  return isKnown ? sort : {};
};

/** Everything a list view needs, for rows of type T. */
export type TListController<T> = {
  /** The filter being edited: the form of the filter bar. */
  form: FormInstance;
  /** The filter applied: what the list shows and the export sends. */
  filters: TFilters;
  /** Applies the filter form's values (through `toFilters`, empty values dropped), from the first page. */
  search: (values: TFilters) => void;
  reset: () => void;
  sort: TSortParams;
  setSort: (sort: TSortParams) => void;
  paging: { page: number; limit: number };
  setPaging: (paging: { page: number; limit: number }) => void;
  records: T[];
  total: number;
  isFetching: boolean;
  rowKey: keyof T & string;
  selectedKeys: Key[];
  selectedRows: T[];
  select: (keys: Key[], rows: T[]) => void;
  clearSelection: () => void;
  /** Every column, in the chosen order (the column settings list them). */
  columns: TListColumn<T>[];
  /** The shown columns in antd's shape, the sort arrow on the applied sort. */
  tableColumns: ColumnType<T>[];
  hidden: string[];
  setHidden: (hidden: string[]) => void;
  /** Sets the order of the columns (every key, first to last). */
  setOrder: (order: string[]) => void;
  onTableChange: NonNullable<TableProps<T>['onChange']>;
  canExport: boolean;
  onExport: () => Promise<string | undefined>;
};

/**
 * The behaviour of a server-paged list, without its view (STYLE.md point 12): the filter being edited
 * (an antd form) and the one applied, sort, paging, selection, column settings and the export of the
 * applied filter. `ListPage` renders it; a screen that needs more renders its own view on it.
 */
export const useListController = <R extends TRouteDef>(
  options: TListControllerOptions<R>,
): TListController<TRowOf<R>> => {
  type TRow = TRowOf<R>;
  const { pageKey, route, columns, toFilters = same } = options;
  const [form] = Form.useForm();
  const { params, change } = useListParams({
    urlKey: options.urlKey,
    isLocal: options.isLocal,
    defaultSort: options.defaultSort,
    pageSize: options.pageSize ?? 20,
  });
  const { values, paging } = params;
  const filters =
    values === undefined && options.defaultFilters ? options.defaultFilters : compactFilters(toFilters(values ?? {}));
  const sort = knownSort(params.sort, columns, options.defaultSort);
  const [selection, setSelection] = useState<{ keys: Key[]; rows: TRow[] }>({ keys: [], rows: [] });

  const defaultHidden = useMemo(() => columns.filter((c) => c.isHiddenByDefault).map((c) => c.key), [columns]);
  const stored = useColumnSettings(pageKey, defaultHidden);
  const { hidden, setHidden, order, setOrder } = options.columnStore ?? stored;
  const ordered = useMemo(() => inOrder(columns, order), [columns, order]);

  const request = { ...options.params, ...paging, ...filters, ...sort };
  const query = useQuery({
    queryKey: options.queryKey?.(request) ?? [pageKey, route.path, request],
    queryFn: () => call(route as TRouteDef, request) as Promise<{ records: TRow[]; total: number }>,
    placeholderData: keepPreviousData,
  });

  const clearSelection = () => setSelection({ keys: [], rows: [] });
  // The form shows the applied filter when the URL brings one (a reload, back, a shared link), but is
  // left alone after a search of its own values.
  const filterText = encodeFilter(values);
  const shownText = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (shownText.current === filterText) return;
    shownText.current = filterText;
    form.resetFields();
    if (values) form.setFieldsValue(values);
    setSelection({ keys: [], rows: [] });
  }, [filterText, form, values]);

  /** Applies a filter: back to the first page, and no selection of rows the new filter may not show. */
  const search = (next: TFilters) => {
    shownText.current = encodeFilter(next);
    change({ values: next, paging: { ...paging, page: 1 } });
    clearSelection();
  };
  const reset = () => {
    form.resetFields();
    search({});
  };

  const onTableChange: NonNullable<TableProps<TRow>['onChange']> = (pagination, _f, sorter) => {
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TRow> | undefined;
    change({
      sort: toSortParams({ columnKey: one?.columnKey, order: one?.order ?? null }, columns),
      paging: { page: pagination.current ?? 1, limit: pagination.pageSize ?? paging.limit },
    });
  };

  const exportOptions = options.export;
  const isExportAllowed = usePermission(exportOptions?.permission ?? '');
  const canExport = exportOptions !== undefined && isExportAllowed;
  const onExport = () => {
    if (!exportOptions) return Promise.resolve(undefined);
    const state = { filters, sort, selectedKeys: selection.keys };
    const body = exportOptions.toRequest?.(state) ?? { ...options.params, ...filters, ...sort };
    return download(exportOptions.route, body as TRequestOf<TRouteDef>, `${exportOptions.fileName}.xlsx`);
  };

  const tableColumns: ColumnType<TRow>[] = ordered
    .filter((c) => !hidden.includes(c.key))
    .map(({ sortField, isHiddenByDefault: _h, ...c }) =>
      sortField ? { ...c, sorter: true, sortOrder: sort.sortField === sortField ? sort.sortOrder : null } : c,
    )
    .map(withEllipsis);

  return {
    form,
    filters,
    search,
    reset,
    sort,
    setSort: (next: TSortParams) => change({ sort: next }),
    paging,
    setPaging: (next: { page: number; limit: number }) => change({ paging: next }),
    records: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    isFetching: query.isFetching,
    rowKey: options.rowKey,
    selectedKeys: selection.keys,
    selectedRows: selection.rows,
    select: (keys: Key[], rows: TRow[]) => setSelection({ keys, rows }),
    clearSelection,
    columns: ordered,
    tableColumns,
    hidden,
    setHidden,
    setOrder,
    onTableChange,
    canExport,
    onExport,
  };
};
