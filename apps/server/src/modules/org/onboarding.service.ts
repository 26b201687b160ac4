import type { TOnboardingChecklist, TOnboardingStep } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { reportingProgress } from '../caller-report/index.js';
import { onboardingRepository as repo } from './onboarding.repository.js';
import { orgErrors as errors } from './org.errors.js';

/** Counts stop here: the checklist says "done", not how big the enterprise is. */
const cap = 1000;

/**
 * The administrator's onboarding checklist: each step ticks itself from the
 * enterprise's real state, read in the request's transaction. The enterprise's administrator only:
 * the platform operator has no enterprise to open, other people nothing to set up.
 */
export const onboardingChecklist = async ({ auth, tx }: TRequestContext): Promise<TOnboardingChecklist> => {
  if (auth.isSuper || !auth.isAdmin) throw errors.onboardingAdminOnly();
  const s = await repo.state(tx, auth.tenantId, new Date(), cap);
  const reporting = await reportingProgress(tx, auth.tenantId, cap);
  const steps: { key: TOnboardingStep; count: number; isDone: boolean }[] = [
    { key: 'lines', count: s.lines, isDone: s.lines > 0 },
    { key: 'seats', count: s.seats, isDone: s.seats > 0 },
    // While the platform requires reports, a line's numbers call out only once approved.
    ...(reporting.isRequired
      ? [{ key: 'reporting' as const, count: reporting.approved, isDone: reporting.approved > 0 }]
      : []),
    // What pays for calls, as the dial guard sees it (billing's ensureDialFunds): package minutes
    // left on any line, or a balance; the count is the minutes.
    { key: 'minutes', count: s.minutes, isDone: s.minutes > 0 || s.balance > 0 },
    // The administrator himself does not count: someone else must be there to call.
    { key: 'staff', count: Math.max(0, s.staff - 1), isDone: s.staff > 1 },
    { key: 'seatAssigned', count: s.assigned, isDone: s.assigned > 0 },
    { key: 'customers', count: s.customers, isDone: s.customers > 0 },
    { key: 'firstCall', count: s.calls, isDone: s.calls > 0 },
  ];
  return { steps, isComplete: steps.every((x) => x.isDone) };
};
