import {
  type callAnalysisRoutes,
  callAnalysisStateName,
  maskPhone,
  type TCallAnalysis,
  type TCallAnalysisRow,
  type TCallQuality,
  type TCallSide,
  type TCallSignalFigures,
  type TCallTranscript,
  type TExtractedValue,
  type TExtractionField,
  type TPage,
  type TParsedRequestOf,
  toPage,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import type { TJobDef, TJobRun } from '../../jobs/index.js';
import { chargeAnalysis } from '../billing/index.js';
import type { TRecordingStore } from '../telephony/index.js';
import { analysisFailure, callAnalysisErrors } from './call-analysis.errors.js';
import { callAnalysisRepository as repo, type TClaimed } from './call-analysis.repository.js';
import type { TStoredInsight } from './call-analysis.schema.js';
import { evaluateQuality, type TRuleToApply } from './quality.evaluate.js';
import { qualityToApply } from './quality.service.js';
import { seatSummaryExport } from './seat-summary.service.js';
import { analyseRecording } from './signal.analyse.js';
import { UnreadableRecording } from './signal.wav.js';
import { SpeechVendorError, type TRecordingSource } from './speech.adapter.js';
import type { TSpeechAdapters } from './speech.adapters.js';

/** The job that analyses the recorded calls waiting (one queue run takes every one due). */
export const signalJobName = 'call-analysis.signal';

/**
 * Runs of one analysis before it is 失败 for good: the first and the queue's three retries of the
 * run (30 s, 60 s, 120 s later, jobs/job.ts defaultRetry).
 */
const maxAttempts = 4;

/** How long a cloud engine may fetch a recording by its link: its queue can hold a task a while. */
const vendorLinkSeconds = 6 * 60 * 60;

type TLogger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export type TCallAnalysisDeps = {
  database: TDatabase;
  store: TRecordingStore;
  /** Whether the reader sees customers' numbers masked (the CRM's privacy switch). */
  isMasked: (tx: TDb, auth: TAuth) => Promise<boolean>;
  /** Queues a run of the job (the queue drops it when one already waits: that one takes this call too). */
  send: (name: string) => Promise<unknown>;
  logger: TLogger;
  /** The speech-to-text and the analyst the settings chose; each null when off. */
  speech: TSpeechAdapters;
  /** Whether the enterprise has the add-on on (the app centre); absent: always. */
  isEnabled?: (tx: TDb, tenantId: number) => Promise<boolean>;
};

type TIn<K extends keyof typeof callAnalysisRoutes> = TParsedRequestOf<(typeof callAnalysisRoutes)[K]>;
type TRow = NonNullable<Awaited<ReturnType<typeof repo.one>>>;

/**
 * Who hung up, from the record's 结束状态 (1 the caller, 2 the callee) and its direction: the
 * customer called in (2), else the agent placed the call (an internal call's other side sits on the
 * customer's channel).
 */
export const hungUpByOf = (record: { callType: number; finishStatus: number }): TCallSide | null => {
  if (record.finishStatus !== 1 && record.finishStatus !== 2) return null;
  const isCallerHangUp = record.finishStatus === 1;
  const isAgentCaller = record.callType !== 2;
  return isCallerHangUp === isAgentCaller ? 'agent' : 'customer';
};

const toState = (row: Omit<TRow, 'transcript' | 'insight' | 'quality'>) => ({
  callRecordId: row.callRecordId,
  state: row.state,
  stateName: callAnalysisStateName[row.state],
  errorReason: row.errorReason,
  attempts: row.attempts,
  analysedAt: row.analysedAt?.getTime() ?? null,
  createdAt: row.createdAt.getTime(),
});

const toAnalysis = (row: TRow): TCallAnalysis => ({
  ...toState(row),
  figures: row.figures,
  transcript: row.transcript,
  insight: row.insight?.insight ?? null,
  insightNote: row.insight?.note ?? '',
  quality: row.quality,
});

/** A number of seven digits or more inside what was said, masked as the reader sees numbers elsewhere. */
const maskNumbers = (text: string) => text.replace(/\d{7,}/g, (n) => maskPhone(n));

/** A call's transcript and reading for a reader who sees customers' numbers masked. */
export const maskedSpeech = (a: TCallAnalysis): TCallAnalysis => ({
  ...a,
  transcript: a.transcript && {
    ...a.transcript,
    segments: a.transcript.segments.map((s) => ({ ...s, text: maskNumbers(s.text) })),
  },
  insight: a.insight && {
    ...a.insight,
    summary: maskNumbers(a.insight.summary),
    intentionReason: maskNumbers(a.insight.intentionReason),
    objections: a.insight.objections.map(maskNumbers),
    nextStep: maskNumbers(a.insight.nextStep),
    followUpSuggestion: maskNumbers(a.insight.followUpSuggestion),
  },
  quality: a.quality && {
    ...a.quality,
    results: a.quality.results.map((r) => ({
      ...r,
      moments: r.moments.map((m) => ({ ...m, text: maskNumbers(m.text) })),
    })),
    fields: a.quality.fields.map((f) => (typeof f.value === 'string' ? { ...f, value: maskNumbers(f.value) } : f)),
  },
});

/** A reading with the extraction fields' values beside it (stored apart). */
type TReading = TStoredInsight & { extracted?: TExtractedValue[] };

/**
 * The enterprise's rules and fields on a call (docs/decisions/0104): the rules over the transcript
 * and the figures, after the analyst; the fields as the analyst filled them, or why it did not.
 */
const qualityOf = (
  apply: { rules: readonly TRuleToApply[]; fields: readonly TExtractionField[] },
  figures: TCallSignalFigures,
  transcript: TCallTranscript | null,
  reading: TReading | null,
): TCallQuality => {
  const results = evaluateQuality(apply.rules, transcript, figures);
  const fieldsNote =
    !apply.fields.length || reading?.extracted
      ? ''
      : reading === null
        ? '未启用智能分析，提取字段未填写'
        : reading.note || '智能分析未填写提取字段';
  return {
    results,
    hitCount: results.filter((r) => r.status === 'hit').length,
    fields: reading?.extracted ?? [],
    fieldsNote,
  };
};

/** Why the speech step has no result, as the panel says it (a vendor's refusal keeps its words). */
const speechFailure = (what: string, error: unknown) =>
  `${what}失败：${error instanceof SpeechVendorError ? error.message : '服务暂时不可用'}`;

/** A list row's figures: the segments are the panel's, one call at a time. */
const withoutSegments = ({
  agentSegments: _a,
  customerSegments: _c,
  speechSegments: _s,
  ...rest
}: TCallSignalFigures) => rest;

export type TCallAnalysisService = ReturnType<typeof createCallAnalysisService>;

/**
 * 通话分析: every recorded call's signal analysis on the job queue — queued when its recording is
 * ready, run by the job, retried by the queue, read under the same walls as the call record. The
 * call record itself never waits for it nor fails with it.
 */
export const createCallAnalysisService = (deps: TCallAnalysisDeps) => {
  const { database } = deps;

  /** A call record of the reader's scope, or the refusal that names neither its existence nor its owner. */
  const visibleRecord = async (tx: TDb, auth: TAuth, scope: TDataScope, callRecordId: number) => {
    const record = await repo.record(tx, auth.tenantId, callRecordId);
    if (!record || !isInScope(scope, { ownerId: record.userId, deptId: record.deptId })) {
      throw callAnalysisErrors.recordMissing();
    }
    return record;
  };

  /** Queues a run; a queue that cannot take it now leaves the row 待分析 for the run at the next start. */
  const wake = async () => {
    await deps
      .send(signalJobName)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'call analysis: not queued'));
  };

  /**
   * A step after the figures through an outside service: a vendor's refusal (or any failure on the
   * last try) is kept as that step's note, the figures stand; anything else is thrown for a retry.
   */
  const besideFigures = async <T>(step: () => Promise<T>, onFailure: (error: unknown) => T, isLastTry: boolean) => {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof SpeechVendorError) && !isLastTry) throw error;
      deps.logger.warn({ err: error }, 'call analysis: speech step failed');
      return onFailure(error);
    }
  };

  /**
   * The speech-to-text of the recording, given where each side was heard, whether it is mono and
   * who made it; null when it is off.
   */
  const transcribe = async (
    file: string,
    key: string,
    figures: TCallSignalFigures,
    source: TRecordingSource,
    run: TJobRun,
    isLastTry: boolean,
  ) => {
    const { asr } = deps.speech;
    if (!asr) return null;
    return besideFigures<TCallTranscript>(
      () =>
        asr.transcribe({
          file,
          side: null,
          isMono: figures.isMono === true,
          source,
          speech: { agent: figures.agentSegments, customer: figures.customerSegments },
          signal: run.signal,
          link: () => deps.store.vendorUrl(key, vendorLinkSeconds),
        }),
      (error) => ({
        engine: asr.engine,
        isSimulated: !asr.isCloud,
        segments: [],
        note: speechFailure('语音识别', error),
      }),
      isLastTry,
    );
  };

  /** The analyst's reading of the transcript; none without sentences (it never reads what was not said). */
  const readTranscript = async (
    transcript: TCallTranscript | null,
    callStartedAt: number,
    fields: readonly TExtractionField[],
    run: TJobRun,
    isLastTry: boolean,
  ): Promise<TReading | null> => {
    const { analyst } = deps.speech;
    if (!analyst) return null;
    if (!transcript?.segments.length) return { insight: null, note: '没有可分析的通话转写' };
    if (!analyst.canReadMono && transcript.segments.some((s) => s.side === null)) {
      return { insight: null, note: '单声道录音的转写分不出客户的话，规则分析不作判断' };
    }
    return besideFigures<TReading>(
      async () => {
        const { extracted, ...insight } = await analyst.analyse({
          segments: transcript.segments,
          callStartedAt,
          signal: run.signal,
          fields,
        });
        return { insight, note: '', ...(extracted ? { extracted } : {}) };
      },
      (error) => ({ insight: null, note: speechFailure('智能分析', error) }),
      isLastTry,
    );
  };

  /** One analysis: its recording's figures, or its failure (for good, or left to the run's retry). */
  const analyseOne = async (claimed: TClaimed, run: TJobRun): Promise<boolean> => {
    const { tenantId, id } = claimed;
    try {
      const { record, apply } = await withTenant(database, tenantId, async (tx) => ({
        record: await repo.record(tx, tenantId, claimed.callRecordId),
        // The rules and fields as they stand when the call is analysed (a re-analysis: as they stand then).
        apply: await qualityToApply(tx, tenantId),
      }));
      const key = record?.recordingKey;
      if (!key || !deps.store.isValidKey(key)) {
        throw new UnreadableRecording(analysisFailure.missing);
      }
      const isLastTry = claimed.attempts >= maxAttempts;
      // The signal and the speech service read a file: the folder's own, or a copy of the bucket's.
      const heard = await deps.store.withFile(key, async (file) => {
        const figures = { ...(await analyseRecording(file, run.signal)), hungUpBy: hungUpByOf(record!) };
        // A recording state is the gateway's (a soft-phone call); a carrier's recording has none.
        const source = record!.recordingState === null ? 'carrier' : 'gateway';
        return { figures, transcript: await transcribe(file, key, figures, source, run, isLastTry) };
      });
      if (!heard) throw new UnreadableRecording(analysisFailure.missing);
      const { figures, transcript } = heard;
      const reading = await readTranscript(transcript, record!.startTime.getTime(), apply.fields, run, isLastTry);
      const insight = reading && { insight: reading.insight, note: reading.note };
      const quality = qualityOf(apply, figures, transcript, reading);
      await withTenant(database, tenantId, async (tx) => {
        const finished = await repo.finish(tx, tenantId, id, { figures, transcript, insight, quality });
        // What costs is the speech-to-text and the analyst's reading; the signal figures are free.
        if (!finished || (transcript === null && insight === null)) return;
        await chargeAnalysis(tx, {
          tenantId,
          analysisId: id,
          run: finished.run,
          callRecordId: claimed.callRecordId,
          talkSeconds: record!.duration,
          finishedAt: finished.at,
        });
      });
      return true;
    } catch (error) {
      const isUnreadable = error instanceof UnreadableRecording;
      const isFinal = isUnreadable || claimed.attempts >= maxAttempts;
      if (!isUnreadable)
        deps.logger.error({ err: error, analysisId: id, attempt: claimed.attempts }, 'call analysis failed');
      const reason = isUnreadable ? error.message : isFinal ? analysisFailure.gaveUp : analysisFailure.internal;
      await withTenant(database, tenantId, (tx) => repo.fail(tx, tenantId, id, reason, isFinal ? 'failed' : 'pending'));
      return isFinal;
    }
  };

  /**
   * A run of the job: every analysis due, one after the other. Those that failed and may be tried
   * again make the run fail, so the queue runs it again after its backoff.
   */
  const runDue = async (run: TJobRun) => {
    const retrying: number[] = [];
    let settled = 0;
    while (!run.signal.aborted) {
      const claimed = await repo.claimNext(database.db, retrying);
      if (!claimed) break;
      if (await analyseOne(claimed, run)) settled++;
      else retrying.push(claimed.id);
    }
    if (retrying.length) throw new Error(`${retrying.length} call analyses failed and wait for a retry`);
    return { settled };
  };

  return {
    /** 坐席小结 as xlsx: its batches read on the service's database after the request. */
    seatSummaryExport: (ctx: TRequestContext, filter: Parameters<typeof seatSummaryExport>[2]) =>
      seatSummaryExport(database, ctx, filter),

    /**
     * A call's recording is ready (the call area's hook, gateway call id): its analysis queued once,
     * where the enterprise has 智能分析 on in the app centre. Never throws: the recording is the call record's, the analysis only follows it.
     */
    enqueue: async (tenantId: number, carrierCallId: string) => {
      try {
        const isNew = await withTenant(database, tenantId, async (tx) =>
          (await (deps.isEnabled?.(tx, tenantId) ?? true))
            ? repo.ensureByCarrierCallId(tx, tenantId, carrierCallId)
            : false,
        );
        if (isNew) await wake();
      } catch (error) {
        deps.logger.error({ err: error, carrierCallId }, 'call analysis: enqueue failed');
      }
    },

    one: async ({ auth, tx, scope }: TRequestContext, q: TIn<'one'>): Promise<TCallAnalysis | null> => {
      await visibleRecord(tx, auth, scope, q.id);
      const row = await repo.one(tx, auth.tenantId, q.id);
      if (!row) return null;
      const analysis = toAnalysis(row);
      const hasSpeech = analysis.transcript !== null || analysis.insight !== null;
      return hasSpeech && (await deps.isMasked(tx, auth)) ? maskedSpeech(analysis) : analysis;
    },

    page: async ({ auth, tx, scope }: TRequestContext, q: TIn<'page'>): Promise<TPage<TCallAnalysisRow>> => {
      const { records, total } = await repo.page(tx, { tenantId: auth.tenantId, scope, ...q });
      const isMasked = await deps.isMasked(tx, auth);
      return toPage(
        records.map((row) => ({
          ...toState(row),
          figures: row.figures ? withoutSegments(row.figures) : null,
          realName: row.realName,
          telB: isMasked ? maskPhone(row.telB) : row.telB,
          startTime: row.startTime.getTime(),
          duration: row.duration,
        })),
        total,
        q,
      );
    },

    /**
     * 重新分析 (a detached route: the queue's statements need the connection a request transaction
     * would hold on PGlite): the call back to 待分析 and a run queued.
     */
    reanalyse: async (auth: TAuth, scope: TDataScope, callRecordId: number): Promise<TCallAnalysis> => {
      const row = await withTenant(database, auth.tenantId, async (tx) => {
        const record = await visibleRecord(tx, auth, scope, callRecordId);
        if (!record.recordingKey) throw callAnalysisErrors.noRecording();
        if ((await repo.one(tx, auth.tenantId, callRecordId))?.state === 'running') throw callAnalysisErrors.running();
        await repo.requeue(tx, auth.tenantId, callRecordId);
        return repo.one(tx, auth.tenantId, callRecordId);
      });
      await wake();
      return toAnalysis(row!);
    },

    /** The job: at start (what a stop left waiting), then whenever a call is queued. */
    job: (): TJobDef => ({
      name: signalJobName,
      atStart: () => ({}),
      // A call's panel waits on it: a queued call starts within seconds, not at the default 30 s poll.
      pollSeconds: 3,
      run: (_data, run) => runDue(run),
    }),
  };
};
