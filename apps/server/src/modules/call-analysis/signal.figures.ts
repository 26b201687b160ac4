import type { TCallSignalFigures } from '@yunhu/contract';

/** A stretch of speech, in milliseconds from the start of the recording. */
export type TSegment = { startMs: number; endMs: number };

/**
 * How the VAD's 20 ms decisions become speech (docs/decisions/0092): pauses shorter than
 * `mergeGapMs` inside a sentence do not split it, and a burst shorter than `minSpeechMs` (a click,
 * a cough, a breath) is not speech.
 */
export const smoothing = { mergeGapMs: 300, minSpeechMs: 200 } as const;

/** A gap where neither side speaks counts as a silence (静音) from this long. */
export const silenceThresholdMs = 1000;

/** Both sides speaking counts as an overlap (抢话) from this long: shorter is a sentence's tail meeting an answer. */
export const overlapMinMs = 200;

/** The speech segments of one channel's frame decisions (1 speech, 0 not), each `frameMs` long. */
export const segmentsOf = (decisions: ArrayLike<number>, frameMs: number): TSegment[] => {
  const merged: TSegment[] = [];
  let start = -1;
  for (let i = 0; i <= decisions.length; i++) {
    const isSpeech = i < decisions.length && decisions[i] === 1;
    if (isSpeech && start < 0) start = i;
    if (!isSpeech && start >= 0) {
      const seg = { startMs: start * frameMs, endMs: i * frameMs };
      const last = merged.at(-1);
      if (last && seg.startMs - last.endMs < smoothing.mergeGapMs) last.endMs = seg.endMs;
      else merged.push(seg);
      start = -1;
    }
  }
  return merged.filter((s) => s.endMs - s.startMs >= smoothing.minSpeechMs);
};

const lengthOf = (segments: readonly TSegment[]) => segments.reduce((sum, s) => sum + s.endMs - s.startMs, 0);

/** Where both lists speak at once (both sorted, each without overlaps of its own). */
const intersections = (a: readonly TSegment[], b: readonly TSegment[]) => {
  const out: { startMs: number; endMs: number; a: TSegment; b: TSegment }[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const startMs = Math.max(a[i]!.startMs, b[j]!.startMs);
    const endMs = Math.min(a[i]!.endMs, b[j]!.endMs);
    if (startMs < endMs) out.push({ startMs, endMs, a: a[i]!, b: b[j]! });
    if (a[i]!.endMs < b[j]!.endMs) i++;
    else j++;
  }
  return out;
};

/** The gaps between the first and the last words of either side where neither speaks. */
export const gapsBetween = (a: readonly TSegment[], b: readonly TSegment[]): TSegment[] => {
  const all = [...a, ...b].sort((x, y) => x.startMs - y.startMs);
  const gaps: TSegment[] = [];
  let reach = all[0]?.endMs ?? 0;
  for (const s of all.slice(1)) {
    if (s.startMs > reach) gaps.push({ startMs: reach, endMs: s.startMs });
    reach = Math.max(reach, s.endMs);
  }
  return gaps;
};

/**
 * The overlaps (抢话) of the agent's and the customer's speech, each with who interrupted: the side
 * whose words began while the other was already speaking (null when both began together).
 */
export const overlapsOf = (agent: readonly TSegment[], customer: readonly TSegment[]) =>
  intersections(agent, customer)
    .filter((o) => o.endMs - o.startMs >= overlapMinMs)
    .map((o) => ({
      startMs: o.startMs,
      endMs: o.endMs,
      by: o.a.startMs > o.b.startMs ? ('agent' as const) : o.b.startMs > o.a.startMs ? ('customer' as const) : null,
    }));

/**
 * Turns: how often the floor passes, counted as runs of one speaker in order of their words; words
 * of one side wholly inside the other's (嗯, 对) do not take the floor.
 */
const turnsOf = (agent: readonly TSegment[], customer: readonly TSegment[]) => {
  const all = [...agent.map((s) => ({ ...s, isAgent: true })), ...customer.map((s) => ({ ...s, isAgent: false }))].sort(
    (x, y) => x.startMs - y.startMs,
  );
  let turns = 0;
  /** Who holds the floor (null before anyone speaks) and until when. */
  let holder: boolean | null = null;
  let holdsUntil = 0;
  for (const s of all) {
    if (holder === s.isAgent) holdsUntil = Math.max(holdsUntil, s.endMs);
    else if (holder === null || s.endMs > holdsUntil) {
      holder = s.isAgent;
      holdsUntil = s.endMs;
      turns++;
    }
  }
  return turns;
};

