import { billingLimits, type TAnalysisRate, type TRouteInput } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { book, type TBooked } from '../trade/index.js';
import { analysisRateRepository as repo } from './analysis-rate.repository.js';
import { billingErrors } from './billing.errors.js';

/** One finished run of a call's analysis, as the call-analysis area knows it. */
export type TAnalysedRun = {
  tenantId: number;
  analysisId: number;
  /** The run's number among the analysis' finished runs (1 the first; a re-analysis the next). */
  run: number;
  callRecordId: number;
  /** The call's talk time: what was transcribed and read. */
  talkSeconds: number;
  finishedAt: Date;
};

/**
 * Charges a finished analysis run at the 智能分析资费 in force when it finished: each started minute
 * of talk at the rate, from the balance (a consumption, which may take it below zero as a call's
 * does: the work is done), in the caller's transaction — the one that marks the run finished — and
 * once per run whatever retries or parallel finishes do (the ledger's business key). Nothing
 * without a rate or talk. Answers what `book` answered, or null when there was nothing to charge.
 */
export const chargeAnalysis = async (tx: TDb, a: TAnalysedRun): Promise<TBooked | null> => {
  const rate = await repo.at(tx, a.finishedAt);
  const minutes = Math.ceil(Math.max(0, a.talkSeconds) / 60);
  if (!rate || rate.unitPrice === 0 || minutes === 0) return null;
  return book(tx, {
    tenantId: a.tenantId,
    kind: 'consumption',
    amount: -rate.unitPrice * minutes,
    bizType: 'call_analysis',
    bizKey: `${a.analysisId}:${a.run}`,
    remark: `智能分析 ${minutes} 分钟（通话记录 ${a.callRecordId}）`,
  });
};

const rateOf = (row: Awaited<ReturnType<typeof repo.insert>>): TAnalysisRate => ({
  id: row.id,
  unitPrice: row.unitPrice,
  validFrom: row.validFrom.getTime(),
  createdByName: row.createdByName,
});

const free: TAnalysisRate = { id: null, unitPrice: 0, validFrom: null, createdByName: '' };

/** The platform operator's 智能分析资费: the rate in force first (free when none), then every row. */
export const analysisRateService = (now: () => Date) => ({
  analysisRateList: (ctx: TRequestContext) =>
    asPlatform(ctx, async (db) => {
      const current = await repo.at(db, now());
      return [current ? rateOf(current) : free, ...(await repo.history(db)).map(rateOf)];
    }),

  /** A new rate from now (or a later moment): analyses finished before keep the rate of their time. */
  analysisRateSave: (ctx: TRequestContext, input: TRouteInput<'billing', 'analysisRateSave'>) =>
    asPlatform(ctx, async (db) => {
      const at = now().getTime();
      const validFrom = input.validFrom ?? at;
      if (validFrom < at - billingLimits.pastToleranceMs) throw billingErrors.rateInPast();
      const row = await repo.insert(db, {
        unitPrice: input.unitPrice,
        validFrom: new Date(Math.max(validFrom, at)),
        createdByName: ctx.auth.realName,
      });
      return rateOf(row);
    }),
});
