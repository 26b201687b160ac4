import type { Dayjs } from 'dayjs';

/**
 * A DateRangeFilter's value as the servers take it: the first day's start and the last day's end
 * in epoch ms (the browser's calendar days); an open end stays undefined.
 */
export const dayRangeOf = (value: unknown): { from: number | undefined; to: number | undefined } => {
  const range = value as [Dayjs | null, Dayjs | null] | undefined;
  return { from: range?.[0]?.startOf('day').valueOf(), to: range?.[1]?.endOf('day').valueOf() };
};

/** A filter form's `range` (a DateRangeFilter) as the request's `from`/`to`, the other values as they are. */
export const withDayRange = ({ range, ...rest }: Record<string, unknown>) => ({ ...rest, ...dayRangeOf(range) });
