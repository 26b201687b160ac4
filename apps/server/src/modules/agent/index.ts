// The resellers' area door (issue 18): app.ts binds its routes; other areas import only this file.
export { agentHandlers } from './agent.routes.js';
export { agentPrices } from './agent.schema.js';
export { createAgentService, type TAgentService } from './agent.service.js';
