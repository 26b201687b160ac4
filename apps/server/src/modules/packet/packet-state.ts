import type { TPacketState } from '@yunhu/contract';

/** What the state of a bought package is read from (a `packets` row). */
export type TPacketStateFields = { status: string; usedSeconds: number; totalMinutes: number; expireAt: Date };

/**
 * What a bought package is at `now`: its status once it has ended or waits for a review (frozen,
 * refunded, transferred, changed); otherwise used (no seconds left), expired, or active (有效: calls
 * draw on it, it may be shared, moved or given back). `livePacketSql` and `packetStateSql`
 * (packet-state.repository.ts) say the same of rows, in the same order.
 */
export const packetState = (p: TPacketStateFields, now: Date): TPacketState => {
  if (p.status === 'frozen' || p.status === 'refunded' || p.status === 'transferred' || p.status === 'changed') {
    return p.status;
  }
  if (p.usedSeconds >= p.totalMinutes * 60) return 'used';
  return p.expireAt.getTime() <= now.getTime() ? 'expired' : 'active';
};

/** Why an agent cannot move a package (套餐转移, 套餐变更) now, as its message reads; null when it is live. */
export const whyPacketNotLive = (p: TPacketStateFields, now: Date): string | null =>
  ({
    active: null,
    frozen: '正在退订审核中',
    transferred: '已转出',
    changed: '已变更过线路',
    refunded: '已退订',
    expired: '已过期',
    used: '已用完',
  })[packetState(p, now)];
