// The resellers' area door: app.ts binds its routes; other areas import only this file.
export { agentHandlers } from './agent.routes.js';
export { agentPrices } from './agent.schema.js';
export { createAgentService, type TAgentService } from './agent.service.js';
// 代理商结算 and 停用/启用代理商: bound with the agent's table.
export { createAgentCloseService } from './agent-close.service.js';
// 经销商: bound with the agent's table; the code look-up goes to registration (org).
export { agentJxsHandlers } from './agent-jxs.routes.js';
export { agentDistributors, jxsUnlockLeads } from './agent-jxs.schema.js';
export { createAgentJxsService, jxsInvitationOf } from './agent-jxs.service.js';
// packet-download, getBaseLinePage, getAgentMobile, get-industry, apply/unsubscribe.
export { agentLookupHandlers } from './agent-lookup.routes.js';
export { createAgentLookupService } from './agent-lookup.service.js';
// 公告 and 坐席汇总: bound with the agent's table.
export { agentNoticeHandlers } from './agent-notice.routes.js';
export { agentNotices } from './agent-notice.schema.js';
export { createAgentNoticeService } from './agent-notice.service.js';
export { createAgentPacketChangeService } from './agent-packet-change.service.js';
export { createAgentSeatSummaryService } from './agent-seat-summary.service.js';
export { agentSettlementHandlers } from './agent-settlement.routes.js';
export { agentSettlements } from './agent-settlement.schema.js';
export { createAgentSettlementService } from './agent-settlement.service.js';
// 开通线路, 线路库存, 套餐管理: bound with the agent's table.
export { agentStockHandlers } from './agent-stock.routes.js';
export { agentLines, packetChanges } from './agent-stock.schema.js';
export { createAgentStockService } from './agent-stock.service.js';
// 套餐转移: bound with the agent's table.
export { agentTransferHandlers } from './agent-transfer.routes.js';
export { packetTransfers } from './agent-transfer.schema.js';
export { createAgentTransferService, type TAgentTransferService } from './agent-transfer.service.js';
// The agent wall: 数据审核 (caller-report, bound in app.ts) reviews for an agent within it.
export { asAgent, refuseDistributor } from './agent-wall.js';
