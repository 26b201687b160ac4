import type { TCallSignalFigures, TCallTranscript } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { evaluateQuality, type TRuleToApply } from './quality.evaluate.js';

/** The agent 0–2 s and 5.2–7 s, the customer 3.5–6 s and 8.5–9.5 s: two 1.5 s silences, the agent cuts in at 5.2 s. */
const figures = {
  durationSec: 10,
  agentTalkSec: 3.8,
  customerTalkSec: 3.5,
  agentSharePercent: 52.1,
  customerSharePercent: 47.9,
  agentSegments: [
    [0, 2],
    [5.2, 7],
  ],
  customerSegments: [
    [3.5, 6],
    [8.5, 9.5],
  ],
} as TCallSignalFigures;

const transcript: TCallTranscript = {
  engine: 'test',
  isSimulated: false,
  note: '',
  segments: [
    { side: 'agent', fromSec: 0, toSec: 2, text: '您好，我是云呼科技的小王。' },
    { side: 'customer', fromSec: 3.5, toSec: 6, text: '你们这个产品保本吗？' },
    { side: 'agent', fromSec: 5.2, toSec: 7, text: '放心，我们的产品保本稳赚。' },
    { side: 'customer', fromSec: 8.5, toSec: 9.5, text: '那你发资料吧。' },
  ],
};

const rule = (id: number, name: string, def: TRuleToApply['rule']): TRuleToApply => ({ id, name, rule: def });

