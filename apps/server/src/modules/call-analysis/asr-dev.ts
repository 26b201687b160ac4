import fs from 'node:fs';
import path from 'node:path';
import type { TCallTranscriptSegment } from '@yunhu/contract';
import { repoRoot } from '../../paths.js';
import type { TAsrAdapter, TRecordingSource, TSpan } from './speech.adapter.js';

/** What the development carrier's "customer" says in a loop, and how long one recitation lasts. */
export type TSpeechScript = { text: string; spokenSec: number };

/** Written once beside the WAV the carrier simulator plays (deploy/carrier-simulator/make-speech.mjs). */
export const devCarrierScriptPath = path.join(repoRoot, 'deploy/carrier-simulator/speech-zh.json');

/** What the call-back simulator's "agent" says (agent-zh.wav, made by the same script). */
export const devCallBackAgentScriptPath = path.join(repoRoot, 'deploy/carrier-simulator/agent-zh.json');

export const loadSpeechScript = (file = devCarrierScriptPath): TSpeechScript => {
  const { text, spokenSec } = JSON.parse(fs.readFileSync(file, 'utf8')) as TSpeechScript;
  return { text, spokenSec };
};

/**
 * A pause this long on the customer's side ends one recitation of the script: the loop's pause is
 * 1.5 s, the pauses at the script's commas are shorter.
 */
export const recitationGapSec = 1;

export const devAsrEngine = '开发环境模拟识别（模拟运营商的固定台词）';

/** The script cut after each punctuation mark, each clause with its share of the spoken length. */
const clausesOf = (script: TSpeechScript) => {
  const clauses = script.text.match(/[^，。！？、,.!?]+[，。！？、,.!?]*/g) ?? [script.text];
  const total = clauses.reduce((n, c) => n + c.length, 0);
  let before = 0;
  return clauses.map((text) => {
    const startsAt = (before / total) * script.spokenSec;
    before += text.length;
    return { text, startsAt };
  });
};

/**
 * One side of a call to a development carrier, speaking a known script: each recitation (the side's
 * speech segments joined across pauses under `recitationGapSec`) carries the script's clauses that
 * had begun before the speech stopped (the clauses timed by their length), so a call hung up in the
 * middle of the sentence gets the words said so far. Nothing is placed where no speech was heard.
 */
export const scriptTranscript = (
  script: TSpeechScript,
  spans: readonly TSpan[],
  side: 'agent' | 'customer' = 'customer',
): TCallTranscriptSegment[] => {
  const recitations: [number, number][] = [];
  for (const [from, to] of spans) {
    const last = recitations.at(-1);
    if (last && from - last[1] < recitationGapSec) last[1] = to;
    else recitations.push([from, to]);
  }
  const clauses = clausesOf(script);
  return recitations.map(([from, to]) => ({
    side,
    fromSec: from,
    toSec: to,
    text: clauses
      .filter((c, i) => i === 0 || from + c.startsAt < to)
      .map((c) => c.text)
      .join(''),
  }));
};

/**
 * The development speech-to-text: it really runs on every analysed call but recognises nothing; it
 * knows the one thing the development carrier says and places it where the signal analysis heard the
 * customer speak. Only on the recordings the development carriers made (`playsOn`: the soft-phone's
 * trunk, its recordings the gateway's; the call-back carrier, its own): another call has no text,
 * and without the carrier simulator (`script` null) no call has; it says so. Nor has a mono
 * recording, where the customer cannot be heard apart. The agent's side is known only on the
 * call-back simulator's calls, where its voice speaks `agentScript`; at the soft-phone a person
 * speaks, and that side is not transcribed.
 */
export const createDevAsr = (
  script: TSpeechScript | null,
  playsOn: Readonly<Record<TRecordingSource, boolean>> = { gateway: true, carrier: true },
  agentScript: TSpeechScript | null = null,
): TAsrAdapter => ({
  engine: devAsrEngine,
  isCloud: false,
  transcribe: async ({ speech, isMono, source = 'gateway' }) => {
    const none = (note: string) => ({ engine: devAsrEngine, isSimulated: true, segments: [], note });
    if (!script || !playsOn[source]) {
      return none('开发环境的模拟识别只认得模拟运营商的台词；未使用模拟运营商时没有转写');
    }
    if (isMono) return none('单声道录音分不出客户的声音，开发环境的模拟识别不转写');
    const customer = scriptTranscript(script, speech.customer);
    const agentKnown = source === 'carrier' && agentScript !== null;
    const agent = agentKnown ? scriptTranscript(agentScript, speech.agent, 'agent') : [];
    const segments = [...agent, ...customer].sort((a, b) => a.fromSec - b.fromSec);
    const notes = [
      customer.length ? '' : '客户一侧没有说话',
      speech.agent.length && !agentKnown ? '坐席一侧不做模拟识别' : '',
    ].filter(Boolean);
    return { engine: devAsrEngine, isSimulated: true, segments, note: notes.join('；') };
  },
});
