import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callCensusRoutes, type TCallCensusFilter } from '@yunhu/contract';
import { rangeOfDays, type TCensusDays } from '../../../shared/census/range';
import { call } from '../../../shared/http/api';

const census = callCensusRoutes;

/** ['call', 'census'] invalidates every range (the home page's refresh does). */
export const callCensusKeys = {
  all: ['call', 'census'] as const,
  of: (what: string, f: TCallCensusFilter) => ['call', 'census', what, f] as const,
};

/** The request filter of Shanghai calendar days (the server counts Asia/Shanghai days). */
export const filterOfDays = (days: TCensusDays): TCallCensusFilter => {
  const { from, to } = rangeOfDays(days);
  return { startRange: [from, to] };
};

/** The server refuses longer ranges (callRecordMaxRangeDays). */
export const MAX_CALL_CENSUS_DAYS = 93;

const useCensus = <T>(what: string, f: TCallCensusFilter, fn: () => Promise<T>, enabled = true) =>
  useQuery({ queryKey: callCensusKeys.of(what, f), queryFn: fn, placeholderData: keepPreviousData, enabled });

export const useBaseCensus = (f: TCallCensusFilter) => useCensus('base', f, () => call(census.baseCensus, f));
export const useDayCensus = (f: TCallCensusFilter) => useCensus('day', f, () => call(census.census, f));
export const useHourCensus = (f: TCallCensusFilter) => useCensus('hour', f, () => call(census.hourCensus, f));
export const useLineCensus = (f: TCallCensusFilter) => useCensus('line', f, () => call(census.huaJiCensus, f));
export const useDeptCensus = (f: TCallCensusFilter) => useCensus('dept', f, () => call(census.localCensus, f));
/** The ten agents with most talk time (the card's bar chart). */
export const useTopAgents = (f: TCallCensusFilter) =>
  useCensus('agents', f, () =>
    call(census.statisticsUsePage, { ...f, page: 1, limit: 10, sortField: 'totalSecond', sortOrder: 'descend' }),
  );
