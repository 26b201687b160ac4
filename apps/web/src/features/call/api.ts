import { useQuery } from '@tanstack/react-query';
import { callRecordRoutes, callRoutes, Perm, type TUsableLine } from '@yunhu/contract';
import { useMemo } from 'react';
import { call } from '../../shared/http/api';
import { usePermission } from '../../shared/permission/usePermission';
import { useCallStore } from './store';

export const callKeys = {
  lines: ['call', 'lines'] as const,
  customerCalls: (customerId: number, page: number) => ['call', 'customerCalls', customerId, page] as const,
};

/** The lines the user holds a valid seat on (the line picker, and the default line of a dial). */
export const useUsableLines = (isEnabled = true) =>
  useQuery({
    queryKey: callKeys.lines,
    queryFn: () => call(callRoutes.usableLines, {}),
    enabled: isEnabled,
    staleTime: 60_000,
  });

/** The line to dial on: the stored choice when still usable, else the user's default line. */
export const pickLine = (lines: readonly TUsableLine[], storedId: number | null): TUsableLine | null =>
  lines.find((l) => l.lineId === storedId) ?? lines.find((l) => l.isDefault) ?? lines[0] ?? null;

export const useSelectedLine = (isEnabled = true): TUsableLine | null => {
  const lines = useUsableLines(isEnabled).data ?? [];
  const storedId = useCallStore((s) => s.lineId);
  return pickLine(lines, storedId);
};

/** The id of the line a dial would use now; null when none is usable or he may not dial (the 话术 panel's line). */
export const useDialLineId = (): number | null => {
  const canDial = usePermission(Perm.callDial);
  return useSelectedLine(canDial)?.lineId ?? null;
};

/** The task the soft-phone call in hand was dialled within (我的任务), while it lasts; else null (the dock's 话术). */
export const useCallTaskId = (): number | null => useCallStore((s) => (s.isCalling ? s.callTaskId : null));
/** The customer the soft-phone call under way is for, if it was dialled from one. */
export const useCallCustomerId = (): number | null => useCallStore((s) => (s.isCalling ? s.callCustomerId : null));

/** How long after a dial the call lists look for its record (a call-back call rings, talks, then reports). */
const pollAfterDialMs = 5 * 60_000;

/** A customer's calls, newest first (客户详情); polled every 3 s for a while after a dial. */
export const useCustomerCalls = (customerId: number, page = 1) => {
  const lastDialAt = useCallStore((s) => s.lastDialAt);
  return useQuery({
    queryKey: callKeys.customerCalls(customerId, page),
    queryFn: () => call(callRecordRoutes.getCallDetailList, { octCustomerId: customerId, page, limit: 10 }),
    enabled: customerId > 0,
    refetchInterval: () => (Date.now() - lastDialAt < pollAfterDialMs ? 3000 : false),
  });
};

/** How long a page waits for a call to end before it stops asking (a talk longer than this is rare). */
const dialStateWatchMs = 30 * 60_000;

/**
 * Where one of his dial requests stands, polled every 1.5 s until its call is over (the record is
 * written): the follow-up after a call opens then.
 */
export const useDialState = (bindId: string | null) => {
  const since = useMemo(() => (bindId ? Date.now() : 0), [bindId]);
  return useQuery({
    queryKey: ['call', 'dialState', bindId],
    queryFn: () => call(callRoutes.dialState, { bindId: bindId! }),
    enabled: bindId !== null,
    retry: false,
    refetchInterval: (q) => (q.state.data?.isOver || Date.now() - since > dialStateWatchMs ? false : 1500),
  });
};

/** A fresh signed address of a call's recording. */
export const fetchRecordingUrl = async (id: number): Promise<string> =>
  (await call(callRecordRoutes.recordingUrl, { id })).url;
