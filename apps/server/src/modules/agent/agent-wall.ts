import { acrossTenants } from '../../db/across-tenants.js';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { agentErrors } from './agent.errors.js';
import { agentRepository } from './agent.repository.js';
import { agentJxsErrors } from './agent-jxs.errors.js';
import { agentJxsRepository } from './agent-jxs.repository.js';

export type TAgentSelf = { id: number; name: string };

/** The agent a platform request names, or refused as missing (代理商不存在). */
export const requireAgent = async (db: TDb, agentId: number) => {
  const agent = await agentRepository.agent(db, agentId);
  if (!agent) throw agentErrors.agentMissing();
  return agent;
};

/**
 * The agent wall of the agent services (docs/decisions/0020-resellers.md): the agent's strings are
 * held only by agent roles (http/context.ts); here the caller's tenant must be an agent, and `fn`
 * runs past the tenant wall (its enterprises' rows) with the agent it must name. A distributor's
 * login (经销商, decision 0020 "Distributors") is refused: these read all of the agent's enterprises.
 */
export const asAgent = async <T>(ctx: TRequestContext, fn: (db: TDb, agent: TAgentSelf) => Promise<T>): Promise<T> =>
  asAgentOrDistributor(ctx, (db, agent, distributorId) => {
    if (distributorId !== null) throw agentJxsErrors.notForDistributor();
    return fn(db, agent);
  });

/** The distributor wall for the agent's 员工管理 and 角色权限 (org area, bound in app.ts): a distributor manages no one. */
export const refuseDistributor = async (ctx: TRequestContext): Promise<void> => {
  if (await agentJxsRepository.ofUser(ctx.tx, ctx.auth.userId)) throw agentJxsErrors.notForDistributor();
};

/**
 * The wall of the screens a distributor shares with its agent (我的企业, 邀请码, 月度使用, 解锁名单):
 * `distributorId` is the caller's distributor (its own enterprises only) or null (the agent's staff,
 * all of the agent's). A disabled distributor is refused (its sessions ended when it was disabled).
 */
export const asAgentOrDistributor = async <T>(
  ctx: TRequestContext,
  fn: (db: TDb, agent: TAgentSelf, distributorId: number | null) => Promise<T>,
): Promise<T> => {
  if (ctx.auth.isSuper) throw agentErrors.notAgent();
  return acrossTenants(ctx.tx, async (db) => {
    const agent = await agentRepository.agent(db, ctx.auth.tenantId);
    if (!agent) throw agentErrors.notAgent();
    const distributor = await agentJxsRepository.ofUser(db, ctx.auth.userId);
    if (distributor && (distributor.agentId !== agent.id || distributor.status !== 'active')) {
      throw agentJxsErrors.distributorDisabled();
    }
    return fn(db, { id: agent.id, name: agent.name }, distributor?.id ?? null);
  });
};
