import type { TOnboardingChecklist, TOnboardingStep } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';

/** Where each step is done (the screens' hash routes under /menu). */
export const onboardingLinks: Record<TOnboardingStep, string> = {
  lines: 'userdata/submit/index',
  seats: 'account/purchaseeats',
  reporting: 'userdata/TelReport/telReport',
  minutes: 'ProcurementCenter',
  staff: 'account/staffManage',
  seatAssigned: 'account/purchaseeats',
  customers: 'CRM/myCustomer',
  firstCall: 'account/callRecord',
};

export type TOnboardingLine = {
  key: TOnboardingStep;
  title: string;
  isDone: boolean;
  /** What is there, or what is missing and why. */
  text: string;
  action: string;
  url: string;
  /** The first step not done: the one to do next. */
  isNext: boolean;
};

/** The checklist as the card shows it: each step's words and link, and how far the enterprise is. */
export const onboardingView = (list: TOnboardingChecklist) => {
  const next = list.steps.find((s) => !s.isDone)?.key;
  const lines: TOnboardingLine[] = list.steps.map((s) => {
    const words = t.onboarding.steps[s.key];
    return {
      key: s.key,
      title: words.title,
      isDone: s.isDone,
      text: s.isDone ? words.done(s.count) : words.missing,
      action: words.action,
      url: onboardingLinks[s.key],
      isNext: s.key === next,
    };
  });
  return { lines, doneCount: lines.filter((l) => l.isDone).length, isComplete: list.isComplete };
};
