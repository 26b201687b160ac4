import { type TAgent, type TAgentOrder, type TOrderState, type TRouteInput, toPage, yuan } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { hashPassword } from '../../security/password.js';
import { createAgentTenant, isUniqueViolation } from '../org/index.js';
import { ledgerRepository } from '../trade/index.js';
import { agentErrors as errors } from './agent.errors.js';
import { agentRepository as repo } from './agent.repository.js';
import { agentJxsRepository } from './agent-jxs.repository.js';
import { agentStockRepository } from './agent-stock.repository.js';
import { asAgent as agentWall, asAgentOrDistributor, requireAgent } from './agent-wall.js';

type TAgentRow = NonNullable<Awaited<ReturnType<typeof repo.agent>>>;

const toAgent = (a: TAgentRow): TAgent => ({ ...a, createdAt: a.createdAt.getTime() });

/** What refunds took back of an order's margin: the same cumulative share as trade-agent.ts refundOrderPart. */
const marginReversed = (margin: number, amount: number, refunded: number) =>
  amount <= 0 ? 0 : Math.floor((margin * Math.min(refunded, amount)) / amount);

export type TAgentService = ReturnType<typeof createAgentService>;

/**
 * Resellers, first slice (docs/decisions/0020-resellers.md). The platform creates agents
 * and sees their margin; an agent sees its own enterprises' commerce (never their customers,
 * recordings or staff) and sets its prices over the platform's.
 */
export const createAgentService = () => {
  /**
   * The caller's own agent, read across tenants for its enterprises' rows. The agent's strings are
   * held only by agent roles (http/context.ts); this is the second wall: the tenant must be an agent,
   * and a distributor's login is refused (agent-wall.ts).
   */
  const asAgent = <T>(ctx: TRequestContext, fn: (db: TDb, agentId: number) => Promise<T>): Promise<T> =>
    agentWall(ctx, (db, agent) => fn(db, agent.id));

  const prices = (db: TDb, agentId: number) => repo.priceRows(db, agentId);

  return {
    platformAgentPage: (ctx: TRequestContext, q: TRouteInput<'agent', 'platformAgentPage'>) =>
      asPlatform(ctx, async (db) => {
        const { records, total } = await repo.agentPage(db, q, q);
        return toPage(records.map(toAgent), total, q);
      }),

    /** The agent's tenant, its administrator role and user, and its invitation code, at once. */
    platformAgentCreate: (ctx: TRequestContext, input: TRouteInput<'agent', 'platformAgentCreate'>) =>
      asPlatform(ctx, async (db) => {
        if (await repo.accountTaken(db, input.username, input.mobile)) throw errors.accountTaken();
        const { password, ...fields } = input;
        const passwordHash = await hashPassword(password);
        // Parallel creations with one account or mobile: the unique index decides, the others are told.
        const created = await createAgentTenant(db, { ...fields, passwordHash }).catch((error: unknown) => {
          throw isUniqueViolation(error) ? errors.accountTaken() : error;
        });
        // A new agent starts with every active line opened; 开通线路 narrows it (decision 0020).
        await agentStockRepository.openAll(db, created.tenantId, ctx.auth.userId);
        return toAgent((await repo.agent(db, created.tenantId))!);
      }),

    /** 数据审核 for the agent's enterprises, allowed or withdrawn; its console's screen follows at once. */
    platformAgentReportReview: (
      ctx: TRequestContext,
      { id, isAllowed }: TRouteInput<'agent', 'platformAgentReportReview'>,
    ) =>
      asPlatform(ctx, async (db) => {
        if (!(await repo.setReviewsReports(db, id, isAllowed))) throw errors.agentMissing();
        return null;
      }),

    platformAgentPrices: (ctx: TRequestContext, { agentId }: TRouteInput<'agent', 'platformAgentPrices'>) =>
      asPlatform(ctx, async (db) => {
        await requireAgent(db, agentId);
        return prices(db, agentId);
      }),

    platformAgentLedger: (ctx: TRequestContext, q: TRouteInput<'agent', 'platformAgentLedger'>) =>
      asPlatform(ctx, async (db) => {
        await requireAgent(db, q.agentId);
        const { records, total } = await ledgerRepository.page(db, q.agentId, {}, q);
        return toPage(
          records.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })),
          total,
          q,
        );
      }),

    /** 邀请码: a distributor's login sees its own code and enterprises, never the agent's balance. */
    info: (ctx: TRequestContext) =>
      asAgentOrDistributor(ctx, async (db, agent, distributorId) => {
        const a = (await repo.agent(db, agent.id))!;
        if (distributorId !== null) {
          const d = (await agentJxsRepository.one(db, agent.id, distributorId))!;
          return { name: d.name, inviteCode: d.inviteCode, enterpriseCount: d.enterpriseCount, balance: 0 };
        }
        return { name: a.name, inviteCode: a.inviteCode, enterpriseCount: a.enterpriseCount, balance: a.balance };
      }),

    /** 我的企业: a distributor's login sees the enterprises it brought only. */
    enterprisePage: (ctx: TRequestContext, q: TRouteInput<'agent', 'enterprisePage'>) =>
      asAgentOrDistributor(ctx, async (db, agent, distributorId) => {
        const { records, total } = await repo.enterprisePage(db, agent.id, { ...q, distributorId }, q);
        return toPage(
          records.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })),
          total,
          q,
        );
      }),

    myPrice: (ctx: TRequestContext) => asAgent(ctx, prices),

    /** The agent's own price of one item, never below the platform's (checked against the price now). */
    setMyPrice: (ctx: TRequestContext, input: TRouteInput<'agent', 'setMyPrice'>) =>
      asAgent(ctx, async (db, agentId) => {
        const base = await repo.basePrice(db, input.itemKind, input.itemId);
        if (!base) throw errors.itemMissing();
        if (input.price < base.basePrice) throw errors.belowBase(yuan(input.price), yuan(base.basePrice));
        await repo.setPrice(db, {
          agentId,
          itemKind: input.itemKind,
          itemId: input.itemId,
          price: input.price,
          updatedBy: ctx.auth.userId,
          updatedByName: ctx.auth.realName,
        });
        return { ...base, myPrice: input.price };
      }),

    orderPage: (ctx: TRequestContext, q: TRouteInput<'agent', 'orderPage'>) =>
      asAgent(ctx, async (db, agentId) => {
        const { records, total } = await repo.orderPage(db, agentId, q, q);
        return toPage(
          records.map(
            (o): TAgentOrder => ({
              orderNo: o.orderNo,
              enterpriseName: o.enterpriseName,
              subject: o.subject,
              amount: o.amount,
              refundedAmount: o.refundedAmount,
              state: o.state as TOrderState,
              margin: o.agentMargin,
              marginReversed: marginReversed(o.agentMargin, o.amount, o.refundedAmount),
              paidAt: o.paidAt?.getTime() ?? null,
              createdAt: o.createdAt.getTime(),
            }),
          ),
          total,
          q,
        );
      }),
  };
};
