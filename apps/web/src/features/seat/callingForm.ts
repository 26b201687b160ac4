import type { Dayjs } from 'dayjs';
import type { TCallingBatch, TCallingSave } from './api';

/** The values of the calling-settings form (one person, or the same fields for many). */
export type TCallingFormValues = {
  lineId?: number | null;
  callerNumber?: string | null;
  hours?: [Dayjs, Dayjs] | null;
  perNumberDailyLimit?: number | null;
  dailyLimit?: number | null;
  /** 'keep' = the batch leaves each person's choice. */
  recording?: boolean | 'keep';
  analysis?: boolean | 'keep';
};

export const hm = (v: Dayjs) => v.format('HH:mm');

/** One person's settings: every field is sent; an empty line or number means "the default". */
export const toSaveInput = (userId: number, v: TCallingFormValues): TCallingSave => {
  if (!v.hours || !v.perNumberDailyLimit || !v.dailyLimit) throw new Error('the form validates these fields');
  return {
    userId,
    lineId: v.lineId ?? null,
    callerNumber: v.lineId ? (v.callerNumber ?? null) : null,
    allowedFrom: hm(v.hours[0]),
    allowedTo: hm(v.hours[1]),
    perNumberDailyLimit: v.perNumberDailyLimit,
    dailyLimit: v.dailyLimit,
    recording: v.recording === true,
    analysis: v.analysis === true,
  };
};

/** Many people: only the filled fields are sent, the others keep each person's own value. */
export const toBatchInput = (userIds: number[], v: TCallingFormValues): TCallingBatch => ({
  userIds,
  ...(v.lineId ? { lineId: v.lineId, callerNumber: v.callerNumber ?? null } : {}),
  ...(v.hours ? { allowedFrom: hm(v.hours[0]), allowedTo: hm(v.hours[1]) } : {}),
  ...(v.perNumberDailyLimit ? { perNumberDailyLimit: v.perNumberDailyLimit } : {}),
  ...(v.dailyLimit ? { dailyLimit: v.dailyLimit } : {}),
  ...(typeof v.recording === 'boolean' ? { recording: v.recording } : {}),
  ...(typeof v.analysis === 'boolean' ? { analysis: v.analysis } : {}),
});
