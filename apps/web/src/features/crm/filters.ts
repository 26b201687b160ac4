import type { TCustomerFilter, TCustomField } from '@yunhu/contract';
import type { Dayjs } from 'dayjs';
import { beijingDayRange, beijingPickerDay } from '../../shared/time/beijing';

type TDayRange = [Dayjs | null, Dayjs | null] | null | undefined;
type TCustomValue = string | string[] | TDayRange | [number | null, number | null];

/** The filter form's values as antd holds them (dayjs ranges, custom conditions keyed by field id). */
export type TFilterValues = Omit<
  TCustomerFilter,
  'createdRange' | 'lastFollowRange' | 'nextFollowRange' | 'lastCallRange' | 'custom'
> & {
  createdRange?: TDayRange;
  lastFollowRange?: TDayRange;
  nextFollowRange?: TDayRange;
  lastCallRange?: TDayRange;
  custom?: Record<string, TCustomValue | undefined>;
};

const rangeKeys = ['createdRange', 'lastFollowRange', 'nextFollowRange', 'lastCallRange'] as const;

/** Whole Beijing days: from the start of the first to the end of the last, as people mean a date range. */
const toRange = (r: TDayRange): [number | null, number | null] | undefined => beijingDayRange(r);
const fromRange = (r: [number | null, number | null] | undefined): TDayRange =>
  r ? [r[0] === null ? null : beijingPickerDay(r[0]), r[1] === null ? null : beijingPickerDay(r[1])] : undefined;

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === null || x === undefined));

/** Form values -> the request's filter: empty values dropped (an empty string is not "no filter" to zod). */
export const toFilter = (values: TFilterValues, fields: TCustomField[]): TCustomerFilter => {
  const { custom, createdRange, lastFollowRange, nextFollowRange, lastCallRange, ...plain } = values;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(plain)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (!isEmpty(value) && !(Array.isArray(value) && value.length === 0)) out[k] = value;
  }
  const ranges = { createdRange, lastFollowRange, nextFollowRange, lastCallRange };
  for (const k of rangeKeys) {
    const r = toRange(ranges[k]);
    if (r) out[k] = r;
  }
  const conditions: NonNullable<TCustomerFilter['custom']> = [];
  for (const field of fields) {
    const v = custom?.[String(field.id)];
    if (isEmpty(v)) continue;
    if (field.type === 'text' || field.type === 'textarea') {
      if (typeof v === 'string' && v.trim()) conditions.push({ fieldId: field.id, text: v.trim() });
    } else if (field.type === 'select' || field.type === 'multiselect') {
      const anyOf = (Array.isArray(v) ? v : [v]).map(String);
      if (anyOf.length > 0) conditions.push({ fieldId: field.id, anyOf });
    } else if (field.type === 'number') {
      const [a, b] = v as [number | null, number | null];
      conditions.push({ fieldId: field.id, range: [a ?? null, b ?? null] });
    } else {
      const r = toRange(v as TDayRange);
      if (r) conditions.push({ fieldId: field.id, range: r });
    }
  }
  if (conditions.length > 0) out.custom = conditions;
  return out as TCustomerFilter;
};

/** A saved filter -> form values, so applying it shows its conditions in the form. */
export const fromFilter = (filter: TCustomerFilter, fields: TCustomField[]): TFilterValues => {
  const { custom, createdRange, lastFollowRange, nextFollowRange, lastCallRange, ...plain } = filter;
  const values: TFilterValues = {
    ...plain,
    createdRange: fromRange(createdRange),
    lastFollowRange: fromRange(lastFollowRange),
    nextFollowRange: fromRange(nextFollowRange),
    lastCallRange: fromRange(lastCallRange),
  };
  const byId = new Map(fields.map((f) => [f.id, f]));
  const customValues: Record<string, TCustomValue> = {};
  for (const cond of custom ?? []) {
    const field = byId.get(Number(cond.fieldId));
    if (!field) continue;
    const key = String(field.id);
    if (cond.text !== undefined) customValues[key] = cond.text;
    else if (cond.anyOf) customValues[key] = cond.anyOf;
    else if (cond.range) customValues[key] = field.type === 'date' ? fromRange(cond.range) : cond.range;
  }
  values.custom = customValues;
  return values;
};

/** How many conditions a filter sets (shown on the 更多筛选 toggle and before by-condition actions). */
export const countConditions = (filter: TCustomerFilter): number =>
  Object.entries(filter).reduce((n, [k, v]) => n + (k === 'custom' ? (v as unknown[]).length : 1), 0);
