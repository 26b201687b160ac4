import type {
  TCallSignalFigures,
  TCallTranscript,
  TCallTranscriptSegment,
  TQualityMoment,
  TQualityResult,
  TQualityResultStatus,
  TQualityRuleDef,
  TQualitySide,
} from '@yunhu/contract';
import { gapsBetween, overlapsOf, type TSegment } from './signal.figures.js';
import { holds, wordsOf } from './words.js';

/** A rule as the evaluation takes it (the enterprise's enabled ones, when the call is analysed). */
export type TRuleToApply = { id: number; name: string; rule: TQualityRuleDef };

const sideName = { agent: '坐席', customer: '客户', both: '双方' } as const;
const ms = (sec: number) => Math.round(sec * 1000);
const seconds = (msValue: number) => `${Math.round(msValue / 100) / 10} 秒`;
const toSegments = (spans: readonly (readonly [number, number])[]): TSegment[] =>
  spans.map(([from, to]) => ({ startMs: ms(from), endMs: ms(to) }));
const isOfSide = (side: TQualitySide) => (s: TCallTranscriptSegment) => side === 'both' || s.side === side;

const momentOf = (s: TCallTranscriptSegment): TQualityMoment => ({
  atMs: ms(s.fromSec),
  toMs: ms(s.toSec),
  side: s.side,
  text: s.text,
});

type TOutcome = Pick<TQualityResult, 'status' | 'detail' | 'moments'>;

/** The sentences of `side` that say one of `words` (whole words), and which words were said. */
const saying = (segments: readonly TCallTranscriptSegment[], words: readonly string[]) => {
  const found = new Set<string>();
  const moments: TQualityMoment[] = [];
  for (const s of segments) {
    const heard = wordsOf(s.text);
    const said = words.filter((w) => holds(heard, w));
    if (!said.length) continue;
    for (const w of said) found.add(w);
    moments.push(momentOf(s));
  }
  return { found: [...found], moments };
};

/**
 * Words rules (关键词, 禁语, 必说话术) read the transcript: without one of the side's sentences, 无转写;
 * one side's words in a mono recording's transcript, whose speakers are not told apart, 单声道.
 */
const sentencesOf = (
  transcript: TCallTranscript | null,
  side: TQualitySide,
): { segments: TCallTranscriptSegment[] } | { missing: TOutcome } => {
  const unjudged = (status: TQualityResultStatus, detail: string) => ({ missing: { status, detail, moments: [] } });
  if (!transcript?.segments.length) return unjudged('noTranscript', '无转写');
  if (side !== 'both' && transcript.segments.some((s) => s.side === null))
    return unjudged('mono', `单声道录音分不出${sideName[side]}的话`);
  const segments = transcript.segments.filter(isOfSide(side));
  return segments.length ? { segments } : unjudged('noTranscript', `无${sideName[side]}转写`);
};

const wordsRule = (words: readonly string[], side: TQualitySide, transcript: TCallTranscript | null): TOutcome => {
  const heard = sentencesOf(transcript, side);
  if ('missing' in heard) return heard.missing;
  const { found, moments } = saying(heard.segments, words);
  return found.length
    ? { status: 'hit', detail: `${sideName[side]}说了：${found.join('、')}`, moments }
    : { status: 'pass', detail: `${sideName[side]}未说`, moments: [] };
};

/** 必说话术: the agent says one of the phrases (within the first `withinSec` seconds when set); missing is the hit. */
const requiredRule = (
  words: readonly string[],
  withinSec: number | null,
  transcript: TCallTranscript | null,
): TOutcome => {
  const heard = sentencesOf(transcript, 'agent');
  if ('missing' in heard) return heard.missing;
  const { moments } = saying(heard.segments, words);
  const inTime = moments.filter((m) => withinSec === null || m.atMs <= withinSec * 1000);
  if (inTime.length) return { status: 'pass', detail: `坐席已说（${seconds(inTime[0]!.atMs)}）`, moments: inTime };
  const window = withinSec === null ? '' : `前 ${withinSec} 秒内`;
  // Said too late: the moment it was said is where to listen.
  return moments.length
    ? { status: 'hit', detail: `坐席${window}未说，${seconds(moments[0]!.atMs)}才说`, moments }
    : { status: 'hit', detail: `坐席${window}未说：${words.join(' / ')}`, moments: [] };
};

