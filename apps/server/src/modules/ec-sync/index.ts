// The EC sync area's one door (腾讯EC 同步): other areas, app.ts and main.ts import only this file.
export { createEcSimulator, ecSimulatorAccount, type TEcSimulator } from './ec.simulator.js';
export { ecSyncListener } from './ec-sync.events.js';
export { ecSyncHandlers } from './ec-sync.routes.js';
export { createEcSyncService, ecSyncJobName, type TEcSyncService } from './ec-sync.service.js';
