import type { crmSettingsRoutes, TParsedRequestOf } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { isUniqueViolation } from '../org/index.js';

export type TReq<K extends keyof typeof crmSettingsRoutes> = TParsedRequestOf<(typeof crmSettingsRoutes)[K]>;

export const crmSettingsLimits = { tags: 100, fields: 50, ownQuick: 100, sharedQuick: 100 } as const;

/** Runs a write whose unique index may still refuse a name another person saved at the same moment. */
export const uniquely = async <T>(
  ctx: TRequestContext,
  taken: () => Error,
  fn: (ctx: TRequestContext) => Promise<T>,
) => {
  try {
    return await fn(ctx);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
};
