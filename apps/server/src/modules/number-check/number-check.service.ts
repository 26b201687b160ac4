import {
  maskPhone,
  numberCheckLimits,
  numberCheckResultLabel,
  type TNumberCheckRef,
  type TNumberCheckResult,
  type TNumberCheckSummary,
  type TRouteInput,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { asPlatform, type TAuth, type TRequestContext } from '../../http/context.js';
import { importRepository } from '../../import/import.repository.js';
import { stagedMobilesRepository as staged } from '../../import/staged-mobiles.repository.js';
import { clueMatchMobiles } from '../clue/index.js';
import { book, ledgerRepository } from '../trade/index.js';
import type { TNumberChecker } from './number-check.checker.js';
import { numberCheckErrors as errors } from './number-check.errors.js';
import { numberCheckRepository as repo } from './number-check.repository.js';

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
 * 空号检测 (docs/decisions/0102-clue-quota-and-number-check.md): a batch's numbers checked by the
 * checker, each charged once per batch from the balance at the platform's rate (ledger business key
 * `<batch>:<mobile>`, refused whole when the balance is short), the results kept, and 一键排除 leaving
 * numbers out of the import (refused rows) or the conversion (`excludedMobiles`).
 */
export const createNumberCheckService = (deps: { checker: TNumberChecker; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  const unitPriceAt = async (db: TDb) => (await repo.rateAt(db, now()))?.unitPrice ?? 0;

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
    return {
      total: mobiles.length,
      unchecked,
      unitPrice,
      amount: unchecked * unitPrice,
      balance: Number(account?.balance ?? 0),
      ...(await repo.counts(tx, auth.tenantId, ref.batchId)),
      checker: deps.checker.name,
      isSimulator: deps.checker.isSimulator,
    };
  };

  return {
    summary: async ({ auth, tx }: TRequestContext, ref: TNumberCheckRef) =>
      summaryOf(tx, auth, ref, (await numbersOf(tx, auth, ref)).mobiles),

    /**
     * Checks the numbers not checked yet in this batch, one run at a time per batch (its lock), and
     * charges each in the same transaction: a short balance refuses the whole run and changes nothing.
     */
    run: async ({ auth, tx }: TRequestContext, ref: TNumberCheckRef) => {
      await lockForTransaction(tx, `number_check:${ref.batchId}`, auth.tenantId);
      const { mobiles, isOpen } = await numbersOf(tx, auth, ref);
      if (!isOpen) throw errors.batchClosed();
      if (mobiles.length === 0) throw errors.noNumbers();
      if (mobiles.length > numberCheckLimits.maxNumbers) throw errors.tooMany(numberCheckLimits.maxNumbers);
      const done = new Set((await repo.results(tx, auth.tenantId, ref.batchId)).map((r) => r.mobile));
      const todo = mobiles.filter((m) => !done.has(m));
      const unitPrice = await unitPriceAt(tx);
      const balance = Number((await ledgerRepository.account(tx, auth.tenantId))?.balance ?? 0);
      if (todo.length * unitPrice > balance) throw errors.balanceShort(todo.length, todo.length * unitPrice, balance);
      const found = todo.length > 0 ? await deps.checker.check(todo) : new Map<string, TNumberCheckResult>();
      for (const mobile of todo) {
        if (unitPrice === 0) break;
        const booked = await book(tx, {
          tenantId: auth.tenantId,
          kind: 'purchase',
          amount: -unitPrice,
          bizType: 'number_check',
          bizKey: `${ref.batchId}:${mobile}`,
          remark: `空号检测 ${maskPhone(mobile)}`,
          by: { userId: auth.userId, name: auth.realName },
        });
        if (!booked.isBooked && booked.reason === 'insufficient') {
          throw errors.balanceShort(todo.length, todo.length * unitPrice, booked.balance);
        }
      }
      await repo.insertResults(
        tx,
        todo.map((mobile) => ({
          tenantId: auth.tenantId,
          batchId: ref.batchId,
          mobile,
          source: ref.source,
          result: found.get(mobile) ?? 'unknown',
          unitPrice,
          checkedBy: auth.userId,
        })),
      );
      return summaryOf(tx, auth, ref, mobiles);
    },

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
