import { DatePicker, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';

type TFilterItemProps = { name: string; label: ReactNode; placeholder?: string; width?: number; testId?: string };

/** A free-text condition of a filter bar. */
export const TextFilter = ({ name, label, placeholder, width = 160, testId }: TFilterItemProps) => (
  <Form.Item name={name} label={label}>
    <Input allowClear placeholder={placeholder} style={{ width }} data-testid={testId} />
  </Form.Item>
);

/** A one-of-the-options condition of a filter bar. */
export const SelectFilter = ({
  options,
  width = 160,
  ...item
}: TFilterItemProps & { options: { value: string | number; label: ReactNode }[] }) => (
  <Form.Item name={item.name} label={item.label}>
    <Select allowClear placeholder={item.placeholder} style={{ width }} options={options} data-testid={item.testId} />
  </Form.Item>
);

/** A date range condition; the screen's `toRequest` turns it into epoch ms. */
export const DateRangeFilter = ({
  name,
  label,
  allowEmpty,
}: Omit<TFilterItemProps, 'placeholder' | 'width'> & {
  allowEmpty?: [boolean, boolean];
}) => (
  <Form.Item name={name} label={label}>
    <DatePicker.RangePicker allowEmpty={allowEmpty} />
  </Form.Item>
);
