import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { tenants } from '../../db/schema.js';

// 停用/启用代理商: the agent's tenant row, moved only from the state the action expects.

export const agentCloseRepository = {
  /** Moves the agent to `to` when it is in `from`; answers whether it moved (a parallel twin finds it moved). */
  move: async (db: TDb, agentId: number, from: string[], to: string) =>
    (
      await db
        .update(tenants)
        .set({ status: to })
        .where(and(eq(tenants.id, agentId), eq(tenants.kind, 'agent'), inArray(tenants.status, from)))
        .returning({ id: tenants.id })
    ).length > 0,
};
