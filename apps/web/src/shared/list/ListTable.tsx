import { Table } from 'antd';
import * as t from '../../locales/zh-CN';
import { ColumnSettings } from './ColumnSettings';
import type { TListController } from './useListController';

type TListTableProps<T> = {
  list: TListController<T>;
  /** Rows can be ticked for batch actions. */
  isSelectable?: boolean;
  onRowClick?: (row: T) => void;
};

/** The table of a list controller: its shown columns, rows, sort, paging and selection. */
export const ListTable = <T,>({ list, isSelectable, onRowClick }: TListTableProps<T>) => (
  <Table<T>
    rowKey={list.rowKey}
    columns={list.tableColumns}
    dataSource={list.records}
    loading={list.isFetching}
    onChange={list.onTableChange}
    scroll={{ x: 'max-content' }}
    rowSelection={isSelectable ? { selectedRowKeys: list.selectedKeys, onChange: list.select } : undefined}
    onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }) : undefined}
    pagination={{
      current: list.paging.page,
      pageSize: list.paging.limit,
      total: list.total,
      showSizeChanger: true,
      showTotal: t.common.total,
    }}
  />
);

/** The column choice of a list controller. */
export const ListColumnSettings = <T,>({ list }: { list: TListController<T> }) => (
  <ColumnSettings
    columns={list.columns.map((c) => ({ key: c.key, title: String(c.title ?? c.key) }))}
    hidden={list.hidden}
    onChange={list.setHidden}
    onOrder={list.setOrder}
  />
);
