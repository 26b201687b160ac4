import { z } from 'zod';
import { zBoolean, zInt } from './http.js';
import { routesOf } from './route.js';

const route = routesOf('org');

/** The steps of a new enterprise's first hour, in the order they are done. */
export const onboardingSteps = [
  'lines',
  'seats',
  /** 号码报备: only while the platform's 数据审核 (data_audit) is on. */
  'reporting',
  'minutes',
  'staff',
  'seatAssigned',
  'customers',
  'firstCall',
] as const;
export type TOnboardingStep = (typeof onboardingSteps)[number];

export const ZOnboardingChecklist = z.object({
  steps: z.array(
    z.object({
      key: z.enum(onboardingSteps),
      isDone: zBoolean,
      /** How many there are now (lines offered, seats, package minutes left, staff besides the administrator …). */
      count: zInt,
    }),
  ),
  isComplete: zBoolean,
});
export type TOnboardingChecklist = z.infer<typeof ZOnboardingChecklist>;

/** The administrator's onboarding checklist, ticked from the enterprise's real state. */
export const orgOnboardingRoutes = {
  onboardingChecklist: route({
    method: 'GET',
    path: '/base/sys/onboarding/checklist',
    summary: '开通进度',
    request: z.object({}),
    response: ZOnboardingChecklist,
  }),
};
