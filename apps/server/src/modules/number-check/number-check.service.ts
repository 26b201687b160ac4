import {
  maskPhone,
  numberCheckLimits,
  numberCheckResultLabel,
  numberCheckRunStateLabel,
  type TNumberCheckRef,
  type TNumberCheckResult,
  type TNumberCheckRun,
  type TNumberCheckRunState,
  type TNumberCheckSummary,
  type TRouteInput,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { withTenant } from '../../db/tenant.js';
import { asPlatform, type TAuth, type TRequestContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { importRepository } from '../../import/import.repository.js';
import { stagedMobilesRepository as staged } from '../../import/staged-mobiles.repository.js';
import type { TJobDef, TJobRun } from '../../jobs/index.js';
import { clueMatchMobiles } from '../clue/index.js';
import { book, ledgerRepository } from '../trade/index.js';
import type { TNumberChecker } from './number-check.checker.js';
import { numberCheckErrors as errors } from './number-check.errors.js';
import { numberCheckRepository as repo, type TClaimedRun, type TRunRow } from './number-check.repository.js';

/** The job that checks the queued runs (one queue run takes every one due). */
export const numberCheckJobName = 'number-check.run';

/**
 * Tries of one run before it is 失败 for good: the first and the queue's three retries of the job
 * (30 s, 60 s, 120 s later, jobs/job.ts defaultRetry).
 */
const maxAttempts = 4;
/** Numbers asked of the checker between two writes: a real provider answers each in well under a second. */
const defaultChunk = 50;
/** A running run with no progress this long was left by a server that died: another takes it up. */
const abandonedAfterSeconds = 5 * 60;

type TLogger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

const labelOf = (result: string) => numberCheckResultLabel[result as TNumberCheckResult] ?? result;

/** The batch's numbers for its owner (or an administrator); an import only while it waits for its confirm. */
const numbersOf = async (tx: TDb, auth: TAuth, ref: TNumberCheckRef) => {
  if (ref.source === 'clueMatch') {
    const mobiles = await clueMatchMobiles(tx, auth, ref.batchId);
    if (mobiles === null) throw errors.batchMissing();
    return { mobiles, isOpen: true };
  }
  const batch = await importRepository.findBatch(tx, auth.tenantId, ref.batchId);
  const isMine = batch && (batch.userId === auth.userId || auth.isAdmin || auth.isSuper);
  if (!isMine || batch.kind !== 'customer' || batch.status === 'checking') throw errors.batchMissing();
  return { mobiles: await staged.mobiles(tx, auth.tenantId, ref.batchId), isOpen: batch.status === 'previewed' };
};

/**
 * 空号检测 (docs/decisions/0102-clue-quota-and-number-check.md, 0106-number-check-on-the-job-queue.md):
 * a run queues a batch's unchecked numbers after checking the balance for all of them; the job asks
 * the checker outside any transaction, a chunk at a time, and charges and keeps each chunk in one
 * short transaction (ledger business key `<batch>:<mobile>`: a number is charged once per batch,
 * whatever retries or parallel runs do). 一键排除 leaves numbers out of the import (refused rows) or
 * the conversion (`excludedMobiles`).
 */
export const createNumberCheckService = (deps: {
  database: TDatabase;
  checker: TNumberChecker;
  /** Queues a run of the job (the queue drops it when one already waits: that one takes this run too). */
  send: (name: string) => Promise<unknown>;
  logger: TLogger;
  now?: () => Date;
  /** Numbers per chunk (tests make it small). */
  chunk?: number;
}) => {
  const now = deps.now ?? (() => new Date());
  const chunk = deps.chunk ?? defaultChunk;
  const unitPriceAt = async (db: TDb) => (await repo.rateAt(db, now()))?.unitPrice ?? 0;

  const toRun = (row: TRunRow): TNumberCheckRun => ({
    state: row.state as TNumberCheckRunState,
    stateName: numberCheckRunStateLabel[row.state as TNumberCheckRunState] ?? row.state,
    total: row.mobiles.length,
    checked: row.checked,
    errorReason: row.errorReason,
    createdAt: row.createdAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  });

  const summaryOf = async (
    tx: TDb,
    auth: TAuth,
    ref: TNumberCheckRef,
    mobiles: string[],
  ): Promise<TNumberCheckSummary> => {
    const done = new Set((await repo.results(tx, auth.tenantId, ref.batchId)).map((r) => r.mobile));
    const unchecked = mobiles.filter((m) => !done.has(m)).length;
    const unitPrice = await unitPriceAt(tx);
    const account = await ledgerRepository.account(tx, auth.tenantId);
    const run = await repo.latestRun(tx, auth.tenantId, ref.batchId);
    return {
      total: mobiles.length,
      unchecked,
      unitPrice,
      amount: unchecked * unitPrice,
      balance: Number(account?.balance ?? 0),
      ...(await repo.counts(tx, auth.tenantId, ref.batchId)),
      checker: deps.checker.name,
      isSimulator: deps.checker.isSimulator,
      run: run ? toRun(run) : null,
    };
  };

  /** Queues a job run; a queue that cannot take it now leaves the run 排队中 for the job at the next start. */
  const wake = async () => {
    await deps
      .send(numberCheckJobName)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'number check: not queued'));
  };

  /**
   * One chunk charged and kept in one short transaction, under the batch's lock: the numbers a
   * parallel run or an earlier try already kept are neither charged nor written again. A closed
   * import or a short balance ends the run (thrown); nothing of the chunk is kept then.
   */
  const keepChunk = async (claimed: TClaimedRun, found: Map<string, TNumberCheckResult>, passed: number) =>
    withTenant(deps.database, claimed.tenantId, async (tx) => {
      const { tenantId, batchId, unitPrice } = claimed;
      await lockForTransaction(tx, `number_check:${batchId}`, tenantId);
      if (claimed.source === 'crmImport') {
        const batch = await importRepository.findBatch(tx, tenantId, batchId);
        if (batch?.status !== 'previewed') throw errors.batchClosed();
      }
      const already = await repo.checkedAmong(tx, tenantId, batchId, [...found.keys()]);
      const todo = [...found.keys()].filter((m) => !already.has(m));
      for (const mobile of todo) {
        if (unitPrice === 0) break;
        const booked = await book(tx, {
          tenantId,
          kind: 'purchase',
          amount: -unitPrice,
          bizType: 'number_check',
          bizKey: `${batchId}:${mobile}`,
          remark: `空号检测 ${maskPhone(mobile)}`,
          by: claimed.requestedBy === null ? null : { userId: claimed.requestedBy, name: claimed.requestedByName },
        });
        if (!booked.isBooked && booked.reason === 'insufficient') {
          const left = claimed.mobiles.length - passed + found.size;
          throw errors.balanceShort(left, left * unitPrice, booked.balance);
        }
      }
      await repo.insertResults(
        tx,
        todo.map((mobile) => ({
          tenantId,
          batchId,
          mobile,
          source: claimed.source,
          result: found.get(mobile) ?? 'unknown',
          unitPrice,
          checkedBy: claimed.requestedBy,
        })),
      );
      await repo.progress(tx, tenantId, claimed.id, passed);
    });

  /** Errors that no retry mends: the import was confirmed, the balance ran out. */
  const isFinal = (error: unknown) =>
    error instanceof AppError &&
    (error.reason === errors.keys.batchClosed || error.reason === errors.keys.balanceShort);

  /** One run: its numbers chunk by chunk, then 已完成; or its failure, for good or left to the job's retry. */
  const checkRun = async (claimed: TClaimedRun, run: TJobRun): Promise<boolean> => {
    const { tenantId, batchId, mobiles } = claimed;
    try {
      for (let at = 0; at < mobiles.length; at += chunk) {
        if (run.signal.aborted) throw new Error('stopped');
        const part = mobiles.slice(at, at + chunk);
        // What an earlier try (or a parallel run) kept is not asked again: the checker is paid per question.
        const kept = await withTenant(deps.database, tenantId, (tx) => repo.checkedAmong(tx, tenantId, batchId, part));
        const ask = part.filter((m) => !kept.has(m));
        // The provider is asked with no transaction open: a slow answer holds no connection.
        const found = ask.length > 0 ? await deps.checker.check(ask) : new Map<string, TNumberCheckResult>();
        await keepChunk(claimed, new Map(ask.map((m) => [m, found.get(m) ?? 'unknown'])), at + part.length);
      }
      await withTenant(deps.database, tenantId, (tx) =>
        repo.settle(tx, tenantId, claimed.id, { state: 'done', reason: '' }),
      );
      return true;
    } catch (error) {
      const isGivenUp = isFinal(error) || claimed.attempts >= maxAttempts;
      if (!(error instanceof AppError)) {
        deps.logger.error({ err: error, runId: claimed.id, attempt: claimed.attempts }, 'number check failed');
      }
      const reason = error instanceof AppError ? error.message : errors.checkerFailed('服务异常').message;
      await withTenant(deps.database, tenantId, (tx) =>
        repo.settle(tx, tenantId, claimed.id, { state: isGivenUp ? 'failed' : 'queued', reason }),
      );
      return isGivenUp;
    }
  };

  /**
   * A run of the job: every run due, one after the other. Those that failed and may be tried again
   * make the job run fail, so the queue runs it again after its backoff.
   */
  const runDue = async (run: TJobRun) => {
    const retrying: number[] = [];
    let settled = 0;
    while (!run.signal.aborted) {
      const claimed = await repo.claimNext(deps.database.db, retrying, abandonedAfterSeconds);
      if (!claimed) break;
      if (await checkRun(claimed, run)) settled++;
      else retrying.push(claimed.id);
    }
    if (retrying.length) throw new Error(`${retrying.length} number checks failed and wait for a retry`);
    return { settled };
  };

  return {
    summary: async ({ auth, tx }: TRequestContext, ref: TNumberCheckRef) =>
      summaryOf(tx, auth, ref, (await numbersOf(tx, auth, ref)).mobiles),

    /**
     * Queues a check of the numbers not checked yet in this batch, one run per batch at a time (its
     * lock, and the runs' index): a short balance for all of them refuses the run and changes
     * nothing; a run already waiting or under way is answered as it stands. Detached: the queue's
     * statements run after the transaction (on PGlite they need its one session).
     */
    run: async (auth: TAuth, ref: TNumberCheckRef) => {
      const { summary, isQueued } = await withTenant(deps.database, auth.tenantId, async (tx) => {
        await lockForTransaction(tx, `number_check:${ref.batchId}`, auth.tenantId);
        const { mobiles, isOpen } = await numbersOf(tx, auth, ref);
        if (!isOpen) throw errors.batchClosed();
        if (mobiles.length === 0) throw errors.noNumbers();
        if (mobiles.length > numberCheckLimits.maxNumbers) throw errors.tooMany(numberCheckLimits.maxNumbers);
        const latest = await repo.latestRun(tx, auth.tenantId, ref.batchId);
        const isActive = latest?.state === 'queued' || latest?.state === 'running';
        const done = await repo.checkedAmong(tx, auth.tenantId, ref.batchId, mobiles);
        const todo = mobiles.filter((m) => !done.has(m));
        let queued = false;
        if (!isActive && todo.length > 0) {
          const unitPrice = await unitPriceAt(tx);
          const balance = Number((await ledgerRepository.account(tx, auth.tenantId))?.balance ?? 0);
          if (todo.length * unitPrice > balance) {
            throw errors.balanceShort(todo.length, todo.length * unitPrice, balance);
          }
          queued =
            (await repo.insertRun(tx, {
              tenantId: auth.tenantId,
              batchId: ref.batchId,
              source: ref.source,
              mobiles: todo,
              unitPrice,
              requestedBy: auth.userId,
              requestedByName: auth.realName,
            })) !== null;
        }
        return { summary: await summaryOf(tx, auth, ref, mobiles), isQueued: queued };
      });
      if (isQueued) await wake();
      return summary;
    },

    /** The job: at start (what a stop left queued), then whenever a run is queued. */
    job: (): TJobDef => ({
      name: numberCheckJobName,
      atStart: () => ({}),
      // The screen waits on it: a queued run starts within seconds, not at the default 30 s poll.
      pollSeconds: 2,
      // A large batch on a real provider takes minutes; its progress, not this, tells a dead server.
      expireSeconds: 3600,
      run: (_data, run) => runDue(run),
    }),

    rows: async ({ auth, tx }: TRequestContext, ref: TNumberCheckRef) => {
      await numbersOf(tx, auth, ref);
      return (await repo.results(tx, auth.tenantId, ref.batchId)).map((r) => ({
        mobile: r.mobile,
        result: r.result as TNumberCheckResult,
        isExcluded: r.excludedAt !== null,
        checkedAt: r.checkedAt.getTime(),
      }));
    },

    /** 一键排除: the numbers of these results leave the import (its rows refused) or the conversion. */
    exclude: async ({ auth, tx }: TRequestContext, input: TRouteInput<'numberCheck', 'exclude'>) => {
      const { mobiles, isOpen } = await numbersOf(tx, auth, input);
      if (!isOpen) throw errors.batchClosed();
      const left = await repo.exclude(tx, auth.tenantId, input.batchId, input.results);
      if (input.source === 'crmImport') {
        await staged.refuse(
          tx,
          auth.tenantId,
          input.batchId,
          new Map(left.map((r) => [r.mobile, `空号检测为${labelOf(r.result)}，已排除`])),
        );
      }
      return summaryOf(tx, auth, input, mobiles);
    },

    rate: (ctx: TRequestContext) =>
      asPlatform(ctx, async (db) => {
        const row = await repo.rateAt(db, now());
        return {
          unitPrice: row?.unitPrice ?? 0,
          validFrom: row ? row.validFrom.getTime() : null,
          createdByName: row?.createdByName ?? '',
        };
      }),

    /** A new rate from now on: numbers checked before keep the price they were charged. */
    rateSave: (ctx: TRequestContext, input: TRouteInput<'numberCheck', 'rateSave'>) =>
      asPlatform(ctx, async (db) => {
        const row = await repo.insertRate(db, {
          unitPrice: input.unitPrice,
          validFrom: now(),
          createdByName: ctx.auth.realName,
        });
        return { unitPrice: row.unitPrice, validFrom: row.validFrom.getTime(), createdByName: row.createdByName };
      }),
  };
};

export type TNumberCheckService = ReturnType<typeof createNumberCheckService>;

/** The mobiles a check of this enterprise left out, with why: what 转为客户 passes over. */
export const excludedMobiles = async (tx: TDb, tenantId: number, mobiles: string[]): Promise<Map<string, string>> =>
  new Map(
    (await repo.excludedOf(tx, tenantId, mobiles)).map((r) => [
      r.mobile,
      `该号码空号检测为${labelOf(r.result)}，已排除`,
    ]),
  );
