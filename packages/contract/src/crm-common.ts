import { z } from 'zod';
import { ZTime } from './http.js';
import { zId, zIds } from './org-common.js';
import { routesOf } from './route.js';

/**
 * Building blocks shared by the crm-*.ts files. Internal to the CRM contract: `crm.ts` does not
 * re-export this file, so these generic names stay out of the package's surface.
 */
export const route = routesOf('crm');

export const ZText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}最多${max}个字`);

export const ZRange = z
  .tuple([ZTime.nullable(), ZTime.nullable()], { error: '时间范围格式不正确' })
  .refine(([a, b]) => a === null || b === null || a <= b, '开始时间不能晚于结束时间')
  .optional();

/** Ids chosen in a list, or every customer matching a filter (by-condition actions). */
/** One customer, by its id. */
export const ZCustomerRef = z.object({ id: zId('客户编号') });
export const ZIds = zIds('客户编号', 1000);
export const ZReason = z.string().trim().max(200, '原因最多200个字').default('');
