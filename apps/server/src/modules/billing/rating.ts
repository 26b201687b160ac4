/**
 * Rating and the split of a charge (issue 16, docs/decisions/0018-billing.md): pure functions, no
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

/**
 * The dial guard's rule (docs/decisions/0018-billing.md "The guard"): each call under way on the
 * line holds one minimum block, from the line's package seconds first, then from the balance at the
 * rate; a new call may start while something is left after the holds — package seconds, or a
 * balance above zero. With nothing under way this is "package seconds or a balance above 0".
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
  const packetLeft = funds.packetSeconds - heldSeconds;
  if (packetLeft > 0) return true;
  const heldMoney = Math.ceil((-packetLeft * rate.unitPrice) / Math.max(1, rate.incrementSeconds));
  return funds.balance - heldMoney > 0;
};
