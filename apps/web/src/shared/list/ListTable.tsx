import type { TRouteDef } from '@yunhu/contract';
import { Table } from 'antd';
import { t } from '../../locales/zh-CN';
import { ColumnSettings } from './ColumnSettings';
import type { TRowOf } from './types';
import type { TListController } from './useListController';

type TListTableProps<R extends TRouteDef> = {
  list: TListController<R>;
  /** Rows can be ticked for batch actions. */
  isSelectable?: boolean;
  onRowClick?: (row: TRowOf<R>) => void;
};

/** The table of a list controller: its shown columns, rows, sort, paging and selection. */
export const ListTable = <R extends TRouteDef>({ list, isSelectable, onRowClick }: TListTableProps<R>) => (
  <Table<TRowOf<R>>
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
export const ListColumnSettings = <R extends TRouteDef>({ list }: { list: TListController<R> }) => (
  <ColumnSettings
    columns={list.columns.map((c) => ({ key: c.key, title: String(c.title ?? c.key) }))}
    hidden={list.hidden}
    onChange={list.setHidden}
  />
);
