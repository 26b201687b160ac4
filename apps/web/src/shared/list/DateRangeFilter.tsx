import { DatePicker, Form } from 'antd';
import type { TFilterItemProps } from './types';

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
