// The seat area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; seat.ts re-exports them under the same names.

/**
 * The state of a seat, derived from its row at the time of asking: 已停用 (disabled by the
 * platform), 已过期, 即将到期 (within `expiringDays`), 空闲 (nobody bound) and 使用中.
 */
export const seatStates = ['inUse', 'free', 'expiring', 'expired', 'disabled'] as const;

export const seatStateLabel: Record<(typeof seatStates)[number], string> = {
  inUse: '使用中',
  free: '空闲',
  expiring: '即将到期',
  expired: '已过期',
  disabled: '已停用',
};

export const seatLimits = {
  /** A seat expiring within this many days is 即将到期. */
  expiringDays: 15,
  maxBatch: 500,
};

/** Line modes (spec section 4): 2 soft-phone (SIP), 0 carrier call-back, anything else app dialing. */
export const lineModeLabel = (mode: number): string => (mode === 2 ? '软电话' : mode === 0 ? '回拨' : 'APP');

export const callingLimits = {
  perNumberDailyMax: 50,
  dailyMax: 5000,
  maxBatch: 500,
};
