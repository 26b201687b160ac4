import {
  beijingTime,
  customerTextFieldLabel,
  intentionLevelLabel,
  maskPhone,
  phoneLabelText,
  type TCustomer,
  type TIntentionLevel,
  type TPhoneLabel,
} from '@yunhu/contract';
import type { TChange, TCustomerFull, TCustomerRow } from './crm.repository.js';
import type { TCrmSettings } from './crm.rules.js';

const dayMs = 86_400_000;

type TReleaseRules = Pick<TCrmSettings, 'releaseNoFollowDays' | 'releaseNoDealDays'>;

/**
 * When the automatic release would return this customer to the public pool (DESIGN.md section 4):
 * releaseNoFollowDays after the later of getting him and the last follow-up, or releaseNoDealDays
 * after getting him while not dealt; never for the public pool, protected or dealt customers.
 */
export const releaseAtOf = (c: TCustomerRow, rules: TReleaseRules): number | null => {
  if (c.ownerId === null || c.deletedAt !== null || c.isProtected || c.isDeal) return null;
  const owned = (c.ownedAt ?? c.createdAt).getTime();
  const times: number[] = [];
  if (rules.releaseNoFollowDays > 0) {
    times.push(Math.max(owned, c.lastFollowAt?.getTime() ?? 0) + rules.releaseNoFollowDays * dayMs);
  }
  if (rules.releaseNoDealDays > 0) times.push(owned + rules.releaseNoDealDays * dayMs);
  return times.length ? Math.min(...times) : null;
};

export type TTagRef = { id: number; name: string; color: string };
/** The rules a view reads: the automatic release's (releaseAt); the privacy switch decides isMasked. */
export type TViewSettings = Pick<TCrmSettings, 'isPrivacyOn' | 'releaseNoFollowDays' | 'releaseNoDealDays'>;
export type TViewContext = { settings: TViewSettings; isMasked: boolean; tags: Map<number, TTagRef> };

/** The customer as the contract shows him to this person (masked mobile, tag refs, names). */
export const toCustomerView = (row: TCustomerFull, ctx: TViewContext): TCustomer => {
  const c = row.c;
  return {
    id: c.id,
    name: c.name,
    mobile: ctx.isMasked ? maskPhone(c.mobile) : c.mobile,
    isMobileMasked: ctx.isMasked,
    company: c.company,
    address: c.address,
    remark: c.remark,
    source: c.source,
    intentionLevel: c.intentionLevel as TIntentionLevel,
    isDeal: c.isDeal,
    dealAt: c.dealAt?.getTime() ?? null,
    phoneLabel: (c.phoneLabel as TPhoneLabel | null) ?? null,
    tags: c.tagIds.flatMap((id) => {
      const t = ctx.tags.get(id);
      return t ? [t] : [];
    }),
    customValues: c.customValues ?? {},
    ownerId: c.ownerId,
    ownerName: row.ownerName,
    deptId: c.deptId,
    deptName: row.deptName,
    isProtected: c.isProtected,
    ownedAt: c.ownedAt?.getTime() ?? null,
    lastFollowAt: c.lastFollowAt?.getTime() ?? null,
    callCount: c.callCount,
    lastCallAt: c.lastCallAt?.getTime() ?? null,
    lastFollowContent: c.lastFollowContent,
    nextFollowAt: c.nextFollowAt?.getTime() ?? null,
    poolAt: c.poolAt?.getTime() ?? null,
    previousOwnerName: row.previousOwnerName,
    releaseAt: releaseAtOf(c, ctx.settings),
    createdAt: c.createdAt.getTime(),
    updatedAt: c.updatedAt.getTime(),
  };
};

/** Chinese labels of the built-in fields in the change log. */
export const fieldLabels: Record<string, string> = {
  ...customerTextFieldLabel,
  intentionLevel: '意向等级',
  isDeal: '成交状态',
  phoneLabel: '电话标签',
  tagIds: '标签',
  isProtected: '保护状态',
  nextFollowAt: '下次跟进时间',
};

type TCustomValue = string | number | string[] | null | undefined;

/** A value as a person reads it in the timeline: level labels, tag names, 已成交, dates. */
export const readable = (field: string, value: unknown, tags: Map<number, TTagRef>, customType?: string): string => {
  if (value === null || value === undefined || value === '') return '空';
  switch (field) {
    case 'intentionLevel':
      return intentionLevelLabel[value as TIntentionLevel] ?? String(value);
    case 'isDeal':
      return value ? '已成交' : '未成交';
    case 'isProtected':
      return value ? '已保护' : '未保护';
    case 'phoneLabel':
      return phoneLabelText[value as TPhoneLabel] ?? String(value);
    case 'tagIds': {
      const ids = value as number[];
      return ids.length ? ids.map((id) => tags.get(id)?.name ?? `#${id}`).join('、') : '空';
    }
    case 'nextFollowAt':
      return value instanceof Date || typeof value === 'number' ? beijingTime(value) : String(value);
    default:
      if (customType === 'date' && typeof value === 'number') return beijingTime(value).slice(0, 10);
      if (Array.isArray(value)) return value.length ? value.join('、') : '空';
      return String(value);
  }
};

const same = (a: unknown, b: unknown): boolean => {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : v === undefined || v === '' ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
};

/** The changes between the stored row and the new values, labelled for the timeline. */
export const diffCustomer = (
  before: TCustomerRow,
  after: Partial<TCustomerRow>,
  tags: Map<number, TTagRef>,
  customFields: Map<string, { name: string; type: string }>,
): TChange[] => {
  const changes: TChange[] = [];
  for (const [field, label] of Object.entries(fieldLabels)) {
    if (!(field in after)) continue;
    const from = before[field as keyof TCustomerRow];
    const to = after[field as keyof TCustomerRow];
    if (same(from, to)) continue;
    changes.push({ field, label, from: readable(field, from, tags), to: readable(field, to, tags) });
  }
  if (after.customValues) {
    const old = before.customValues ?? {};
    for (const [key, value] of Object.entries(after.customValues) as [string, TCustomValue][]) {
      if (same(old[key], value)) continue;
      const def = customFields.get(key);
      changes.push({
        field: `custom.${key}`,
        label: def?.name ?? `自定义字段${key}`,
        from: readable('custom', old[key], tags, def?.type),
        to: readable('custom', value, tags, def?.type),
      });
    }
  }
  return changes;
};
