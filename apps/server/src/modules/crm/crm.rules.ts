import { maskPhone, Perm } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { crmSettings } from '../../db/schema.js';
import type { TAuth } from '../../http/context.js';
import { crmRepository } from './crm.repository.js';

export type TCrmSettings = Omit<typeof crmSettings.$inferSelect, 'updatedBy' | 'updatedAt'>;

/** A tenant that never saved its rules has no limits and the privacy switch on. */
export const defaultCrmSettings = (tenantId: number): TCrmSettings => ({
  tenantId,
  maxOwned: 0,
  dailyClaimLimit: 0,
  reclaimBlockDays: 0,
  releaseNoFollowDays: 0,
  releaseNoDealDays: 0,
  remindBeforeDays: 0,
  isPrivacyOn: true,
});

/** The pool rules and privacy switch every CRM service reads (业务规则, config-function). */
export const readCrmSettings = async (tx: TDb, tenantId: number): Promise<TCrmSettings> =>
  (await crmRepository.settings(tx, tenantId)) ?? defaultCrmSettings(tenantId);

/** Mobiles are masked while the privacy switch is on for people without the view-number permission. */
export const isMobileMasked = (settings: Pick<TCrmSettings, 'isPrivacyOn'>, auth: TAuth): boolean =>
  settings.isPrivacyOn && !auth.isAdmin && !auth.isSuper && !auth.permissions.has(Perm.customerMobile);

/** The mobile as this person may see it (spec section 3 display rule). */
export const mobileFor = (mobile: string, isMasked: boolean): string => (isMasked ? maskPhone(mobile) : mobile);
