import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm, routeTables, type TCustomer, type TCustomerFilter, type TCustomerListQuery } from '@yunhu/contract';
import { Button, Card, Form, Space, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { download } from '../../../shared/http/api';
import { ColumnSettings } from '../../../shared/list/ColumnSettings';
import { FilterBar } from '../../../shared/list/FilterBar';
import { type TSortParams, toSortParams } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import {
  type TPool,
  type TScreen,
  useCustomerList,
  useFieldList,
  useRules,
  useSaveScreenConfig,
  useScreenConfig,
} from '../api';
import { fromFilter, type TFilterValues, toFilter } from '../filters';
import { CustomerBatchActions } from './CustomerBatchActions';
import { CustomerFilters, foldedKeys } from './CustomerFilters';
import { customerColumns } from './customerColumns';
import { SavedFilters } from './SavedFilters';

const c = t.crm;

type TCustomerListProps = {
  pool: TPool;
  title: ReactNode;
  /** Import and settings buttons (other parts of the CRM area), shown in the toolbar. */
  extraTools?: ReactNode;
};

/**
 * The customer list of both pools (我的客户 / 客户公海): filters with a fold, saved filters and the
 * column choice kept per user on the server, server-side sorting and paging, batch actions.
 */
export const CustomerList = ({ pool, title, extraTools }: TCustomerListProps) => {
  const isPrivate = pool === 'private';
  const screen: TScreen = isPrivate ? 'myCustomer' : 'totalOfCustomer';
  const navigate = useNavigate();
  const [form] = Form.useForm<TFilterValues>();
  const [filter, setFilter] = useState<TCustomerFilter>({});
  const [sort, setSort] = useState<TSortParams>({});
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [isMoreOpen, setMoreOpen] = useState(false);
  const fields = useFieldList();
  const rules = useRules().data;
  const config = useScreenConfig(screen).data;
  const saveConfig = useSaveScreenConfig(screen);
  // toSortParams only yields the sortField of a column, and the columns name only the contract's fields.
  const sortQuery = sort as Pick<TCustomerListQuery, 'sortField' | 'sortOrder'>;
  const query: TCustomerListQuery = { ...paging, ...filter, ...sortQuery };
  const list = useCustomerList(pool, query);
  const total = list.data?.total ?? 0;

  // "Now" is fixed per page load so the release countdown does not flicker between renders.
  const [now] = useState(() => Date.now());
  const columns = useMemo(
    () => customerColumns({ pool, fields, nearDays: rules?.remindBeforeDays || 7, now }),
    [pool, fields, rules?.remindBeforeDays, now],
  );
  const hidden = config?.columns
    ? columns.filter((col) => !config.columns?.includes(col.key)).map((col) => col.key)
    : columns.filter((col) => col.isHiddenByDefault).map((col) => col.key);
  const onColumns = (nextHidden: string[]) =>
    saveConfig({
      savedFilters: config?.savedFilters ?? [],
      columns: columns.filter((col) => !nextHidden.includes(col.key)).map((col) => col.key),
    }).catch(() => undefined);

  const apply = (next: TCustomerFilter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };
  const onSearch = () => apply(toFilter(form.getFieldsValue(true) as TFilterValues, fields));
  const onApplySaved = (saved: TCustomerFilter) => {
    form.resetFields();
    form.setFieldsValue(fromFilter(saved, fields));
    apply(saved);
  };
  const onTable: TableProps<TCustomer>['onChange'] = (pagination, _f, sorter) => {
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TCustomer> | undefined;
    setSort(toSortParams({ columnKey: one?.columnKey, order: one?.order ?? null }, columns));
    setPaging({ page: pagination.current ?? 1, limit: pagination.pageSize ?? paging.limit });
  };
  const onExport = () =>
    download(
      routeTables.crmImport.exportCustomers,
      { ...filter, ...sortQuery, pool, ids: selected.length > 0 ? selected : undefined },
      `${isPrivate ? c.exportMine : c.exportPool}.xlsx`,
    ).catch(() => undefined);

  const moreCount = foldedKeys.filter((k) => k in filter).length;
  const shown = columns
    .filter((col) => !hidden.includes(col.key))
    .map(({ sortField, isHiddenByDefault: _h, ...col }) => ({
      ...col,
      sorter: Boolean(sortField),
      sortOrder: sortField && sort.sortField === sortField ? sort.sortOrder : null,
    }));

  return (
    <Card title={title} data-testid={`crm-list-${pool}`}>
      <FilterBar form={form} onSearch={onSearch} onReset={() => apply({})}>
        <CustomerFilters
          isPrivate={isPrivate}
          fields={fields}
          isMoreOpen={isMoreOpen}
          onToggleMore={() => setMoreOpen(!isMoreOpen)}
          moreCount={moreCount}
        />
      </FilterBar>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          <CustomerBatchActions
            pool={pool}
            ids={selected}
            filter={filter}
            total={total}
            onDone={() => setSelected([])}
          />
          {selected.length > 0 && <span style={{ whiteSpace: 'nowrap' }}>{t.common.selected(selected.length)}</span>}
        </Space>
        <Space wrap>
          <SavedFilters
            saved={config?.savedFilters ?? []}
            current={filter}
            onApply={onApplySaved}
            onChange={(savedFilters) => saveConfig({ columns: config?.columns, savedFilters })}
          />
          {isPrivate && (
            <Permission value={Perm.customerAdd}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/menu/CRM/createNewCustomer')}>
                {c.add}
              </Button>
            </Permission>
          )}
          {extraTools}
          <Permission value={Perm.customerExport}>
            <ReclickButton icon={<DownloadOutlined />} onClick={onExport} data-testid="crm-export">
              {t.common.export}
            </ReclickButton>
          </Permission>
          <ColumnSettings
            columns={columns.map((col) => ({ key: col.key, title: String(col.title ?? col.key) }))}
            hidden={hidden}
            onChange={onColumns}
          />
        </Space>
      </Space>
      <Table<TCustomer>
        rowKey="id"
        columns={shown}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        onChange={onTable}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total,
          showSizeChanger: true,
          showTotal: t.common.total,
        }}
      />
    </Card>
  );
};
