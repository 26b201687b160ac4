/**
 * Rating and the split of a charge (docs/decisions/0018-billing.md): pure functions, no
 * database, so every rule is a worked example and a unit test (rating.test.ts).
 */

/** A line's rate in force at a call's start. */
export type TRate = {
  /** Fen per billing unit. */
  unitPrice: number;
  /** Seconds per billing unit: 60 by default, 6 on per-6-seconds lines. */
  incrementSeconds: number;
  /** A charged call is billed at least this long (0: none). */
  minimumSeconds: number;
  /** An answered call shorter than this is free (0: none). */
  freeSeconds: number;
};

export type TRated = { billedSeconds: number; units: number; amount: number };

const nothing: TRated = { billedSeconds: 0, units: 0, amount: 0 };

/**
 * What a call costs at a rate. Unanswered calls, calls of 0 s and calls shorter than the free
 * threshold cost nothing; otherwise the talk time, raised to the minimum block, is billed in whole
 * increments, each at the unit price.
 *
 * Worked examples (rating.test.ts checks each):
 * - 12 fen per 60 s, a 61 s call: 2 units, 120 s billed, 24 fen.
 * - 12 fen per 60 s, a 60 s call: 1 unit, 60 s, 12 fen; a 1 s call: 1 unit, 60 s, 12 fen.
 * - 2 fen per 6 s, a 61 s call: 11 units, 66 s, 22 fen.
 * - 2 fen per 6 s with a 60 s minimum, a 10 s call: 10 units, 60 s, 20 fen; a 61 s call: 11 units.
 * - free threshold 6 s: a 5 s call costs nothing, a 6 s call is charged.
 * - not answered (or answered for 0 s): nothing, whatever the rate.
 */
export const rateCall = (call: { isAnswered: boolean; duration: number }, rate: TRate): TRated => {
  const duration = Math.max(0, Math.floor(call.duration));
  if (!call.isAnswered || duration === 0 || duration < rate.freeSeconds) return nothing;
  const inc = Math.max(1, rate.incrementSeconds);
  const units = Math.ceil(Math.max(duration, rate.minimumSeconds) / inc);
  return { billedSeconds: units * inc, units, amount: units * rate.unitPrice };
};

export type TSplit = {
  /** Seconds taken from each package, in the order given (earliest expiry first). */
  takes: { packetId: number; name: string; seconds: number }[];
  packetSeconds: number;
  /** Fen from the balance for the billed seconds no package covered. */
  balanceAmount: number;
};

/**
 * Who pays for a rated call: the packages in the order given (earliest expiry first), each up to
 * what it has left, spilling to the next; the seconds no package covers are paid from the balance
 * at the rate, in proportion and rounded up to the fen (never more than the call's amount).
 *
 * Worked examples (rating.test.ts):
 * - 120 s billed at 12 fen / 60 s, packages A 30 s left, B 600 s: A 30 s, B 90 s, balance 0.
 * - 120 s billed, only A with 30 s left: A 30 s, balance ⌈90 × 12 / 60⌉ = 18 fen.
 * - 66 s billed at 2 fen / 6 s, no package: balance 22 fen.
 */
export const splitCharge = (
  rated: TRated,
  rate: Pick<TRate, 'unitPrice' | 'incrementSeconds'>,
  packets: { packetId: number; name: string; remainingSeconds: number }[],
): TSplit => {
  let left = rated.billedSeconds;
  const takes: TSplit['takes'] = [];
  for (const p of packets) {
    if (left <= 0) break;
    const seconds = Math.min(left, Math.max(0, p.remainingSeconds));
    if (seconds <= 0) continue;
    takes.push({ packetId: p.packetId, name: p.name, seconds });
    left -= seconds;
  }
  const inc = Math.max(1, rate.incrementSeconds);
  const balanceAmount = left <= 0 ? 0 : Math.min(rated.amount, Math.ceil((left * rate.unitPrice) / inc));
  return { takes, packetSeconds: rated.billedSeconds - left, balanceAmount };
};

