import { Button, Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../locales/zh-CN';

type TFilterBarProps = {
  form: FormInstance;
  children: ReactNode;
  onSearch: (values: Record<string, unknown>) => void;
  /** Empties the form and applies the empty filter (the list controller's `reset`). */
  onReset: () => void;
};

/** The filter form above a list: its fields, then 查询 and 重置. */
export const FilterBar = ({ form, children, onSearch, onReset }: TFilterBarProps) => (
  <Form
    form={form}
    name="filters"
    layout="inline"
    onFinish={onSearch}
    style={{ rowGap: 12, marginBottom: 16 }}
    data-testid="list-filters"
  >
    {children}
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t.common.search}
        </Button>
        <Button onClick={onReset}>{t.common.reset}</Button>
      </Space>
    </Form.Item>
  </Form>
);
