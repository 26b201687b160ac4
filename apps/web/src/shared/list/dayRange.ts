import type { Dayjs } from 'dayjs';
import { beijingDayEnd, beijingDayRange, beijingDayStart } from '../time/beijing';

/**
 * A DateRangeFilter's value as the servers take it: the first day's start and the last day's end
 * in epoch ms, days in Beijing (as the server counts them, whatever the browser's zone); an open end
 * stays undefined.
 */
export const dayRangeOf = (value: unknown): { from: number | undefined; to: number | undefined } => {
  const range = value as [Dayjs | null, Dayjs | null] | undefined;
  return {
    from: range?.[0] ? beijingDayStart(range[0]) : undefined,
    to: range?.[1] ? beijingDayEnd(range[1]) : undefined,
  };
};

/** A filter form's `range` (a DateRangeFilter) as the request's `from`/`to`, the other values as they are. */
export const withDayRange = ({ range, ...rest }: Record<string, unknown>) => ({ ...rest, ...dayRangeOf(range) });

/**
 * A filter form's DateRangeFilter `field` as the request takes it under the same name: one
 * `[start, end]` of Beijing days (an open end null, no range undefined); the other values as they are.
 */
export const withDayPair =
  (field: string) =>
  (values: Record<string, unknown>): Record<string, unknown> => ({
    ...values,
    [field]: beijingDayRange(values[field] as [Dayjs | null, Dayjs | null] | undefined),
  });

/**
 * A number-and-days filter (black-list entries, interceptions) as the request takes it: the typed
 * number without spaces or hyphens, `range` as one `[start, end]` of Beijing days; the rest as it is.
 */
export const withNumberAndDayRange = ({ number, ...rest }: Record<string, unknown>) => ({
  ...withDayPair('range')(rest),
  number: typeof number === 'string' ? number.replace(/[\s-]/g, '') : undefined,
});