/**
 * The smallest charge of an answered call at a rate: its minimum block (the free threshold's length,
 * or 1 s, raised to the minimum and rounded up to whole increments). What a call under way holds.
 *
 * Worked examples (rating.test.ts):
 * - 15 fen per 60 s: 60 s, 15 fen.
 * - 1 fen per 6 s with a 60 s minimum: 60 s, 10 fen.
 * - 2 fen per 6 s, free under 10 s: 12 s, 4 fen.
 */
export const minimumBlock = (rate: TRate): TRated =>
  rateCall({ isAnswered: true, duration: Math.max(1, rate.freeSeconds) }, rate);

/** A line's calls under way as the dial guard sees them: its rate, its package seconds left, how many calls. */
export type TLineUnderWay = { rate: TRate; packetSeconds: number; underWay: number };

/**
 * Fen the calls under way on a line hold from the balance: one minimum block each, less what the
 * line's package seconds cover, at the line's rate (rounded up to the fen).
 *
 * Worked examples (rating.test.ts), 10 fen per 60 s:
 * - no package, two calls under way: 20 fen.
 * - a package with 120 s left, two calls: 0 fen (the package covers both blocks).
 * - a package with 30 s left, one call: the 30 s it lacks hold 5 fen.
 * - a free line (0 fen), any calls: 0 fen.
 */
export const balanceHeld = ({ rate, packetSeconds, underWay }: TLineUnderWay): number => {
  const heldSeconds = Math.max(0, underWay) * minimumBlock(rate).billedSeconds;
  const uncovered = heldSeconds - Math.max(0, packetSeconds);
  if (uncovered <= 0) return 0;
  return Math.ceil((uncovered * rate.unitPrice) / Math.max(1, rate.incrementSeconds));
};

/**
 * The dial guard's rule on one line (docs/decisions/0034-dial-funds-guard.md): each call under
 * way on the line holds one minimum block, from the line's package seconds first, then from the
 * balance at the rate; a new call may start while something is left after the holds — package
 * seconds, or a balance above zero. With nothing under way this is "package seconds or a balance
 * above 0". `funds.balance` is what the line may use: the balance less what calls on the
 * enterprise's other lines hold (`hasDialFundsAcrossLines`).
 *
 * Worked examples (rating.test.ts), 10 fen per 60 s:
 * - no package, 10 fen: nothing under way → yes; one call under way → no (10 - 10 = 0).
 * - no package, 25 fen, two under way → yes (5 left); three → no.
 * - a package with 120 s left, no balance: one under way → yes (60 s left); two → no.
 * - a package with 30 s left, 10 fen, one under way: the 30 s it lacks hold 5 fen → yes (5 left).
 */
export const hasDialFunds = (
  rate: TRate,
  funds: { packetSeconds: number; balance: number },
  underWay: number,
): boolean => {
  const heldSeconds = Math.max(0, underWay) * minimumBlock(rate).billedSeconds;
  if (funds.packetSeconds - heldSeconds > 0) return true;
  return funds.balance - balanceHeld({ rate, packetSeconds: funds.packetSeconds, underWay }) > 0;
};

/**
 * The dial guard across the enterprise's lines: the package seconds of the dialled line are its
 * own, but the balance is shared, so the calls under way on every other line hold from it what
 * their own packages do not cover (`balanceHeld`, each at its line's rate). The dialled line then
 * follows `hasDialFunds` on the balance that is left.
 *
 * Worked examples (rating.test.ts), every line 10 fen per 60 s, 10 fen in the balance:
 * - line A dialled, one call under way on B (no package): no (B holds the 10 fen).
 * - the same with 20 fen: yes (10 left for A).
 * - line B dialled, one call under way on A whose package has 60 s left: yes (A's package holds it).
 * - line A dialled with a package of 60 s, one call under way on B: yes (A's own package).
 */
export const hasDialFundsAcrossLines = (dialled: TLineUnderWay, others: TLineUnderWay[], balance: number): boolean => {
  const heldElsewhere = others.reduce((sum, line) => sum + balanceHeld(line), 0);
  return hasDialFunds(
    dialled.rate,
    { packetSeconds: dialled.packetSeconds, balance: balance - heldElsewhere },
    dialled.underWay,
  );
};
