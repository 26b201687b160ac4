import type { TCustomer, TCustomerFields, TCustomField } from '@yunhu/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { beijingDayStart, beijingMomentOf, beijingPickerDay, beijingPickerMoment } from '../../shared/time/beijing';

/** 新建 only: keep it, hand it to a colleague, or put it straight into the public pool. */
export const ownerModes = ['self', 'person', 'pool'] as const;

/** The customer form's values as antd holds them: the contract's fields, dates as dayjs. */
export type TCustomerFormValues = Omit<TCustomerFields, 'nextFollowAt' | 'customValues'> & {
  nextFollowAt?: Dayjs | null;
  /** Keyed by custom field id. */
  custom?: Record<string, unknown>;
  ownerMode?: (typeof ownerModes)[number];
  ownerId?: number;
};

export const newCustomerDefaults: Partial<TCustomerFormValues> = {
  intentionLevel: 'D',
  isDeal: false,
  isProtected: false,
  ownerMode: 'self',
  tagIds: [],
};

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A form value of a custom field -> what the server stores (dates as epoch ms, blanks as null). */
export const toCustomValue = (field: TCustomField, v: unknown): string | number | string[] | null => {
  if (isBlank(v)) return null;
  if (field.type === 'date') return dayjs.isDayjs(v) ? beijingDayStart(v) : Number(v);
  if (field.type === 'number') return Number(v);
  if (field.type === 'multiselect') return (v as string[]).map(String);
  return typeof v === 'string' ? v.trim() : String(v);
};

/** A stored custom value -> the form's value (dates as dayjs). */
export const fromCustomValue = (field: TCustomField, v: unknown): unknown =>
  v === null || v === undefined ? undefined : field.type === 'date' && typeof v === 'number' ? beijingPickerDay(v) : v;

export const toCustomValues = (custom: Record<string, unknown> | undefined, fields: TCustomField[]) =>
  Object.fromEntries(fields.map((f) => [String(f.id), toCustomValue(f, custom?.[String(f.id)])]));

/** Form values -> the create/update body. */
export const toCustomerBody = (
  v: TCustomerFormValues,
  fields: TCustomField[],
): TCustomerFields & { ownerId?: number | null } => {
  const body: TCustomerFields & { ownerId?: number | null } = {
    name: v.name.trim(),
    mobile: v.mobile,
    company: v.company ?? '',
    address: v.address ?? '',
    remark: v.remark ?? '',
    source: v.source ?? '',
    intentionLevel: v.intentionLevel,
    isDeal: v.isDeal,
    phoneLabel: v.phoneLabel ?? null,
    tagIds: v.tagIds ?? [],
    isProtected: v.isProtected,
    nextFollowAt: v.nextFollowAt ? beijingMomentOf(v.nextFollowAt) : null,
    customValues: toCustomValues(v.custom, fields),
  };
  if (v.ownerMode === 'pool') body.ownerId = null;
  else if (v.ownerMode === 'person' && v.ownerId) body.ownerId = v.ownerId;
  return body;
};

/** A customer -> the edit form's values. */
export const fromCustomer = (c: TCustomer, fields: TCustomField[]): TCustomerFormValues => ({
  name: c.name,
  mobile: c.isMobileMasked ? '' : c.mobile,
  company: c.company,
  address: c.address,
  remark: c.remark,
  source: c.source,
  intentionLevel: c.intentionLevel,
  isDeal: c.isDeal,
  phoneLabel: c.phoneLabel,
  tagIds: c.tags.map((tag) => tag.id),
  isProtected: c.isProtected,
  nextFollowAt: c.nextFollowAt ? beijingPickerMoment(c.nextFollowAt) : null,
  custom: Object.fromEntries(fields.map((f) => [String(f.id), fromCustomValue(f, c.customValues[String(f.id)])])),
});
