import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TCarrierConfig } from '../../config.js';
import { repoRoot } from '../../paths.js';
import {
  carrierOutcomes,
  signCarrierBody,
  type TCarrier,
  type TCarrierBind,
  type TCarrierCallback,
  type TCarrierOutcome,
} from './carrier.js';
import { alawSamplesOf, devCarrierSpeechPath } from './carrier-sip.simulator.js';
import { alawToSamples } from './recording.pcap.js';
import type { TRecordingStore } from './recording.store.js';
import { mulberry32, simulatedCallWav, type TSimulatorVoices } from './recording.wav.js';

/** Posts a signed callback; answers whether the server took it (HTTP 200 and code 0). */
export type TDeliver = (body: string, signature: string) => Promise<boolean>;

export type TSimulatorSettings = TCarrierConfig['simulator'];

/** Odds of a carrier's outbound calls to sales leads: most connect, some ring out, a few are busy or dead. */
const odds: [TCarrierOutcome, number][] = [
  ['connected', 0.6],
  ['no_answer', 0.2],
  ['busy', 0.12],
  ['empty', 0.08],
];

/** Seconds: [min, max) of each phase, real time (scaled by timeScale). */
const timing = {
  ringAgent: [2, 4],
  ringCustomer: [3, 12],
  /** The carrier gives up on a callee who never answers. */
  noAnswerTimeout: [25, 35],
  busy: [1, 2.5],
  empty: [1, 3],
  talk: [8, 60],
} as const;

const deliveryAttempts = 4;

/** The agent's line on a call-back call (made by make-speech.mjs beside the customer's script). */
export const simulatorAgentSpeechPath = path.join(repoRoot, 'deploy/carrier-simulator/agent-zh.wav');

/** A voice's samples (8 kHz A-law WAV) without the pause the SIP simulator's loop keeps after them. */
const voiceOf = (file: string) => {
  const samples = alawToSamples(alawSamplesOf(fs.readFileSync(file)));
  let end = samples.length;
  while (end > 0 && Math.abs(samples[end - 1]!) < 64) end--;
  return samples.subarray(0, end);
};

/** The two sides' voices: the agent's line, and the customer's script the soft-phone's development carrier plays too. */
export const loadSimulatorVoices = (): TSimulatorVoices => ({
  agent: voiceOf(simulatorAgentSpeechPath),
  customer: voiceOf(devCarrierSpeechPath),
});

/**
 * The development carrier: it really plays each call inside the server. After a
 * realistic wait it rings the agent (telA), then the customer, who answers or not with realistic
 * odds; a connected call lasts its talk time and, when the seat records, leaves a stereo WAV of that
 * length in the recording storage (the agent's line left, the customer's script right); then the
 * carrier posts the signed callback, retrying like a carrier when the server does not take it. A seed or a forced outcome (settings / configure) makes it
 * repeatable for tests.
 */
