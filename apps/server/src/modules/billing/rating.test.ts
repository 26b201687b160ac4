import { describe, expect, it } from 'vitest';
import {
  balanceHeld,
  hasDialFunds,
  hasDialFundsAcrossLines,
  minimumBlock,
  rateCall,
  splitCharge,
  type TRate,
} from './rating.js';

const perMinute: TRate = { unitPrice: 12, incrementSeconds: 60, minimumSeconds: 0, freeSeconds: 0 };
const perSix: TRate = { unitPrice: 2, incrementSeconds: 6, minimumSeconds: 0, freeSeconds: 0 };
const answered = (duration: number) => ({ isAnswered: true, duration });

describe('rateCall: the worked examples of its doc comment', () => {
  it('bills started minutes on a 60 s line', () => {
    expect(rateCall(answered(61), perMinute)).toEqual({ billedSeconds: 120, units: 2, amount: 24 });
    expect(rateCall(answered(60), perMinute)).toEqual({ billedSeconds: 60, units: 1, amount: 12 });
    expect(rateCall(answered(1), perMinute)).toEqual({ billedSeconds: 60, units: 1, amount: 12 });
  });

  it('bills started 6 s units on a 6 s line', () => {
    expect(rateCall(answered(61), perSix)).toEqual({ billedSeconds: 66, units: 11, amount: 22 });
    expect(rateCall(answered(6), perSix)).toEqual({ billedSeconds: 6, units: 1, amount: 2 });
  });

  it('raises a short call to the minimum block', () => {
    const withMinimum = { ...perSix, minimumSeconds: 60 };
    expect(rateCall(answered(10), withMinimum)).toEqual({ billedSeconds: 60, units: 10, amount: 20 });
    expect(rateCall(answered(61), withMinimum)).toEqual({ billedSeconds: 66, units: 11, amount: 22 });
  });

  it('lets calls under the free threshold go free', () => {
    const withFree = { ...perMinute, freeSeconds: 6 };
    expect(rateCall(answered(5), withFree).amount).toBe(0);
    expect(rateCall(answered(6), withFree)).toEqual({ billedSeconds: 60, units: 1, amount: 12 });
  });

  it('charges nothing for an unanswered call or a call of 0 s', () => {
    expect(rateCall({ isAnswered: false, duration: 300 }, perMinute)).toEqual({
      billedSeconds: 0,
      units: 0,
      amount: 0,
    });
    expect(rateCall(answered(0), { ...perMinute, minimumSeconds: 60 }).amount).toBe(0);
  });
});

describe('splitCharge: packages first, earliest expiry first, then the balance', () => {
  const rated = rateCall(answered(61), perMinute);
  it('spills from one package to the next', () => {
    const split = splitCharge(rated, perMinute, [
      { packetId: 1, name: 'A', remainingSeconds: 30 },
      { packetId: 2, name: 'B', remainingSeconds: 600 },
    ]);
    expect(split).toEqual({
      takes: [
        { packetId: 1, name: 'A', seconds: 30 },
        { packetId: 2, name: 'B', seconds: 90 },
      ],
      packetSeconds: 120,
      balanceAmount: 0,
    });
  });

  it('pays what no package covers from the balance, in proportion, rounded up to the fen', () => {
    const split = splitCharge(rated, perMinute, [{ packetId: 1, name: 'A', remainingSeconds: 30 }]);
    expect(split.packetSeconds).toBe(30);
    expect(split.balanceAmount).toBe(18);
    expect(splitCharge(rateCall(answered(61), perSix), perSix, []).balanceAmount).toBe(22);
  });

  it('never takes more than a package has, nor charges the balance more than the call costs', () => {
    const split = splitCharge(rateCall(answered(7), { ...perMinute, unitPrice: 7 }), { ...perMinute, unitPrice: 7 }, [
      { packetId: 1, name: 'A', remainingSeconds: 0 },
      { packetId: 2, name: 'B', remainingSeconds: 1 },
    ]);
    expect(split.takes).toEqual([{ packetId: 2, name: 'B', seconds: 1 }]);
    expect(split.balanceAmount).toBe(7);
  });
});

