import { z } from 'zod';
import { route } from './crm-common.js';
import { ZTime, zInt, zString } from './http.js';
import { Perm } from './permissions.js';

const ZCensusRange = z
  .object({ from: ZTime, to: ZTime })
  .refine((r) => r.from <= r.to, '开始时间不能晚于结束时间')
  .refine((r) => r.to - r.from <= 366 * 86_400_000, '统计范围最长一年');
const ZCount = z.object({ key: zString, label: zString, count: zInt });

/** 客户统计 (the CRM dashboard figures). */
export const crmCensusRoutes = {
  census: route({
    method: 'POST',
    path: '/base/crm/getCustomerCensus',
    readOnly: true,
    summary: '客户统计',
    permission: Perm.customerList,
    request: ZCensusRange,
    response: z.object({
      total: zInt,
      inPool: zInt,
      byLevel: z.array(ZCount),
      bySource: z.array(ZCount),
      byOwner: z.array(ZCount),
      /** One entry per day of the range (yyyy-mm-dd, Asia/Shanghai). */
      newPerDay: z.array(z.object({ day: zString, count: zInt })),
      followsPerDay: z.array(z.object({ day: zString, count: zInt })),
    }),
  }),
} as const;
