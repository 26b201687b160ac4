import { describe, expect, it } from 'vitest';
import { sipFailureFinish, sipFailureLabel, sipFailureReason, sipFailureStatus } from './ingest.rules.js';

describe('how a failed SIP call is written down', () => {
  it('busy, unavailable, no such number and no answer each get their own words, status and label', () => {
    const of = (code: number) => [sipFailureReason(code), sipFailureStatus(code), sipFailureLabel(code)];
    expect(of(486)).toEqual(['对方忙', 3, 'busy']);
    expect(of(600)).toEqual(['对方忙', 3, 'busy']);
    expect(of(480)).toEqual(['对方暂时无法接通', 2, 'no_answer']);
    expect(of(404)).toEqual(['空号或号码不存在', 4, 'invalid']);
    expect(of(484)).toEqual(['号码不完整', 4, 'invalid']);
    // The ring timeout ends a call with 408: 未接听, not a fault of the line.
    expect(of(408)).toEqual(['未接听', 2, 'no_answer']);
    expect(of(487)).toEqual(['未接听（已取消）', 2, 'no_answer']);
  });

  it('a ring timeout ends as 无人接听, a caller who gives up as 主叫挂断, the rest as 系统结束', () => {
    expect([408, 487, 486, 503].map(sipFailureFinish)).toEqual([3, 1, 4, 4]);
  });

  it('a 5xx is the line’s fault with its code, and says nothing about the number', () => {
    expect([sipFailureReason(503), sipFailureStatus(503), sipFailureLabel(503)]).toEqual(['线路故障（503）', 4, null]);
    expect(sipFailureReason(499)).toBe('');
  });
});
