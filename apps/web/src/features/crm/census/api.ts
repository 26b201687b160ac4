import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crmRoutes } from '@yunhu/contract';
import type { TCensusRange } from '../../../shared/census/range';
import { call } from '../../../shared/http/api';

/** ['crm', 'census'] invalidates every range (the home page's refresh does). */
export const censusKeys = {
  all: ['crm', 'census'] as const,
  range: ({ from, to }: TCensusRange) => ['crm', 'census', from, to] as const,
};

/**
 * The customer census of a range, inside the caller's data scope (the server applies it). The
 * previous range's figures stay on screen while the next loads, so the card does not jump.
 */
export const useCustomerCensus = (range: TCensusRange) =>
  useQuery({
    queryKey: censusKeys.range(range),
    queryFn: () => call(crmRoutes.census, range),
    placeholderData: keepPreviousData,
  });