describe('quality rules on a call', () => {
  it('finds a forbidden word the agent said, at its sentence, and not the customer’s same word', () => {
    const [result] = evaluateQuality(
      [rule(1, '承诺收益', { kind: 'forbidden', words: ['保本', '保证收益'], side: 'agent' })],
      transcript,
      figures,
    );
    expect(result).toMatchObject({ ruleId: 1, kind: 'forbidden', status: 'hit', detail: '坐席说了：保本' });
    expect(result!.moments).toEqual([{ atMs: 5200, toMs: 7000, side: 'agent', text: '放心，我们的产品保本稳赚。' }]);
  });

  it('matches whole words only: 产 is not found in 产品', () => {
    const [part, whole] = evaluateQuality(
      [
        rule(1, '产', { kind: 'keyword', words: ['产'], side: 'both' }),
        rule(2, '产品', { kind: 'keyword', words: ['产品'], side: 'both' }),
      ],
      transcript,
      figures,
    );
    expect([part!.status, whole!.status]).toEqual(['pass', 'hit']);
    expect(whole!.moments.map((m) => m.atMs)).toEqual([3500, 5200]);
  });

  it('passes a required phrase said in time and hits one never said or said too late', () => {
    const results = evaluateQuality(
      [
        rule(1, '报公司名', { kind: 'required', words: ['云呼科技'], withinSec: 5 }),
        rule(2, '说明来电原因', { kind: 'required', words: ['来电是想'], withinSec: null }),
        rule(3, '三秒内说保本', { kind: 'required', words: ['保本'], withinSec: 3 }),
      ],
      transcript,
      figures,
    );
    expect(results.map((r) => r.status)).toEqual(['pass', 'hit', 'hit']);
    expect(results[0]!.moments[0]!.atMs).toBe(0);
    expect(results[1]).toMatchObject({ detail: '坐席未说：来电是想', moments: [] });
    expect(results[2]).toMatchObject({ detail: '坐席前 3 秒内未说，5.2 秒才说' });
    expect(results[2]!.moments[0]!.atMs).toBe(5200);
  });

  it('hits silences longer than the threshold, each where it began', () => {
    const [over1, over2] = evaluateQuality(
      [rule(1, '静默1秒', { kind: 'silence', overSec: 1 }), rule(2, '静默2秒', { kind: 'silence', overSec: 2 })],
      null,
      figures,
    );
    expect(over1).toMatchObject({ status: 'hit', detail: '2 次超过 1 秒的静默，最长 1.5 秒' });
    expect(over1!.moments.map((m) => [m.atMs, m.toMs])).toEqual([
      [2000, 3500],
      [7000, 8500],
    ]);
    expect(over2!.status).toBe('pass');
  });

  it('judges the agent’s talk share and interruptions from the figures', () => {
    const [share, under, interruptions] = evaluateQuality(
      [
        rule(1, '坐席说太多', { kind: 'talkShare', minPercent: null, maxPercent: 50 }),
        rule(2, '坐席说太少', { kind: 'talkShare', minPercent: 30, maxPercent: null }),
        rule(3, '坐席抢话', { kind: 'interruptions', side: 'agent', over: 0 }),
      ],
      null,
      figures,
    );
    expect(share).toMatchObject({ status: 'hit', detail: '坐席说话占比 52.1%，高于 50%' });
    expect(under!.status).toBe('pass');
    expect(interruptions).toMatchObject({ status: 'hit', detail: '坐席抢话 1 次，超过 0 次' });
    expect(interruptions!.moments).toEqual([{ atMs: 5200, toMs: 6000, side: 'agent', text: '坐席抢话' }]);
  });

  it('says 无转写 for words rules without a transcript, or without the side’s sentences', () => {
    const customerOnly = { ...transcript, segments: transcript.segments.filter((s) => s.side === 'customer') };
    const forbidden = rule(1, '承诺收益', { kind: 'forbidden', words: ['保本'], side: 'agent' });
    expect(evaluateQuality([forbidden], null, figures)[0]).toMatchObject({ status: 'noTranscript', detail: '无转写' });
    expect(evaluateQuality([forbidden], customerOnly, figures)[0]).toMatchObject({
      status: 'noTranscript',
      detail: '无坐席转写',
    });
  });

  it('judges a mono recording on what it can tell: silences and words of both sides, not one side’s words or shares', () => {
    // The same call mixed on one channel: speech 0–2, 3.5–7, 8.5–9.5; its sentences without a side.
    const mono = {
      ...figures,
      isMono: true,
      agentTalkSec: null,
      customerTalkSec: null,
      agentSharePercent: null,
      customerSharePercent: null,
      agentSegments: [],
      customerSegments: [],
      speechSegments: [
        [0, 2],
        [3.5, 7],
        [8.5, 9.5],
      ],
    } as TCallSignalFigures;
    const mixed = { ...transcript, segments: transcript.segments.map((s) => ({ ...s, side: null })) };
    const [silence, share, interruptions, anyone, agentOnly, required] = evaluateQuality(
      [
        rule(1, '长静默', { kind: 'silence', overSec: 1 }),
        rule(2, '坐席话多', { kind: 'talkShare', minPercent: null, maxPercent: 50 }),
        rule(3, '抢话', { kind: 'interruptions', side: 'agent', over: 0 }),
        rule(4, '保本', { kind: 'keyword', words: ['保本'], side: 'both' }),
        rule(5, '承诺收益', { kind: 'forbidden', words: ['保本'], side: 'agent' }),
        rule(6, '自报家门', { kind: 'required', words: ['云呼科技'], withinSec: 10 }),
      ],
      mixed,
      mono,
    );
    expect(silence).toMatchObject({ status: 'hit', detail: '2 次超过 1 秒的静默，最长 1.5 秒' });
    expect(silence!.moments.map((m) => [m.atMs, m.toMs])).toEqual([
      [2000, 3500],
      [7000, 8500],
    ]);
    expect(share).toMatchObject({ status: 'mono', detail: '单声道录音分不出坐席的说话时长' });
    expect(interruptions).toMatchObject({ status: 'mono', detail: '单声道录音分不出谁在抢话' });
    expect(anyone).toMatchObject({ status: 'hit', detail: '双方说了：保本' });
    expect(anyone!.moments.map((m) => [m.atMs, m.side])).toEqual([
      [3500, null],
      [5200, null],
    ]);
    expect(agentOnly).toMatchObject({ status: 'mono', detail: '单声道录音分不出坐席的话' });
    expect(required).toMatchObject({ status: 'mono', detail: '单声道录音分不出坐席的话' });
  });
});
