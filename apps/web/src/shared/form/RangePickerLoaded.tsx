import { DatePicker, type GetProps } from 'antd';

export type TRangePickerProps = GetProps<typeof DatePicker.RangePicker>;

/** antd's range picker, open and focused: it replaces the stand-in the person just clicked or tabbed into. */
export const RangePickerLoaded = (props: TRangePickerProps) => (
  <DatePicker.RangePicker defaultOpen autoFocus {...props} />
);
