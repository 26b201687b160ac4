import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../locales/zh-CN';
import type { TFilterItemProps } from './types';

// In a file of its own: a list without a date condition loads no date picker.
export { DateRangeFilter } from './DateRangeFilter';
export type { TFilterItemProps };

/** A free-text condition of a filter bar. */
export const TextFilter = ({ name, label, placeholder, width = 160, testId }: TFilterItemProps) => (
  <Form.Item name={name} label={label}>
    <Input allowClear placeholder={placeholder} style={{ width }} data-testid={testId} />
  </Form.Item>
);

/**
 * The free-text search of a list over several of its fields, sent as `keyword` and labelled 关键词;
 * the placeholder names the fields it searches.
 */
export const KeywordFilter = ({ placeholder, width = 200, testId }: Omit<TFilterItemProps, 'name' | 'label'>) => (
  <TextFilter name="keyword" label={t.common.keyword} placeholder={placeholder} width={width} testId={testId} />
);

/** The platform's condition on the enterprise's name, in its queues of every enterprise's requests. */
export const EnterpriseFilter = () => <TextFilter name="enterpriseName" label={t.common.enterpriseName} />;

type TSelectFilterProps = TFilterItemProps & {
  options: { value: string | number | boolean; label: ReactNode; title?: string }[];
  /** Any of several options (the request takes a list). */
  isMultiple?: boolean;
  /** Typing narrows the options by their label (long lists of people). */
  isSearchable?: boolean;
};

/** A condition on one (or any of several) of the options; 全部 stands in the empty box unless told otherwise. */
export const SelectFilter = ({
  options,
  placeholder = t.common.all,
  width = 120,
  isMultiple,
  isSearchable,
  ...item
}: TSelectFilterProps) => (
  <Form.Item name={item.name} label={item.label}>
    <Select
      mode={isMultiple ? 'multiple' : undefined}
      maxTagCount={isMultiple ? 'responsive' : undefined}
      showSearch={isSearchable ? { optionFilterProp: 'label' } : undefined}
      allowClear
      placeholder={placeholder}
      style={{ width }}
      options={options}
      data-testid={item.testId}
    />
  </Form.Item>
);
