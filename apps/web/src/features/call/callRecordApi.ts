import { useQuery } from '@tanstack/react-query';
import { callRecordRoutes, type TCallRecordFilter } from '@yunhu/contract';
import { presetDays, rangeOfDays } from '../../shared/census/range';
import { call } from '../../shared/http/api';

const detail = callRecordRoutes;

export const callRecordKeys = {
  page: 'call-record',
  count: (f: TCallRecordFilter) => ['call', 'recordCount', f] as const,
  content: (id: number) => ['call', 'recordContent', id] as const,
  lines: ['call', 'boughtLines'] as const,
};

/** The list opens on the last 7 Beijing days, as the home's 近7天 counts them (the range is required, at most 93 days). */
export const defaultRange = (now = Date.now()): [number, number] => {
  const { from, to } = rangeOfDays(presetDays('last7', now));
  return [from, to];
};

/** The figures above the list, for the filter the list shows. */
export const useCallRecordCount = (filter: TCallRecordFilter) =>
  useQuery({ queryKey: callRecordKeys.count(filter), queryFn: () => call(detail.getPageCount, filter) });

/** One record's details with a fresh recording link (the detail drawer). */
export const useCallDetailContent = (id: number | null) =>
  useQuery({
    queryKey: callRecordKeys.content(id ?? 0),
    queryFn: () => call(detail.callDetailContent, { id: id ?? 0 }),
    enabled: id !== null,
    // The link inside lives 30 minutes: ask again whenever the drawer opens.
    staleTime: 0,
    gcTime: 0,
  });

export const useBoughtLines = () =>
  useQuery({ queryKey: callRecordKeys.lines, queryFn: () => call(detail.selectBoughtLine, {}), staleTime: 300_000 });
