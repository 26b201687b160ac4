import { useQuery } from '@tanstack/react-query';
import { crmRoutes, normaliseMobile } from '@yunhu/contract';
import { useEffect, useState } from 'react';
import { call } from '../../../shared/http/api';

const MOBILE = /^1[3-9]\d{9}$/;
/** Wait for the typing to pause before asking the server. */
export const MOBILE_CHECK_DELAY_MS = 400;

/**
 * Live duplicate check of a mobile (getExistOther) while it is typed: debounced, and only once
 * the number is a complete mainland mobile after normalising (+86, spaces, dashes).
 */
export const useMobileCheck = (raw: string | undefined, excludeId?: number) => {
  const [mobile, setMobile] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setMobile(normaliseMobile(raw ?? '')), MOBILE_CHECK_DELAY_MS);
    return () => clearTimeout(id);
  }, [raw]);
  const isComplete = MOBILE.test(mobile);
  return useQuery({
    queryKey: ['crm', 'existOther', mobile, excludeId],
    queryFn: () => call(crmRoutes.existOther, { mobile, excludeId }),
    enabled: isComplete,
    staleTime: 10_000,
  });
};