describe('the dial guard’s rule', () => {
  const tenPerMinute = { unitPrice: 10, incrementSeconds: 60, minimumSeconds: 0, freeSeconds: 0 };

  it('takes a call’s minimum block as what it holds', () => {
    expect(minimumBlock({ unitPrice: 15, incrementSeconds: 60, minimumSeconds: 0, freeSeconds: 0 })).toMatchObject({
      billedSeconds: 60,
      amount: 15,
    });
    expect(minimumBlock({ unitPrice: 1, incrementSeconds: 6, minimumSeconds: 60, freeSeconds: 0 })).toMatchObject({
      billedSeconds: 60,
      amount: 10,
    });
    expect(minimumBlock({ unitPrice: 2, incrementSeconds: 6, minimumSeconds: 0, freeSeconds: 10 })).toMatchObject({
      billedSeconds: 12,
      amount: 4,
    });
  });

  it('lets a call start while something is left after the calls under way hold their block', () => {
    const noPacket = (balance: number) => ({ packetSeconds: 0, balance });
    expect(hasDialFunds(tenPerMinute, noPacket(10), 0)).toBe(true);
    expect(hasDialFunds(tenPerMinute, noPacket(10), 1)).toBe(false);
    expect(hasDialFunds(tenPerMinute, noPacket(25), 2)).toBe(true);
    expect(hasDialFunds(tenPerMinute, noPacket(25), 3)).toBe(false);
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 120, balance: 0 }, 1)).toBe(true);
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 120, balance: 0 }, 2)).toBe(false);
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 30, balance: 10 }, 1)).toBe(true);
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 30, balance: 5 }, 1)).toBe(false);
  });

  it('is the old rule with nothing under way: package seconds, or a balance above 0', () => {
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 1, balance: -85 }, 0)).toBe(true);
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 0, balance: 1 }, 0)).toBe(true);
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 0, balance: 0 }, 0)).toBe(false);
    expect(hasDialFunds(tenPerMinute, { packetSeconds: 0, balance: -1 }, 0)).toBe(false);
  });

  it('balanceHeld: the blocks of a line’s calls under way its package does not cover, at its rate', () => {
    const line = (packetSeconds: number, underWay: number, rate = tenPerMinute) => ({ rate, packetSeconds, underWay });
    expect(balanceHeld(line(0, 2))).toBe(20);
    expect(balanceHeld(line(120, 2))).toBe(0);
    expect(balanceHeld(line(30, 1))).toBe(5);
    expect(balanceHeld(line(0, 0))).toBe(0);
    expect(balanceHeld(line(0, 3, { ...tenPerMinute, unitPrice: 0 }))).toBe(0);
    // 2 fen per 6 s with a 60 s minimum: a block is 60 s, 20 fen; a package of 90 s covers one and a half.
    const perSixMinimum = { unitPrice: 2, incrementSeconds: 6, minimumSeconds: 60, freeSeconds: 0 };
    expect(balanceHeld(line(90, 2, perSixMinimum))).toBe(10);
  });

  it('hasDialFundsAcrossLines: the balance is shared by the lines, each line’s package is its own', () => {
    const line = (packetSeconds: number, underWay: number) => ({ rate: tenPerMinute, packetSeconds, underWay });
    // A dialled, one call under way on B without a package: B holds the 10 fen.
    expect(hasDialFundsAcrossLines(line(0, 0), [line(0, 1)], 10)).toBe(false);
    expect(hasDialFundsAcrossLines(line(0, 0), [line(0, 1)], 20)).toBe(true);
    // B dialled, one call under way on A whose package has 60 s: A's package holds it, not the balance.
    expect(hasDialFundsAcrossLines(line(0, 0), [line(60, 1)], 10)).toBe(true);
    expect(hasDialFundsAcrossLines(line(0, 0), [line(60, 2)], 10)).toBe(false);
    // A dialled with a package of 60 s of its own: B's hold on the balance does not matter.
    expect(hasDialFundsAcrossLines(line(60, 0), [line(0, 1)], 0)).toBe(true);
    // The dialled line's own calls and the others' add up: 25 fen, one on A, one on B → 5 left.
    expect(hasDialFundsAcrossLines(line(0, 1), [line(0, 1)], 25)).toBe(true);
    expect(hasDialFundsAcrossLines(line(0, 1), [line(0, 1)], 20)).toBe(false);
    // Nothing under way anywhere: the old rule.
    expect(hasDialFundsAcrossLines(line(0, 0), [], 1)).toBe(true);
    expect(hasDialFundsAcrossLines(line(0, 0), [line(0, 0)], 0)).toBe(false);
  });
});
