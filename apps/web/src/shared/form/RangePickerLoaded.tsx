import { DatePicker } from 'antd';
import type { TRangePickerProps } from './RangePickerOnFocus';

/** antd's range picker, open and focused: it replaces the stand-in the person just clicked or tabbed into. */
export const RangePickerLoaded = (props: TRangePickerProps) => (
  <DatePicker.RangePicker defaultOpen autoFocus {...props} />
);
