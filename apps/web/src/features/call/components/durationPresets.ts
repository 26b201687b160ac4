import * as t from '../../../locales/zh-CN';

/**
 * The duration choices of 通话记录, in seconds (labels in the locale, same order). Each lines up
 * with the talk-time marks of the contract (`callDurationMarks`), so the server answers its totals
 * from the daily roll-up; 自定义 takes any range and counts the records.
 */
const ranges: { min: number; max?: number }[] = [
  { min: 0, max: 0 },
  { min: 1, max: 9 },
  { min: 10, max: 29 },
  { min: 30, max: 59 },
  { min: 60, max: 179 },
  { min: 180, max: 299 },
  { min: 300, max: 599 },
  { min: 600 },
  { min: 10 },
  { min: 30 },
  { min: 60 },
  { min: 180 },
];

export const durationPresets = ranges.map((range, i) => ({ ...range, label: t.callRecord.durationPresets[i]! }));

/** The form's value for the custom range (then the two second inputs apply). */
export const customDuration = 'custom';
