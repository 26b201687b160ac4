/**
 * Whether `clock` lies in [from, to) ('HH:mm', zero-padded so strings compare like times); a window
 * that passes midnight (22:00-06:00) wraps.
 */
export const isWithinHours = (clock: string, from: string, to: string): boolean =>
  from <= to ? clock >= from && clock < to : clock >= from || clock < to;

/** A dial request's id: random, unguessable, safe in a SIP header. */
export const newBindId = (random: () => string) => `b${random().replace(/-/g, '')}`;
