import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

type TRowsTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination' | 'locale'> & {
  /** Every row, already in hand: nothing is fetched page by page. */
  rows: readonly T[];
  /** Pages of this many rows (no size changer); without it every row shows on one page. */
  pageSize?: number;
  /** What the table says when it has no rows (antd's 暂无数据 without it). */
  emptyText?: ReactNode;
};

/**
 * A table of rows in hand (a detail's parts, a day's figures, a preview): small unless told, one page
 * unless given a page size. A list the server pages is `ListPage`.
 */
export const RowsTable = <T extends object>({ rows, pageSize, emptyText, ...table }: TRowsTableProps<T>) => (
  <Table<T>
    size="small"
    {...table}
    dataSource={rows as T[]}
    pagination={pageSize === undefined ? false : { pageSize, showSizeChanger: false }}
    locale={emptyText === undefined ? undefined : { emptyText }}
  />
);
