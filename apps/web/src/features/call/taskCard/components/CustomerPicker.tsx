import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crmRoutes, type TCustomer, type TCustomerFilter } from '@yunhu/contract';
import { Button, Checkbox, Form, Select, Space, Table } from 'antd';
import { useState } from 'react';
import * as t from '../../../../locales/zh-CN';
import { LevelTag, levelOptions, useAssignees } from '../../../../shared/customers';
import { personOptions } from '../../../../shared/form/options';
import { call } from '../../../../shared/http/api';
import { SelectFilter, TextFilter } from '../../../../shared/list/FilterItems';
import { compactFilters } from '../../../../shared/list/types';
import { ellipsisColumns } from '../../../../shared/list/useListController';

const c = t.taskCard;

/** Chosen ids, or every customer of his private pool matching the filter. */
export type TCustomerPick = { customerIds: number[] } | { filter: TCustomerFilter };

/**
 * The customers of a task, from the CRM list he can see (我的客户, numbers masked as there):
 * ticked one by one, or all customers matching the filter.
 */
export const CustomerPicker = ({ onChange }: { onChange: (pick: TCustomerPick) => void }) => {
  const [form] = Form.useForm();
  const [filter, setFilter] = useState<TCustomerFilter>({});
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [isByFilter, setByFilter] = useState(false);
  const people = useAssignees();
  const list = useQuery({
    queryKey: ['taskCard-customers', filter, paging],
    queryFn: () => call(crmRoutes.customerPage, { ...filter, ...paging }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const pickIds = (ids: number[]) => {
    setSelected(ids);
    onChange({ customerIds: ids });
  };
  const onSearch = (values: Record<string, unknown>) => {
    const next = compactFilters(values) as TCustomerFilter;
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
    if (isByFilter) onChange({ filter: next });
  };
  const onByFilter = (checked: boolean) => {
    setByFilter(checked);
    onChange(checked ? { filter } : { customerIds: selected });
  };

  return (
    <div data-testid="task-customer-picker">
      {/* A div, not a form: the picker sits inside the task's own form. */}
      <Form
        form={form}
        name="taskCustomerSearch"
        component="div"
        layout="inline"
        onFinish={onSearch}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <TextFilter name="keyword" label={c.keyword} width={150} />
        <Form.Item name="intentionLevels" label={c.level}>
          <Select mode="multiple" allowClear style={{ width: 160 }} options={levelOptions} />
        </Form.Item>
        <SelectFilter
          placeholder=""
          name="ownerId"
          label={c.owner}
          width={140}
          options={personOptions(people.data ?? [])}
          isSearchable
        />
        <Button onClick={() => form.submit()} data-testid="task-customer-search">
          {c.search}
        </Button>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        <Checkbox checked={isByFilter} onChange={(e) => onByFilter(e.target.checked)}>
          {c.byFilter}
        </Checkbox>
        <span>{isByFilter ? c.byFilterHint(total) : c.customersPicked(selected.length)}</span>
      </Space>
      <Table<TCustomer>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        rowSelection={
          isByFilter
            ? undefined
            : {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => pickIds(keys.map(Number)),
              }
        }
        columns={ellipsisColumns<TCustomer>([
          { key: 'name', title: c.customer, dataIndex: 'name' },
          { key: 'mobile', title: c.mobile, dataIndex: 'mobile' },
          { key: 'level', title: c.level, render: (_v, x) => <LevelTag value={x.intentionLevel} /> },
          { key: 'owner', title: c.owner, dataIndex: 'ownerName' },
        ])}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total,
          showTotal: t.common.total,
          onChange: (page, limit) => setPaging({ page, limit }),
        }}
      />
    </div>
  );
};
