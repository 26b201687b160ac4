import type { TResponseOf, TRouteDef } from '@yunhu/contract';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** A list column: an antd column with a stable key; `sortField` names the server's sort column. */
export type TListColumn<T> = ColumnType<T> & { key: string; sortField?: string; isHiddenByDefault?: boolean };

/** The record type of a paging route's response. */
export type TRowOf<R extends TRouteDef> = TResponseOf<R> extends { records: (infer T)[] } ? T : never;

/** What every condition of a filter bar takes. */
export type TFilterItemProps = {
  /** A path for a nested condition (a custom field's `['custom', id]`). */
  name: string | (string | number)[];
  label: ReactNode;
  placeholder?: string;
  width?: number;
  testId?: string;
};

export type TSortParams = { sortField?: string; sortOrder?: 'ascend' | 'descend' };

/** Maps antd's sorter to the request's sortField/sortOrder through the column's `sortField`. */
export const toSortParams = <T>(
  sorter: { columnKey?: unknown; order?: 'ascend' | 'descend' | null } | undefined,
  columns: TListColumn<T>[],
): TSortParams => {
  if (!sorter?.order) return {};
  const column = columns.find((c) => c.key === sorter.columnKey);
  return column?.sortField ? { sortField: column.sortField, sortOrder: sorter.order } : {};
};

/** Drops empty filter values so they are not sent (an empty string is not "no filter" to zod). */
export const compactFilters = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/**
 * The row actions column, or none for someone who may not act (spread into the columns). Pinned to
 * the right edge: a wide list scrolled sideways keeps its actions in view, and withEllipsis leaves
 * the cell whole.
 */
export const actionsColumn = <T>(
  isShown: boolean,
  title: string,
  render: (row: T) => ReactNode,
  extra: Omit<TListColumn<T>, 'key' | 'title' | 'render'> = {},
): TListColumn<T>[] =>
  isShown ? [{ fixed: 'right', ...extra, key: 'actions', title, render: (_v: unknown, row: T) => render(row) }] : [];