export const createCarrierSimulator = (deps: {
  settings: TSimulatorSettings;
  store: TRecordingStore;
  secret: string | null;
  deliver: TDeliver;
  /** Posts a signed progress event (callback-progress.ts): the customer's phone rings, he answers. */
  deliverProgress?: TDeliver;
  logger: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}): TCarrier & {
  configure: (patch: Partial<TSimulatorSettings>) => void;
  cancelCalls: () => void;
  stop: () => void;
} => {
  let settings = { ...deps.settings };
  let rand = settings.seed === null ? Math.random : mulberry32(settings.seed);
  const running = new Set<Promise<void>>();
  let abort = new AbortController();
  let isStopped = false;
  /** Read at the first recorded call. */
  let voices: TSimulatorVoices | null = null;

  const between = ([min, max]: readonly [number, number]) => min + rand() * (max - min);
  const wait = (seconds: number) => sleep(seconds * 1000 * settings.timeScale, undefined, { signal: abort.signal });
  const outcomeOf = (): TCarrierOutcome => {
    const forced = carrierOutcomes.find((o) => o === settings.outcome);
    if (forced) return forced;
    let roll = rand();
    for (const [outcome, p] of odds) {
      roll -= p;
      if (roll < 0) return outcome;
    }
    return 'connected';
  };

  const deliver = async (payload: TCarrierCallback) => {
    const body = JSON.stringify(payload);
    const signature = deps.secret ? signCarrierBody(deps.secret, body) : '';
    for (let attempt = 1; attempt <= deliveryAttempts; attempt++) {
      try {
        if (await deps.deliver(body, signature)) return;
      } catch (error) {
        deps.logger.warn({ err: error, callId: payload.callId }, 'carrier simulator: callback failed');
      }
      if (attempt < deliveryAttempts) await wait(2 ** attempt);
    }
    deps.logger.error({ callId: payload.callId, bindId: payload.bindId }, 'carrier simulator: callback given up');
  };

  /**
   * A progress event, signed like the callback; tried once (a carrier's progress is best effort:
   * the final callback is what counts, and the page then shows 已结束 whatever it missed).
   */
  const progress = async (callId: string, bindId: string, event: 'ringing' | 'answered') => {
    if (!deps.deliverProgress) return;
    const body = JSON.stringify({ callId, bindId, event, at: Date.now() });
    try {
      await deps.deliverProgress(body, deps.secret ? signCarrierBody(deps.secret, body) : '');
    } catch (error) {
      deps.logger.warn({ err: error, callId }, 'carrier simulator: progress event failed');
    }
  };

  const play = async (bind: TCarrierBind) => {
    const callId = `sim-${crypto.randomUUID()}`;
    const startTime = Date.now();
    // The record's times follow the call's own clock, whatever the time scale of the waits.
    let elapsed = 0;
    const phase = async (range: readonly [number, number]) => {
      const seconds = between(range);
      elapsed += seconds;
      await wait(seconds);
    };
    // 呼叫中: the carrier rings the agent first; once he picks up it dials the customer.
    await phase(timing.ringAgent);
    const outcome = outcomeOf();
    // 振铃: the customer's phone rings (a busy or empty number barely rings, but the carrier tried).
    await progress(callId, bind.bindId, 'ringing');
    await phase(
      { connected: timing.ringCustomer, no_answer: timing.noAnswerTimeout, busy: timing.busy, empty: timing.empty }[
        outcome
      ],
    );
    const base = { callId, bindId: bind.bindId, outcome, telA: bind.telA, telB: bind.telB, telX: bind.telX, startTime };
    if (outcome !== 'connected') {
      return deliver({
        ...base,
        answerTime: null,
        endTime: startTime + Math.round(elapsed * 1000),
        finishStatus: outcome === 'no_answer' ? 3 : 4,
        recordingKey: null,
      });
    }
    const answerTime = startTime + Math.round(elapsed * 1000);
    // 通话中 until the hang-up's callback.
    await progress(callId, bind.bindId, 'answered');
    const talk = Math.round(between(timing.talk));
    await wait(talk);
    let recordingKey: string | null = null;
    if (bind.isRecorded) {
      recordingKey = deps.store.keyOf(bind.tenantId, callId);
      voices ??= loadSimulatorVoices();
      await deps.store.write(recordingKey, simulatedCallWav(talk, Math.floor(rand() * 2 ** 31), voices));
    }
    return deliver({
      ...base,
      answerTime,
      endTime: answerTime + talk * 1000,
      finishStatus: rand() < 0.5 ? 1 : 2,
      recordingKey,
    });
  };

  return {
    isAvailable: true,
    placeCall: (bind) => {
      if (isStopped) return;
      const run: Promise<void> = play(bind)
        .catch((error: unknown) => {
          // A cancelled call just ends (server shutdown, test hook); anything else is a bug worth a log line.
          if ((error as Error).name !== 'AbortError') {
            deps.logger.error({ err: error, bindId: bind.bindId }, 'carrier simulator failed');
          }
        })
        .finally(() => running.delete(run));
      running.add(run);
    },
    idle: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    /** Test hook: timings, seed and forced outcome of the calls placed from now on. */
    configure: (patch) => {
      settings = { ...settings, ...patch };
      if (patch.seed !== undefined) rand = patch.seed === null ? Math.random : mulberry32(patch.seed);
    },
    /** Test hook: drops the calls under way (they never call back); later calls play as usual. */
    cancelCalls: () => {
      abort.abort();
      if (!isStopped) abort = new AbortController();
    },
    /** Server shutdown: calls under way are dropped (a carrier outage looks the same). */
    stop: () => {
      isStopped = true;
      abort.abort();
    },
  };
};
