import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { agentLines, tenants } from '../../db/schema.js';

const agentTenant = alias(tenants, 'stock_agent');

// The opened lines' read at purchase. agent_lines is not a tenant table: the buyer's
// transaction reads its agent's rows.
export const tradeAgentStockRepository = {
  /** Of these lines, the ones not opened for the enterprise's (open) agent; none for a direct enterprise. */
  closedLines: async (db: TDb, tenantId: number, lineIds: number[]) => {
    const [buyer] = await db
      .select({ agentId: agentTenant.id })
      .from(tenants)
      .innerJoin(agentTenant, and(eq(agentTenant.id, tenants.agentId), eq(agentTenant.status, 'active')))
      .where(eq(tenants.id, tenantId))
      .limit(1);
    if (!buyer || lineIds.length === 0) return [];
    const opened = new Set(
      (
        await db
          .select({ lineId: agentLines.lineId })
          .from(agentLines)
          .where(and(eq(agentLines.agentId, buyer.agentId), inArray(agentLines.lineId, lineIds)))
      ).map((r) => r.lineId),
    );
    return lineIds.filter((id) => !opened.has(id));
  },
};
