// Every table of the product, gathered for Drizzle and drizzle-kit. Each area owns its schema file.

export * from '../modules/agent/agent.schema.js';
export * from '../modules/agent/agent-jxs.schema.js';
export * from '../modules/agent/agent-notice.schema.js';
export * from '../modules/agent/agent-settlement.schema.js';
export * from '../modules/agent/agent-stock.schema.js';
export * from '../modules/agent/agent-transfer.schema.js';
export * from '../modules/auth/auth.schema.js';
export * from '../modules/billing/billing.schema.js';
export * from '../modules/blacklist/blacklist.schema.js';
export * from '../modules/call/call.schema.js';
export * from '../modules/call/intercept.schema.js';
export * from '../modules/call/sip.schema.js';
export * from '../modules/certification/certification.schema.js';
export * from '../modules/crm/crm.schema.js';
export * from '../modules/crm-import/crm-import.schema.js';
export * from '../modules/crm-settings/crm-settings.schema.js';
export * from '../modules/crm-visit/crm-visit.schema.js';
export * from '../modules/line/line.schema.js';
export * from '../modules/org/org.schema.js';
export * from '../modules/packet/packet.schema.js';
export * from '../modules/platform/content.schema.js';
export * from '../modules/seat/seat.schema.js';
export * from '../modules/system/system.schema.js';
export * from '../modules/task-card/task-card.schema.js';
export * from '../modules/trade/trade.schema.js';
export * from '../modules/wallboard/wallboard.schema.js';
