import type { ReactNode } from 'react';
import { DateRangeFilter } from './DateRangeFilter';
import { TextFilter } from './FilterItems';

type TNumberDaysFiltersProps = {
  numberLabel: string;
  numberPlaceholder: string;
  numberTestId?: string;
  daysLabel: string;
  /** The screen's own conditions, between the number and the days. */
  children?: ReactNode;
};

/**
 * The conditions `withNumberAndDayRange` reads (black-list entries, interceptions): a number, or a
 * piece of one, and a range of days with either end open.
 */
export const NumberDaysFilters = (props: TNumberDaysFiltersProps) => (
  <>
    <TextFilter
      name="number"
      label={props.numberLabel}
      placeholder={props.numberPlaceholder}
      testId={props.numberTestId}
    />
    {props.children}
    <DateRangeFilter name="range" label={props.daysLabel} allowEmpty={[true, true]} />
  </>
);
