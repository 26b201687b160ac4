// The system area's one door (issue 12): other areas, app.ts and main.ts import only this file.
export { systemHandlers } from './system.routes.js';
export { operationLogs } from './system.schema.js';
export { createSystemService, type TSystemService } from './system.service.js';
