import { acrossTenants } from '../../db/across-tenants.js';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { agentErrors } from './agent.errors.js';
import { agentRepository } from './agent.repository.js';

export type TAgentSelf = { id: number; name: string };

/**
 * The agent wall of the notice and seat-summary services (docs/decisions/0020-resellers.md): the
 * agent's strings are held only by agent roles (http/context.ts); here the caller's tenant must be
 * an agent, and `fn` runs past the tenant wall (its enterprises' rows) with the agent it must name.
 */
export const asAgent = async <T>(ctx: TRequestContext, fn: (db: TDb, agent: TAgentSelf) => Promise<T>): Promise<T> => {
  if (ctx.auth.isSuper) throw agentErrors.notAgent();
  return acrossTenants(ctx.tx, async (db) => {
    const agent = await agentRepository.agent(db, ctx.auth.tenantId);
    if (!agent) throw agentErrors.notAgent();
    return fn(db, { id: agent.id, name: agent.name });
  });
};
