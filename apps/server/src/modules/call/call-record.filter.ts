import type { callRecordSortFields, ZCallRecordFilter } from '@yunhu/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, likeOf } from '../crm/crm.repository.js';
import { callRecords as r } from './call.schema.js';

export type TCallRecordFilter = z.output<typeof ZCallRecordFilter>;

/**
 * Which records 通话记录 shows (issue 6): the tenant's, inside the reader's data scope (a record
 * belongs to its caller and the department he had at the time: an agent sees his own calls, a
 * manager his department and below), within the required time range, then the optional filters.
 * The list, its figures and its export share it, so they always agree.
 */
export const recordCondition = (tenantId: number, scope: TDataScope, f: TCallRecordFilter): SQL =>
  and(
    eq(r.tenantId, tenantId),
    scopeCondition(scope, { owner: r.userId, dept: r.deptId }),
    // The range keeps the query on (tenant_id, start_time) or (tenant_id, user_id, start_time).
    gte(r.startTime, new Date(f.startRange[0])),
    lte(r.startTime, new Date(f.startRange[1])),
    f.userIds?.length ? inArray(r.userId, f.userIds) : undefined,
    f.deptId ? sql`${r.deptId} in ${deptSubtree(tenantId, f.deptId)}` : undefined,
    f.lineId ? eq(r.lineId, f.lineId) : undefined,
    f.callStatus ? eq(r.callStatus, f.callStatus) : undefined,
    f.finishStatus ? eq(r.finishStatus, f.finishStatus) : undefined,
    f.telB ? sql`${r.telB} like ${likeOf(f.telB)}` : undefined,
    f.durationMin !== undefined ? gte(r.duration, f.durationMin) : undefined,
    f.durationMax !== undefined ? lte(r.duration, f.durationMax) : undefined,
  )!;

/** The list's order: the chosen column, then the newest id so pages never overlap. */
export const recordOrder = (field: (typeof callRecordSortFields)[number], order: 'ascend' | 'descend'): SQL[] => {
  const dir = order === 'ascend' ? asc : desc;
  return field === 'duration' ? [dir(r.duration), desc(r.startTime), desc(r.id)] : [dir(r.startTime), dir(r.id)];
};
