import { type TRouteInput, type TTradeAccount, toPage, yuan } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { book, ledgerRepository } from './ledger.repository.js';
import { toOrder } from './order.kit.js';
import { tradeErrors } from './trade.errors.js';
import { tradeRepository as repo } from './trade.repository.js';

export const accountOf = async (db: TDb, tenantId: number): Promise<TTradeAccount> => {
  const a = await ledgerRepository.account(db, tenantId);
  return {
    tenantId,
    enterpriseName: (await repo.enterpriseName(db, tenantId)) ?? '',
    balance: a?.balance ?? 0,
    frozen: a?.frozen ?? 0,
  };
};

/** 账户余额 and 账户明细 of the enterprise; the platform's lists of orders and accounts, and its adjustments. */
export const createAccounts = () => ({
  account: (ctx: TRequestContext) => accountOf(ctx.tx, ctx.auth.tenantId),

  ledger: async (ctx: TRequestContext, q: TRouteInput<'trade', 'ledger'>) => {
    const { records, total } = await ledgerRepository.page(ctx.tx, ctx.auth.tenantId, q, q);
    return toPage(
      records.map((r) => ({ ...r, kind: r.kind as never, createdAt: r.createdAt.getTime() })),
      total,
      q,
    );
  },

  platformOrderPage: (ctx: TRequestContext, q: TRouteInput<'trade', 'platformOrderPage'>) =>
    asPlatform(ctx, async (db) => {
      const { records, total } = await repo.orderPage(db, q, q);
      return toPage(records.map(toOrder), total, q);
    }),

  platformAccountPage: (ctx: TRequestContext, q: TRouteInput<'trade', 'platformAccountPage'>) =>
    asPlatform(ctx, async (db) => {
      const { records, total } = await repo.accountPage(db, q, q);
      return toPage(records, total, q);
    }),

  /** A manual movement with its reason (the operation log keeps who and why); once per requestId. */
  platformAdjust: (ctx: TRequestContext, input: TRouteInput<'trade', 'platformAdjust'>) =>
    asPlatform(ctx, async (db) => {
      if ((await repo.enterpriseName(db, input.tenantId)) === null) throw tradeErrors.enterpriseMissing();
      const booked = await book(db, {
        tenantId: input.tenantId,
        kind: 'adjustment',
        amount: input.amount,
        bizType: 'adjustment',
        bizKey: input.requestId,
        remark: input.reason,
        by: { userId: ctx.auth.userId, name: ctx.auth.realName },
      });
      if (!booked.isBooked && booked.reason === 'insufficient')
        throw tradeErrors.adjustToNegative(yuan(booked.balance));
      return accountOf(db, input.tenantId);
    }),
});