const sec = (ms: number) => Math.round(ms / 10) / 100;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** What the recording says; who hung up is the call record's (added by the job). */
export type TSignalFigures = Omit<TCallSignalFigures, 'hungUpBy'>;

/** The silences among the gaps where neither side speaks: count, longest and total. */
const silencesOf = (agent: readonly TSegment[], customer: readonly TSegment[]) => {
  const silences = gapsBetween(agent, customer)
    .map((g) => g.endMs - g.startMs)
    .filter((g) => g >= silenceThresholdMs);
  return {
    silenceThresholdSec: sec(silenceThresholdMs),
    silenceCount: silences.length,
    silenceLongestSec: sec(Math.max(0, ...silences)),
    silenceTotalSec: sec(silences.reduce((sum, g) => sum + g, 0)),
  };
};

/**
 * The figures of a call from each side's speech (docs/decisions/0092): the recording starts at the
 * answer, the agent on the left channel and the customer on the right.
 */
export const figuresOf = (agent: readonly TSegment[], customer: readonly TSegment[], durationMs: number) => {
  const agentMs = lengthOf(agent);
  const customerMs = lengthOf(customer);
  const overlaps = overlapsOf(agent, customer);
  const agentInterruptions = overlaps.filter((o) => o.by === 'agent').length;
  const customerInterruptions = overlaps.filter((o) => o.by === 'customer').length;
  const agentEnd = agent.at(-1)?.endMs ?? -1;
  const customerEnd = customer.at(-1)?.endMs ?? -1;
  const lastWordsMs = Math.max(agentEnd, customerEnd);
  const figures: TSignalFigures = {
    durationSec: sec(durationMs),
    agentTalkSec: sec(agentMs),
    customerTalkSec: sec(customerMs),
    agentSharePercent: percent(agentMs, agentMs + customerMs),
    customerSharePercent:
      agentMs + customerMs > 0 ? Math.round((100 - percent(agentMs, agentMs + customerMs)) * 10) / 10 : 0,
    ...silencesOf(agent, customer),
    overlapCount: overlaps.length,
    overlapTotalSec: sec(overlaps.reduce((sum, o) => sum + o.endMs - o.startMs, 0)),
    agentInterruptions,
    customerInterruptions,
    turns: turnsOf(agent, customer),
    agentFirstWordsSec: agent[0] ? sec(agent[0].startMs) : null,
    customerFirstWordsSec: customer[0] ? sec(customer[0].startMs) : null,
    lastSpeaker: lastWordsMs < 0 ? null : agentEnd >= customerEnd ? 'agent' : 'customer',
    endSilenceSec: lastWordsMs < 0 ? sec(durationMs) : sec(Math.max(0, durationMs - lastWordsMs)),
    agentSegments: agent.map((s) => [sec(s.startMs), sec(s.endMs)]),
    customerSegments: customer.map((s) => [sec(s.startMs), sec(s.endMs)]),
  };
  return figures;
};

/**
 * The figures of a mono recording (both sides mixed; docs/decisions/0107) from its one channel's
 * speech: the call's length, how much was said, its silences and how long the line stayed open
 * after the last words are the mixed signal's as much as a stereo file's. Whose words they were,
 * and so each side's talk, overlaps, turns and first words, cannot be told: null, never guessed.
 */
export const monoFiguresOf = (speech: readonly TSegment[], durationMs: number): TSignalFigures => {
  const lastWordsMs = speech.at(-1)?.endMs ?? -1;
  return {
    isMono: true,
    durationSec: sec(durationMs),
    speechSec: sec(lengthOf(speech)),
    agentTalkSec: null,
    customerTalkSec: null,
    agentSharePercent: null,
    customerSharePercent: null,
    ...silencesOf(speech, []),
    overlapCount: null,
    overlapTotalSec: null,
    agentInterruptions: null,
    customerInterruptions: null,
    turns: null,
    agentFirstWordsSec: null,
    customerFirstWordsSec: null,
    lastSpeaker: null,
    endSilenceSec: sec(lastWordsMs < 0 ? durationMs : Math.max(0, durationMs - lastWordsMs)),
    agentSegments: [],
    customerSegments: [],
    speechSegments: speech.map((s) => [sec(s.startMs), sec(s.endMs)]),
  };
};
