import { DatePicker, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';

type TFilterItemProps = { name: string; label: ReactNode; placeholder?: string; width?: number; testId?: string };

/** A free-text condition of a filter bar. */
export const TextFilter = ({ name, label, placeholder, width = 160, testId }: TFilterItemProps) => (
  <Form.Item name={name} label={label}>
    <Input allowClear placeholder={placeholder} style={{ width }} data-testid={testId} />
  </Form.Item>
);

type TSelectFilterProps = TFilterItemProps & {
  options: { value: string | number | boolean; label: ReactNode; title?: string }[];
  /** Any of several options (the request takes a list). */
  isMultiple?: boolean;
  /** Typing narrows the options by their label (long lists of people). */
  isSearchable?: boolean;
};

/** A condition on one (or any of several) of the options. */
export const SelectFilter = ({ options, width = 160, isMultiple, isSearchable, ...item }: TSelectFilterProps) => (
  <Form.Item name={item.name} label={item.label}>
    <Select
      mode={isMultiple ? 'multiple' : undefined}
      maxTagCount={isMultiple ? 'responsive' : undefined}
      showSearch={isSearchable ? { optionFilterProp: 'label' } : undefined}
      allowClear
      placeholder={item.placeholder}
      style={{ width }}
      options={options}
      data-testid={item.testId}
    />
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
