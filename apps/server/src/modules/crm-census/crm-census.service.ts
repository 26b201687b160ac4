import {
  intentionLevelLabel,
  shanghaiDay,
  type TIntentionLevel,
  type TOwnerAction,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { crmRepository } from '../crm/index.js';
import { censusRepository as repo } from './crm-census.repository.js';

/** Every Asia/Shanghai day of the range, oldest first, with its count (0 when none). */
const dayList = (from: number, to: number, rows: { day: string; n: number }[]) => {
  const counts = new Map(rows.map((r) => [r.day, r.n]));
  const out: { day: string; count: number }[] = [];
  for (let day = shanghaiDay(from); day <= shanghaiDay(to); ) {
    out.push({ day, count: counts.get(day) ?? 0 });
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return out;
};

export const createCensusService = () => ({
  ownerLogPage: async ({ auth, tx, scope }: TRequestContext, q: TRouteInput<'crm', 'ownerLogPage'>) => {
    const { records, total } = await repo.ownerLogPage(tx, { tenantId: auth.tenantId, scope, filter: q, paging: q });
    return toPage(
      records.map((r) => ({
        id: r.r.id,
        customerId: r.r.customerId,
        customerName: r.customerName,
        action: r.r.action as TOwnerAction,
        fromUserName: r.fromName,
        toUserName: r.toName,
        operatorName: r.operatorName,
        reason: r.r.reason,
        createdAt: r.r.createdAt.getTime(),
      })),
      total,
      q,
    );
  },

  /** Dashboard figures (getCustomerCensus) inside the caller's data scope, Asia/Shanghai days, from the kept counts. */
  census: async ({ auth, tx, scope }: TRequestContext, range: TRouteInput<'crm', 'census'>) => {
    const { total, inPool, byLevel, bySource, byOwner, newRows, followRows } = await repo.customerCensus(tx, {
      tenantId: auth.tenantId,
      scope,
      from: range.from,
      to: range.to,
    });
    const names = await crmRepository.staffNames(
      tx,
      auth.tenantId,
      byOwner.map((r) => Number(r.key)),
    );
    return {
      total,
      inPool,
      byLevel: byLevel.map((r) => ({
        key: r.key,
        label: intentionLevelLabel[r.key as TIntentionLevel] ?? r.key,
        count: r.n,
      })),
      bySource: bySource.map((r) => ({ key: r.key, label: r.key || '未填写', count: r.n })),
      byOwner: byOwner.map((r) => ({ key: r.key, label: names.get(Number(r.key)) ?? '', count: r.n })),
      newPerDay: dayList(range.from, range.to, newRows),
      followsPerDay: dayList(range.from, range.to, followRows),
    };
  },
});

export type TCensusService = ReturnType<typeof createCensusService>;
