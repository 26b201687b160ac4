import type { TRouteInput } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { agentCloseRepository as repo } from './agent-close.repository.js';
import { agentSettlementErrors as errors } from './agent-settlement.errors.js';
import { requireAgent } from './agent-wall.js';

/**
 * 停用/启用代理商 (decision 0020 "Settlement and closing"). Closing moves the agent's tenant to
 * `closed`: the auth area refuses its sign-in and its sessions (ended here for good), the org area
 * refuses its invitation code, and the trade area's cascade no longer finds it, so its enterprises
 * buy at the platform's base price and no margin is booked. Reopening moves it back; its users sign
 * in again.
 */
export type TAgentCloseService = ReturnType<typeof createAgentCloseService>;

export const createAgentCloseService = (deps: {
  revokeTenantSessions: (tx: TDb, tenantId: number) => Promise<void>;
}) => ({
  setStatus: (ctx: TRequestContext, input: TRouteInput<'agent', 'platformAgentStatus'>) =>
    asPlatform(ctx, async (db) => {
      await requireAgent(db, input.agentId);
      const closing = input.status === 'closed';
      const moved = await repo.move(db, input.agentId, closing ? ['active'] : ['closed'], input.status);
      if (!moved) throw closing ? errors.alreadyClosed() : errors.alreadyActive();
      if (closing) await deps.revokeTenantSessions(db, input.agentId);
      return null;
    }),
});
