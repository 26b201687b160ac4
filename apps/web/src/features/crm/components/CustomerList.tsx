import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { crmImportRoutes, Perm, type TCustomerFilter, type TCustomerListQuery } from '@yunhu/contract';
import { Button, Space } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { PlainCard } from '../../../shared/components/PlainCard';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { FilterBar } from '../../../shared/list/FilterBar';
import { ListColumnSettings, ListTable } from '../../../shared/list/ListTable';
import { inOrder, useListController } from '../../../shared/list/useListController';
import { Permission } from '../../../shared/permission/Permission';
import {
  crmKeys,
  customerListRoute,
  type TPool,
  type TScreen,
  useFieldList,
  useRules,
  useSaveScreenConfig,
  useScreenConfig,
} from '../api';
import { fromFilter, type TFilterValues, toFilter } from '../filters';
import { rememberListQuery, type TListQuery } from '../listQueryMemory';
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
 * column choice kept per user on the server, server-side sorting and paging, batch actions. Its
 * behaviour is the shared list controller's; this is its own view of it.
 */
export const CustomerList = ({ pool, title, extraTools }: TCustomerListProps) => {
  const isPrivate = pool === 'private';
  const screen: TScreen = isPrivate ? 'myCustomer' : 'totalOfCustomer';
  const navigate = useNavigate();
  const [isMoreOpen, setMoreOpen] = useState(false);
  const fields = useFieldList();
  const rules = useRules().data;
  const config = useScreenConfig(screen).data;
  const saveConfig = useSaveScreenConfig(screen);

  // "Now" is fixed per page load so the release countdown does not flicker between renders.
  const [now] = useState(() => Date.now());
  const columns = useMemo(
    () => customerColumns({ pool, fields, nearDays: rules?.remindBeforeDays || 7, now }),
    [pool, fields, rules?.remindBeforeDays, now],
  );
  // The column choice is kept per user on the server: the shown keys, in their order.
  const shown = config?.columns;
  const hidden = shown
    ? columns.filter((col) => !shown.includes(col.key)).map((col) => col.key)
    : columns.filter((col) => col.isHiddenByDefault).map((col) => col.key);
  const order = shown ? [...shown, ...hidden] : [];
  const saveColumns = (nextOrder: string[], nextHidden: string[]) =>
    saveConfig({
      savedFilters: config?.savedFilters ?? [],
      columns: nextOrder.filter((key) => !nextHidden.includes(key)),
    }).catch(() => undefined);
  const allKeys = () => inOrder(columns, order).map((col) => col.key);

  const list = useListController({
    pageKey: screen,
    route: customerListRoute(pool),
    queryKey: (request) => crmKeys.customerList(pool, request as TCustomerListQuery),
    columns,
    rowKey: 'id',
    toFilters: (values) => toFilter(values as TFilterValues, fields),
    columnStore: {
      hidden,
      order,
      setHidden: (nextHidden) => saveColumns(allKeys(), nextHidden),
      setOrder: (nextOrder) => saveColumns(nextOrder, hidden),
    },
    export: {
      route: crmImportRoutes.exportCustomers,
      fileName: isPrivate ? c.exportMine : c.exportPool,
      permission: Perm.customerExport,
      // Ticked rows export alone; none ticked exports the whole filter.
      toRequest: ({ filters, sort, selectedKeys }) => ({
        ...filters,
        ...sort,
        pool,
        ids: selectedKeys.length > 0 ? selectedKeys : undefined,
      }),
    },
  });
  const filter = list.filters as TCustomerFilter;
  const selected = list.selectedKeys as number[];
  // 客户详情's 上一个 / 下一个 step through the list as it is shown now.
  useEffect(() => rememberListQuery(pool, { ...filter, ...list.sort } as TListQuery), [pool, filter, list.sort]);

  const onApplySaved = (saved: TCustomerFilter) => {
    list.form.resetFields();
    list.form.setFieldsValue(fromFilter(saved, fields));
    list.search(list.form.getFieldsValue(true));
  };
  const moreCount = foldedKeys.filter((k) => k in filter).length;

  return (
    <PlainCard title={title} data-testid={`crm-list-${pool}`}>
      {/* Every value the form holds: folded filters keep theirs while hidden. */}
      <FilterBar form={list.form} onSearch={() => list.search(list.form.getFieldsValue(true))} onReset={list.reset}>
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
            total={list.total}
            onDone={list.clearSelection}
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
          {list.canExport && (
            <ReclickButton
              icon={<DownloadOutlined />}
              onClick={() => list.onExport().catch(() => undefined)}
              data-testid="crm-export"
            >
              {t.common.export}
            </ReclickButton>
          )}
          <ListColumnSettings list={list} />
        </Space>
      </Space>
      <ListTable list={list} isSelectable />
    </PlainCard>
  );
};
