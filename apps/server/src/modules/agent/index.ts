// The resellers' area door (issue 18): app.ts binds its routes; other areas import only this file.
export { agentHandlers } from './agent.routes.js';
export { agentPrices } from './agent.schema.js';
export { createAgentService, type TAgentService } from './agent.service.js';
// 套餐转移 (issue 18): bound with the agent's table.
export { agentTransferHandlers } from './agent-transfer.routes.js';
export { packetTransfers } from './agent-transfer.schema.js';
export { createAgentTransferService, type TAgentTransferService } from './agent-transfer.service.js';
