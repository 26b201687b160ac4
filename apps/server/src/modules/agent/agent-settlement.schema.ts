import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from '../../db/columns.js';
import { agentRef } from './agent.schema.js';

/**
 * 代理商结算 (migration 0050, decision 0020 "Settlement and closing"): one payment of the
 * platform to an agent, tied to the `settlement` movement of the agent's ledger keyed by its number.
 * The check (amount > 0) is in the migration. Not a tenant table: the platform writes it, the agent reads its own by `agent_id`.
 */
export const agentSettlements = pgTable(
  'agent_settlements',
  {
    id: id(),
    settlementNo: text('settlement_no').notNull(),
    agentId: agentRef(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The payment's own reference: a bank transfer's serial number… */
    paymentRef: text('payment_ref').notNull(),
    remark: text('remark').notNull().default(''),
    /** Made by the settlement drawer when it opens: the same key settles once. */
    requestKey: text('request_key').notNull(),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agent_settlements_no_idx').on(t.settlementNo),
    uniqueIndex('agent_settlements_request_idx').on(t.agentId, t.requestKey),
    index('agent_settlements_agent_created_idx').on(t.agentId, t.createdAt, t.id),
  ],
);
