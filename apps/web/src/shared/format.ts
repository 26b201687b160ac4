/**
 * How the console writes money and durations, once (issue 12 point 2). Phone masks are the
 * contract's `maskPhone` (the server masks with the same rule).
 */

/** Fen as yuan with two decimals (the API counts money in fen). */
export const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** mm:ss of a duration in whole seconds; hours roll into the minutes, a negative one is 00:00. */
export const mmss = (seconds: number): string => {
  const total = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};
