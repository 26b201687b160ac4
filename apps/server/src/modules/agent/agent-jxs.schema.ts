import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, refTo, ts } from '../../db/columns.js';
import { tenants, userRef } from '../org/org.schema.js';
import { agentRef } from './agent.schema.js';

/**
 * 经销商 (migration 0058, decision 0020 "Distributors"): a user of the agent's tenant with
 * its own invitation code. Not a tenant table: registration reads the code before any tenant exists,
 * and the agent reads its distributors across tenants by `agent_id`.
 */
export const agentDistributors = pgTable(
  'agent_distributors',
  {
    id: id(),
    agentId: agentRef(),
    userId: userRef(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    inviteCode: text('invite_code').notNull(),
    /** active | disabled: a disabled distributor's code is refused like an unknown one. */
    status: text('status').notNull().default('active'),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_distributors_invite_code_idx').on(t.inviteCode),
    uniqueIndex('agent_distributors_user_idx').on(t.userId),
    uniqueIndex('agent_distributors_agent_name_idx').on(t.agentId, t.name),
    index('agent_distributors_agent_created_idx').on(t.agentId, t.createdAt, t.id),
  ],
);

/**
 * 解锁名单: a lead a distributor unlocked, moved once into one of its enterprises' CRM (`move-crm`).
 * Not a tenant table (the agent's rows; the enterprise it moved into is named by `enterprise_id`).
 */
export const jxsUnlockLeads = pgTable(
  'jxs_unlock_leads',
  {
    id: id(),
    agentId: agentRef(),
    distributorId: refTo('distributor_id', () => agentDistributors.id),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    mobile: text('mobile').notNull(),
    industry: text('industry').notNull().default(''),
    region: text('region').notNull().default(''),
    /** new | moved (into enterprise_id's CRM as customer_id). */
    status: text('status').notNull().default('new'),
    enterpriseId: ref('enterprise_id').references(() => tenants.id),
    customerId: ref('customer_id'),
    movedAt: ts('moved_at'),
    movedByName: text('moved_by_name').notNull().default(''),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jxs_unlock_leads_distributor_mobile_idx').on(t.distributorId, t.mobile),
    index('jxs_unlock_leads_distributor_created_idx').on(t.distributorId, t.createdAt, t.id),
    index('jxs_unlock_leads_agent_created_idx').on(t.agentId, t.createdAt, t.id),
    index('jxs_unlock_leads_enterprise_idx').on(t.enterpriseId),
  ],
);