/** 静默时长: the silences (neither side speaking; nobody in a mono recording) longer than `overSec`, each a moment. */
const silenceRule = (overSec: number, figures: TCallSignalFigures): TOutcome => {
  const gaps = (
    figures.isMono
      ? gapsBetween(toSegments(figures.speechSegments ?? []), [])
      : gapsBetween(toSegments(figures.agentSegments), toSegments(figures.customerSegments))
  ).filter((g) => g.endMs - g.startMs > overSec * 1000);
  if (!gaps.length) return { status: 'pass', detail: `没有超过 ${overSec} 秒的静默`, moments: [] };
  const longest = Math.max(...gaps.map((g) => g.endMs - g.startMs));
  return {
    status: 'hit',
    detail: `${gaps.length} 次超过 ${overSec} 秒的静默，最长 ${seconds(longest)}`,
    moments: gaps.map((g) => ({
      atMs: g.startMs,
      toMs: g.endMs,
      side: null,
      text: `静默 ${seconds(g.endMs - g.startMs)}`,
    })),
  };
};

/** 坐席说话占比: the agent's share of the talk outside [minPercent, maxPercent]. */
const talkShareRule = (min: number | null, max: number | null, figures: TCallSignalFigures): TOutcome => {
  const share = figures.agentSharePercent;
  if (share === null) return { status: 'mono', detail: '单声道录音分不出坐席的说话时长', moments: [] };
  if (figures.agentTalkSec === 0 && figures.customerTalkSec === 0)
    return { status: 'pass', detail: '双方都没有说话', moments: [] };
  const detail = `坐席说话占比 ${share}%`;
  if (min !== null && share < min) return { status: 'hit', detail: `${detail}，低于 ${min}%`, moments: [] };
  if (max !== null && share > max) return { status: 'hit', detail: `${detail}，高于 ${max}%`, moments: [] };
  return { status: 'pass', detail, moments: [] };
};

/** 抢话次数: more than `over` interruptions by the side, each a moment. */
const interruptionsRule = (side: TQualitySide, over: number, figures: TCallSignalFigures): TOutcome => {
  if (figures.isMono) return { status: 'mono', detail: '单声道录音分不出谁在抢话', moments: [] };
  const overlaps = overlapsOf(toSegments(figures.agentSegments), toSegments(figures.customerSegments)).filter(
    (o) => o.by !== null && (side === 'both' || o.by === side),
  );
  const detail = `${sideName[side]}抢话 ${overlaps.length} 次`;
  if (overlaps.length <= over) return { status: 'pass', detail, moments: [] };
  return {
    status: 'hit',
    detail: `${detail}，超过 ${over} 次`,
    moments: overlaps.map((o) => ({
      atMs: o.startMs,
      toMs: o.endMs,
      side: o.by,
      text: `${o.by === 'agent' ? '坐席' : '客户'}抢话`,
    })),
  };
};

const outcomeOf = (rule: TQualityRuleDef, transcript: TCallTranscript | null, figures: TCallSignalFigures) => {
  switch (rule.kind) {
    case 'keyword':
    case 'forbidden':
      return wordsRule(rule.words, rule.side, transcript);
    case 'required':
      return requiredRule(rule.words, rule.withinSec, transcript);
    case 'silence':
      return silenceRule(rule.overSec, figures);
    case 'talkShare':
      return talkShareRule(rule.minPercent, rule.maxPercent, figures);
    case 'interruptions':
      return interruptionsRule(rule.side, rule.over, figures);
  }
};

/**
 * The enterprise's quality rules on one analysed call (docs/decisions/0104): words rules over the
 * transcript's sentences (whole words of the segmented text), signal rules over the figures' speech
 * segments; every moment in ms from the answer. A words rule without the sentences it reads is
 * 无转写, never 未命中.
 */
export const evaluateQuality = (
  rules: readonly TRuleToApply[],
  transcript: TCallTranscript | null,
  figures: TCallSignalFigures,
): TQualityResult[] =>
  rules.map(({ id, name, rule }) => ({ ruleId: id, name, kind: rule.kind, ...outcomeOf(rule, transcript, figures) }));
