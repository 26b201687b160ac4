const dayMs = 86_400_000;
const shanghaiOffsetMs = 8 * 3_600_000;

/** Midnight of the Asia/Shanghai day holding `at`: the daily limits count from there. */
export const shanghaiDayStart = (at: Date): Date =>
  new Date(Math.floor((at.getTime() + shanghaiOffsetMs) / dayMs) * dayMs - shanghaiOffsetMs);

/** 'HH:mm' of `at` in Asia/Shanghai. */
export const shanghaiClock = (at: Date): string =>
  new Date(at.getTime() + shanghaiOffsetMs).toISOString().slice(11, 16);

/**
 * Whether `clock` lies in [from, to) ('HH:mm', zero-padded so strings compare like times); a window
 * that passes midnight (22:00-06:00) wraps.
 */
export const isWithinHours = (clock: string, from: string, to: string): boolean =>
  from <= to ? clock >= from && clock < to : clock >= from || clock < to;

/** A dial request's id: random, unguessable, safe in a SIP header. */
export const newBindId = (random: () => string) => `b${random().replace(/-/g, '')}`;
